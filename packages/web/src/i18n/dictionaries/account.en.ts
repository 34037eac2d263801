import type { EnglishOf } from './define-messages';
import type { account as thai } from './account';

/** The signed-in user’s own account and password, in English. */
export const account: EnglishOf<typeof thai> = {
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
};
