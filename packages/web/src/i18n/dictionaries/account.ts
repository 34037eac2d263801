import { defineMessages } from './define-messages';

/** The signed-in user’s own account and password. */
export const account = defineMessages({
  th: {
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
  },
  en: {
    'account.mustChangeTitle': 'Please change your password',
    'account.mustChangeMessage':
      'This account still uses the first-use password or one an administrator set. For your security, choose your own password before using the app',
    'account.currentPassword': 'Current password',
    'account.newPassword': 'New password',
    'account.confirmPassword': 'Confirm password',
    'account.passwordMismatch': 'The new password and its confirmation do not match',
    'account.submit': 'Change password',
    'account.changed': 'Password changed',
    'account.changedMessage': 'Use the new password the next time you log in',
    'account.changeError': 'An error occurred while changing the password',
  },
});
