import { defineMessages } from './define-messages';

/** Failures of the API client itself and of rendering. */
export const errors = defineMessages({
  th: {
    'errors.network': 'ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ได้ กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ต',
    'errors.timeout': 'การเชื่อมต่อใช้เวลานานเกินไป กรุณาลองใหม่อีกครั้ง',
    'errors.badResponse': 'ข้อมูลที่ได้รับจากเซิร์ฟเวอร์ไม่ถูกต้อง',
    'errors.http': 'เซิร์ฟเวอร์ตอบกลับผิดพลาด (สถานะ {status})',
    'errors.aborted': 'คำขอถูกยกเลิก',
    'errors.unexpectedTitle': 'เกิดข้อผิดพลาดที่ไม่คาดคิด',
    'errors.unexpected': 'ไม่สามารถแสดงหน้านี้ได้ กรุณาโหลดหน้าใหม่อีกครั้ง',
    'errors.reload': 'โหลดหน้าใหม่',
  },
  en: {
    'errors.network': 'Cannot connect to the server, please check your internet connection',
    'errors.timeout': 'The connection took too long, please try again',
    'errors.badResponse': 'The server sent data in an unexpected format',
    'errors.http': 'The server answered with an error (status {status})',
    'errors.aborted': 'The request was cancelled',
    'errors.unexpectedTitle': 'Something went wrong',
    'errors.unexpected': 'This page could not be shown, please reload it',
    'errors.reload': 'Reload',
  },
});
