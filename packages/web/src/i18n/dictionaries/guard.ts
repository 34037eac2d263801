import { defineMessages } from './define-messages';
/** Route guards: not signed in, no permission. */
export const guard = defineMessages({
  'guard.signInRequiredTitle': 'กรุณาเข้าสู่ระบบ',
  'guard.signInRequiredMessage': 'คุณต้องเข้าสู่ระบบก่อนใช้งานหน้านี้',
  'guard.goToLogin': 'ไปหน้าเข้าสู่ระบบ',
  'guard.noAccessTitle': 'ไม่มีสิทธิ์เข้าถึง',
  'guard.noAccessMessage': 'คุณไม่มีสิทธิ์ในการเข้าถึงหน้านี้',
  'guard.noAccessPos': 'คุณไม่มีสิทธิ์ในการเข้าถึงระบบ POS',
});
