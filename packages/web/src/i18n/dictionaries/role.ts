import { defineMessages } from './define-messages';

/** Role names. */
export const role = defineMessages({
  th: {
    'role.admin': 'ผู้ดูแลระบบ',
    'role.manager': 'ผู้จัดการ',
    'role.cashier': 'พนักงานขาย',
    'role.viewer': 'ผู้ดูข้อมูล',
    'role.unknown': 'ไม่ทราบบทบาท',
  },
  en: {
    'role.admin': 'Administrator',
    'role.manager': 'Manager',
    'role.cashier': 'Cashier',
    'role.viewer': 'Viewer',
    'role.unknown': 'Unknown role',
  },
});
