import { defineMessages } from './define-messages';

/** The shared success, error, confirm and loading dialogs. */
export const dialogs = defineMessages({
  th: {
    'dialogs.successTitle': 'สำเร็จ',
    'dialogs.errorTitle': 'เกิดข้อผิดพลาด',
    'dialogs.deleteTitle': 'ยืนยันการลบ',
    'dialogs.deleteMessage': 'คุณแน่ใจหรือไม่ที่จะลบรายการนี้?',
    'dialogs.loading': 'กำลังดำเนินการ...',
  },
  en: {
    'dialogs.successTitle': 'Success',
    'dialogs.errorTitle': 'An error occurred',
    'dialogs.deleteTitle': 'Confirm deletion',
    'dialogs.deleteMessage': 'Are you sure you want to delete this item?',
    'dialogs.loading': 'Working...',
  },
});
