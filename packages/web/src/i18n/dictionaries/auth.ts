import { defineMessages } from './define-messages';

/** Signing in and out. */
export const auth = defineMessages({
  th: {
    'auth.loginSuccess': 'เข้าสู่ระบบสำเร็จ',
    'auth.welcome': 'ยินดีต้อนรับ {name}',
    'auth.loginFailed': 'เข้าสู่ระบบไม่สำเร็จ',
    'auth.loginError': 'เกิดข้อผิดพลาดในการเข้าสู่ระบบ',
    'auth.logoutSuccess': 'ออกจากระบบสำเร็จ',
    'auth.logout': 'ออกจากระบบ',
    'auth.sessionExpired': 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่',
  },
  en: {
    'auth.loginSuccess': 'Login successful',
    'auth.welcome': 'Welcome {name}',
    'auth.loginFailed': 'Login failed',
    'auth.loginError': 'An error occurred while logging in',
    'auth.logoutSuccess': 'Logged out successfully',
    'auth.logout': 'Log out',
    'auth.sessionExpired': 'Your session has expired, please log in again',
  },
});
