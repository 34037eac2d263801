import { defineMessages } from './define-messages';
/** Words many screens share. */
export const common = defineMessages({
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
});
