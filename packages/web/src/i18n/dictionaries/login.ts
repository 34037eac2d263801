import { defineMessages } from './define-messages';
/** The sign-in screen. */
export const login = defineMessages({
  'login.title': 'เข้าสู่ระบบ',
  'login.subtitle': 'ระบบขายหน้าร้านและจัดการร้านค้า',
  'login.username': 'ชื่อผู้ใช้',
  'login.usernamePlaceholder': 'กรอกชื่อผู้ใช้',
  'login.password': 'รหัสผ่าน',
  'login.passwordPlaceholder': 'กรอกรหัสผ่าน',
  'login.submit': 'เข้าสู่ระบบ',
  'login.submitting': 'กำลังเข้าสู่ระบบ...',
  'login.firstUseTitle': 'บัญชีสำหรับเข้าใช้งานครั้งแรก',
  'login.firstUseHint': 'กรุณาเปลี่ยนรหัสผ่านหลังเข้าสู่ระบบ',
  'login.firstUseUsername': 'ชื่อผู้ใช้: {username}',
  'login.firstUsePassword': 'รหัสผ่าน: {password}',
});
