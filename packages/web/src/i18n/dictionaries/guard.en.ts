import type { EnglishOf } from './define-messages';
import type { guard as thai } from './guard';

/** Route guards: not signed in, no permission, in English. */
export const guard: EnglishOf<typeof thai> = {
  'guard.signInRequiredTitle': 'Please log in',
  'guard.signInRequiredMessage': 'You need to log in before using this page',
  'guard.goToLogin': 'Go to the login page',
  'guard.noAccessTitle': 'No access',
  'guard.noAccessMessage': 'You do not have permission to access this page',
  'guard.noAccessPos': 'You do not have permission to access the POS system',
};
