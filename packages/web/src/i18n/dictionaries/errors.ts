import { defineMessages } from './define-messages';
/** Failures of the API client itself and of rendering. */
export const errors = defineMessages({
  'errors.network':
    'ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ได้ กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ต (ขณะออฟไลน์ ขายได้ที่หน้าขาย ส่วนการคืนเงิน การแก้ไขรายการขาย และการเปลี่ยนการตั้งค่าต้องใช้อินเทอร์เน็ต)',
  'errors.timeout': 'การเชื่อมต่อใช้เวลานานเกินไป กรุณาลองใหม่อีกครั้ง',
  'errors.badResponse': 'ข้อมูลที่ได้รับจากเซิร์ฟเวอร์ไม่ถูกต้อง',
  'errors.http': 'เซิร์ฟเวอร์ตอบกลับผิดพลาด (สถานะ {status})',
  'errors.aborted': 'คำขอถูกยกเลิก',
  'errors.unexpectedTitle': 'เกิดข้อผิดพลาดที่ไม่คาดคิด',
  'errors.unexpected': 'ไม่สามารถแสดงหน้านี้ได้ กรุณาโหลดหน้าใหม่อีกครั้ง',
  'errors.reload': 'โหลดหน้าใหม่',
});
