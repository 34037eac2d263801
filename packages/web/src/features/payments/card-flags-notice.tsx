import type { CardSaleFlag } from '@pos/core';
import { AlertTriangle, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n';
import { CARD_FLAG_TEXTS } from './flagged-card-sales';
import { ReasonLine } from './flagged-sales-panel';

/**
 * At the till, after a paid card sale was recorded although something changed while the customer paid
 * (stock ran short, a price changed, ...): what changed, and that a manager will see it. Stays until
 * the cashier closes it, so the receipt dialog opening over it does not hide it for good.
 */
export function CardFlagsNotice({ flags, onDismiss }: { flags: readonly CardSaleFlag[]; onDismiss: () => void }) {
  const t = useT();
  return (
    <div
      role="alert"
      data-testid="card-sale-flagged"
      className="mb-4 flex gap-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950"
    >
      <AlertTriangle className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">{t('payments.tillFlags.title')}</p>
        <ul className="grid gap-1 text-sm" aria-label={t('payments.flags.reasonsLabel')}>
          {flags.map((flag) => (
            <ReasonLine key={flag.reason} flag={flag} reason={CARD_FLAG_TEXTS.reason} />
          ))}
        </ul>
        <p className="text-sm">{t('payments.tillFlags.manager')}</p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="shrink-0 text-amber-900 hover:bg-amber-100"
        onClick={onDismiss}
        aria-label={t('payments.tillFlags.dismiss')}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}
