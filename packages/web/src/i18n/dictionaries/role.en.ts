import type { EnglishOf } from './define-messages';
import type { role as thai } from './role';

/** Role names, in English. */
export const role: EnglishOf<typeof thai> = {
  'role.admin': 'Administrator',
  'role.manager': 'Manager',
  'role.cashier': 'Cashier',
  'role.viewer': 'Viewer',
  'role.unknown': 'Unknown role',
};
