import { defineMessages } from './define-messages';
/** Signing in and out. */
export const auth = defineMessages({
  'auth.loginSuccess': 'เข้าสู่ระบบสำเร็จ',
  'auth.welcome': 'ยินดีต้อนรับ {name}',
  'auth.loginFailed': 'เข้าสู่ระบบไม่สำเร็จ',
  'auth.loginError': 'เกิดข้อผิดพลาดในการเข้าสู่ระบบ',
  'auth.logoutSuccess': 'ออกจากระบบสำเร็จ',
  'auth.logout': 'ออกจากระบบ',
  'auth.sessionExpired': 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่',
});
