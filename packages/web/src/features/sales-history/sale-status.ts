import type { Sale } from '@pos/core';
import type { MessageKey } from '../../i18n';

/** The words and tone of each sale status. */
export const SALE_STATUS: Readonly<Record<Sale['status'], { key: MessageKey; tone: 'green' | 'amber' | 'red' }>> = {
  completed: { key: 'salesHistory.statusCompleted', tone: 'green' },
  partially_refunded: { key: 'salesHistory.statusPartial', tone: 'amber' },
  refunded: { key: 'salesHistory.statusRefunded', tone: 'red' },
};
