import { formatBaht, type PaymentMethodFigure } from '@pos/core';
import { useI18n } from '../../i18n';
import { PAYMENT_METHOD_LOOK } from '../payments/payment-methods';
import { formatCount } from './report-format';

/** Spec 001: one card per payment method used in the period, with its share of the sales. */
export function PaymentMethodCards({
  methods,
  totalSales,
}: {
  methods: readonly PaymentMethodFigure[];
  totalSales: number;
}) {
  const { t, intlLocale } = useI18n();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {methods.map((m) => {
        const { Icon, label } = PAYMENT_METHOD_LOOK[m.payment_method];
        const share = totalSales > 0 ? Math.round((m.total / totalSales) * 100) : 0;
        return (
          <li key={m.payment_method} className="rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex items-center gap-2 text-slate-700">
              <Icon className="size-5 text-blue-600" aria-hidden />
              <span className="font-medium">{t(label)}</span>
            </div>
            <p className="mt-2 text-xl font-bold text-slate-900 tabular-nums">{formatBaht(m.total)}</p>
            <p className="text-sm text-slate-600 tabular-nums">
              {t('reports.paymentOrders', { count: formatCount(m.count, intlLocale) })} ·{' '}
              {t('reports.paymentShare', { percent: share })}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
