import { defineMessages } from './define-messages';
/** The shared success, error, confirm and loading dialogs. */
export const dialogs = defineMessages({
  'dialogs.successTitle': 'สำเร็จ',
  'dialogs.errorTitle': 'เกิดข้อผิดพลาด',
  'dialogs.deleteTitle': 'ยืนยันการลบ',
  'dialogs.deleteMessage': 'คุณแน่ใจหรือไม่ที่จะลบรายการนี้?',
  'dialogs.loading': 'กำลังดำเนินการ...',
});
