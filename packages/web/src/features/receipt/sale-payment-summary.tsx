import { formatBaht, type Sale } from '@pos/core';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { PAYMENT_METHOD_LOOK } from '../payments/payment-methods';

/**
 * Total, money received and change of a sale just made, large and above the
 * receipt preview: the cashier reads the change here while counting it out,
 * without scrolling the receipt (a toast goes away after a few seconds).
 */
export function SalePaymentSummary({ sale }: { sale: Sale }) {
  const t = useT();
  const { payment } = sale;
  // A split bill: every part's money (cash as handed over), the change from its cash part.
  const received =
    payment.method === 'split'
      ? sale.payments.reduce((sum, p) => sum + Math.round((p.cash_received ?? p.amount) * 100), 0) / 100
      : payment.method === 'cash'
        ? (payment.cash_received ?? payment.amount)
        : payment.amount;
  const change = payment.method === 'cash' || payment.method === 'split' ? (payment.change ?? 0) : 0;
  return (
    <dl
      aria-label={t('receipt.summaryLabel')}
      data-testid="receipt-payment-summary"
      className="grid grid-cols-3 gap-1 rounded-xl bg-slate-900 p-1 text-center text-white"
    >
      <Figure label={t('receipt.total')} value={formatBaht(sale.total)} testId="receipt-summary-total" />
      <Figure
        label={`${t('receipt.cashReceived')} · ${t(PAYMENT_METHOD_LOOK[payment.method].label)}`}
        value={formatBaht(received)}
        testId="receipt-summary-received"
      />
      <Figure
        label={t('receipt.change')}
        value={formatBaht(change)}
        testId="receipt-summary-change"
        className="bg-green-800"
      />
    </dl>
  );
}

function Figure({
  label,
  value,
  testId,
  className,
}: {
  label: string;
  value: string;
  testId: string;
  className?: string;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col justify-between rounded-lg px-2 py-1.5', className)}>
      <dt className="text-xs leading-tight break-words text-white/90">{label}</dt>
      <dd data-testid={testId} className="text-xl leading-tight font-bold tabular-nums sm:text-2xl">
        {value}
      </dd>
    </div>
  );
}
