import { defineMessages } from './define-messages';

/** Words many screens share. */
export const common = defineMessages({
  th: {
    'common.ok': 'ตกลง',
    'common.cancel': 'ยกเลิก',
    'common.saving': 'กำลังบันทึก...',
    'common.close': 'ปิด',
    'common.delete': 'ลบ',
    'common.retry': 'ลองใหม่',
    'common.back': 'ย้อนกลับ',
    'common.error': 'เกิดข้อผิดพลาด',
    'common.optional': '(ไม่บังคับ)',
    'common.showSecret': 'แสดงรหัส',
    'common.hideSecret': 'ซ่อนรหัส',
    'common.originalPrice': 'ปกติ {price}',
    'common.size': 'ไซส์ {size}',
    'common.color': 'สี {color}',
  },
  en: {
    'common.ok': 'OK',
    'common.cancel': 'Cancel',
    'common.saving': 'Saving...',
    'common.close': 'Close',
    'common.delete': 'Delete',
    'common.retry': 'Try again',
    'common.back': 'Go back',
    'common.error': 'An error occurred',
    'common.optional': '(optional)',
    'common.showSecret': 'Show',
    'common.hideSecret': 'Hide',
    'common.originalPrice': 'Was {price}',
    'common.size': 'Size {size}',
    'common.color': 'Colour {color}',
  },
});
