/**
 * Stable error codes of the API and their Thai messages. The server answers
 * `{ error, code }`; the web may show `error` as is or map `code` to its own text.
 */
export const ERROR_MESSAGES = {
  VALIDATION_FAILED: 'ข้อมูลไม่ถูกต้อง',
  INVALID_JSON: 'รูปแบบข้อมูล JSON ไม่ถูกต้อง',
  UNSUPPORTED_MEDIA_TYPE: 'ไม่รองรับรูปแบบข้อมูลที่ส่งมา',
  PAYLOAD_TOO_LARGE: 'ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป',
  NOT_FOUND: 'ไม่พบข้อมูลที่ต้องการ',
  ROUTE_NOT_FOUND: 'ไม่พบ API ที่เรียก',
  UNAUTHENTICATED: 'กรุณาเข้าสู่ระบบ',
  SESSION_EXPIRED: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่',
  FORBIDDEN: 'คุณไม่มีสิทธิ์ดำเนินการนี้',
  INVALID_CREDENTIALS: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
  USER_INACTIVE: 'บัญชีผู้ใช้นี้ถูกปิดใช้งาน กรุณาติดต่อผู้ดูแลระบบ',
  TOO_MANY_ATTEMPTS: 'เข้าสู่ระบบผิดพลาดหลายครั้งเกินไป',
  WRONG_CURRENT_PASSWORD: 'รหัสผ่านปัจจุบันไม่ถูกต้อง',
  USERNAME_TAKEN: 'ชื่อผู้ใช้นี้มีอยู่แล้ว',
  USER_NOT_FOUND: 'ไม่พบผู้ใช้',
  CANNOT_DEACTIVATE_SELF: 'ไม่สามารถปิดใช้งานบัญชีของตัวเองได้',
  CANNOT_DELETE_SELF: 'ไม่สามารถลบบัญชีของตัวเองได้',
  LAST_ADMIN: 'ต้องมีผู้ดูแลระบบที่ใช้งานอยู่อย่างน้อย 1 คน',
  METHOD_NOT_ALLOWED: 'ไม่รองรับคำขอนี้',
  INTERNAL_ERROR: 'เกิดข้อผิดพลาดภายในระบบ กรุณาลองใหม่อีกครั้ง',
  SERVICE_UNAVAILABLE: 'ระบบไม่พร้อมให้บริการชั่วคราว',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Thai wording for "try again in N minutes" used by throttling answers. */
export function tryAgainInMinutes(minutes: number): string {
  return `${ERROR_MESSAGES.TOO_MANY_ATTEMPTS} กรุณาลองใหม่ในอีก ${minutes} นาที`;
}
