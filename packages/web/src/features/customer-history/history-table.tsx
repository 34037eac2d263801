import type { Customer } from '@pos/core';
import { Card } from '../../components/ui/card';
import { useT, type MessageKey } from '../../i18n';
import { cn } from '../../lib/utils';
import { HistoryCard, HistoryRow, type HistoryRowProps } from './history-rows';

interface HistoryTableProps extends Omit<HistoryRowProps, 'customer'> {
  customers: readonly Customer[];
}

/** The table's columns in spec 001's order; numbers sit to the right. */
const COLUMNS: readonly { key: MessageKey; numeric: boolean }[] = [
  { key: 'customerHistory.colCustomer', numeric: false },
  { key: 'customerHistory.colContact', numeric: false },
  { key: 'customerHistory.colPurchases', numeric: true },
  { key: 'customerHistory.colPoints', numeric: true },
  { key: 'customerHistory.colLastPurchase', numeric: false },
];

/** The customers shown: cards on phones and small tablets, the table of spec 001 on wider screens. */
export function HistoryTable({ customers, now, onView }: HistoryTableProps) {
  const t = useT();
  return (
    <>
      {/* Phones and small tablets: one card per customer. */}
      <ul className="space-y-3 md:hidden" aria-label={t('customerHistory.tableLabel')}>
        {customers.map((customer) => (
          <HistoryCard key={customer.id} customer={customer} now={now} onView={onView} />
        ))}
      </ul>

      {/* Wider screens: the table of spec 001. */}
      <Card className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('customerHistory.tableLabel')}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
            <tr>
              {COLUMNS.map(({ key, numeric }) => (
                <th key={key} scope="col" className={cn('px-4 py-3 font-medium', numeric && 'text-right')}>
                  {t(key)}
                </th>
              ))}
              <th scope="col" className="px-4 py-3 text-right font-medium">
                <span className="sr-only">{t('customerHistory.colActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {customers.map((customer) => (
              <HistoryRow key={customer.id} customer={customer} now={now} onView={onView} />
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
