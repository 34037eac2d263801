import type { EnglishOf } from './define-messages';
import type { form as thai } from './form';

/** The form kit's own messages (components/form), in English. */
export const form: EnglishOf<typeof thai> = {
  'form.moneyInvalid': 'Enter an amount in baht, with at most 2 decimals',
};
