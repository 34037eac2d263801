import { defineMessages } from './define-messages';
/** The app shell: loading, language, notifications, unknown pages. */
export const app = defineMessages({
  'app.loading': 'กำลังโหลดข้อมูล...',
  'app.language': 'เปลี่ยนภาษา',
  'app.languageShort': 'EN',
  'app.notifications': 'การแจ้งเตือน',
  'app.pageNotFound': 'ไม่พบหน้าที่ต้องการ',
  'app.pageNotFoundDetail': 'ไม่มีหน้า {path} จึงพามาที่หน้าแดชบอร์ดแทน',
});
