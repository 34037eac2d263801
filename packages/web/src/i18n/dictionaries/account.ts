import { defineMessages } from './define-messages';
/** The signed-in user’s own account and password. */
export const account = defineMessages({
  'account.mustChangeTitle': 'กรุณาเปลี่ยนรหัสผ่าน',
  'account.mustChangeMessage':
    'บัญชีนี้ยังใช้รหัสผ่านเริ่มต้นหรือรหัสผ่านที่ผู้ดูแลระบบตั้งให้ เพื่อความปลอดภัยกรุณาตั้งรหัสผ่านใหม่ของคุณเองก่อนใช้งานระบบ',
  'account.currentPassword': 'รหัสผ่านปัจจุบัน',
  'account.newPassword': 'รหัสผ่านใหม่',
  'account.confirmPassword': 'ยืนยันรหัสผ่าน',
  'account.passwordMismatch': 'รหัสผ่านใหม่และการยืนยันไม่ตรงกัน',
  'account.submit': 'เปลี่ยนรหัสผ่าน',
  'account.changed': 'เปลี่ยนรหัสผ่านสำเร็จ',
  'account.changedMessage': 'ใช้รหัสผ่านใหม่ในการเข้าสู่ระบบครั้งถัดไป',
  'account.changeError': 'เกิดข้อผิดพลาดในการเปลี่ยนรหัสผ่าน',
});
