import { defineMessages } from './define-messages';
/** Role names. */
export const role = defineMessages({
  'role.admin': 'ผู้ดูแลระบบ',
  'role.manager': 'ผู้จัดการ',
  'role.cashier': 'พนักงานขาย',
  'role.viewer': 'ผู้ดูข้อมูล',
  'role.unknown': 'ไม่ทราบบทบาท',
});
