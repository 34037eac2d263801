import { defineMessages } from './define-messages';
/** The layout around every screen. */
export const layout = defineMessages({
  'layout.openMenu': 'เปิดเมนู',
  'layout.closeMenu': 'ปิดเมนู',
  'layout.collapseSidebar': 'ย่อเมนู',
  'layout.expandSidebar': 'ขยายเมนู',
  'layout.storeLogo': 'โลโก้ร้าน',
  'layout.signedInAs': 'ผู้ใช้ที่เข้าสู่ระบบ',
  'layout.skipToContent': 'ข้ามไปยังเนื้อหาหลัก',
});
