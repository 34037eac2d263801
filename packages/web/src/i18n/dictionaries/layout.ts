import { defineMessages } from './define-messages';

/** The layout around every screen. */
export const layout = defineMessages({
  th: {
    'layout.openMenu': 'เปิดเมนู',
    'layout.closeMenu': 'ปิดเมนู',
    'layout.collapseSidebar': 'ย่อเมนู',
    'layout.expandSidebar': 'ขยายเมนู',
    'layout.storeLogo': 'โลโก้ร้าน',
    'layout.signedInAs': 'ผู้ใช้ที่เข้าสู่ระบบ',
    'layout.skipToContent': 'ข้ามไปยังเนื้อหาหลัก',
  },
  en: {
    'layout.openMenu': 'Open menu',
    'layout.closeMenu': 'Close menu',
    'layout.collapseSidebar': 'Collapse menu',
    'layout.expandSidebar': 'Expand menu',
    'layout.storeLogo': 'Store logo',
    'layout.signedInAs': 'Signed-in user',
    'layout.skipToContent': 'Skip to main content',
  },
});
