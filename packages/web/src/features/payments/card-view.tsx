import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../i18n';
import { PAYMENT_METHOD_LOOK } from './payment-methods';

const { Icon } = PAYMENT_METHOD_LOOK.card;

/** Spec 000 card view: loading while the server opens the checkout, then the browser leaves for Stripe. */
export function CardView() {
  const t = useT();
  return (
    <div className="space-y-3" data-testid="payment-card-view">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon className="size-5 text-blue-700" aria-hidden />
        {t(PAYMENT_METHOD_LOOK.card.label)}
      </h3>
      <div role="status" className="flex flex-col items-center gap-3 rounded-xl bg-slate-50 px-4 py-6 text-center">
        <Spinner className="size-8 text-blue-700" />
        <p className="font-medium text-slate-900">{t('payments.cardRedirecting')}</p>
        <p className="text-sm text-slate-600">{t('payments.cardRedirectHint')}</p>
      </div>
    </div>
  );
}
