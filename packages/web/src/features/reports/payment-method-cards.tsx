import { formatBaht, type PaymentMethodFigure } from '@pos/core';
import { Banknote, CreditCard, Landmark, QrCode, type LucideIcon } from 'lucide-react';
import { useI18n } from '../../i18n';
import { PAYMENT_METHOD_LABEL } from '../receipt/receipt';
import { formatCount } from './report-format';

const ICONS: Readonly<Record<PaymentMethodFigure['payment_method'], LucideIcon>> = {
  cash: Banknote,
  card: CreditCard,
  transfer: Landmark,
  promptpay: QrCode,
};

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
        const Icon = ICONS[m.payment_method];
        const share = totalSales > 0 ? Math.round((m.total / totalSales) * 100) : 0;
        return (
          <li key={m.payment_method} className="rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex items-center gap-2 text-slate-700">
              <Icon className="size-5 text-blue-600" aria-hidden />
              <span className="font-medium">{t(PAYMENT_METHOD_LABEL[m.payment_method])}</span>
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
