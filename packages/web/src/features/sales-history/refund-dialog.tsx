import {
  bahtToSatang,
  DEFAULT_REFUND_REASON,
  formatBaht,
  refundAmountOf,
  REFUND_REASONS,
  type RefundReason,
  type RefundSaleRequest,
  type Sale,
  variantName,
} from '@pos/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input, inputClasses } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useI18n, type MessageKey } from '../../i18n';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/utils';
import { variantText } from '../../lib/variant-text';
import { newIdempotencyKey } from '../pos/sale-payload';
import { OffCardReasonField, RefundMethodSelect, useRefundMethodChoice } from './refund-method-fields';
import { RefundPartsFields, useRefundParts } from './refund-parts-fields';
import { REFUND_REASON_LABELS } from './refund-reason';
import { OpenShiftDialog } from '../shifts/open-shift-dialog';
import { useTills } from '../shifts/shifts.queries';
import { readChosenTillId } from '../shifts/till-choice';
import { useRefundSale, type RefundResult } from './sales-history.queries';
import { OfflineRefundNotice } from '../offline/needs-network-notice';
import { OfflineRefusal, type OfflineRefusalReason } from '../offline/offline-sale';

type Mode = 'whole' | 'lines';

/** Why a refund could not be made offline either, in the cashier's words. */
const OFFLINE_REFUSAL_TEXT: Record<OfflineRefusalReason, MessageKey> = {
  noTill: 'offline.refused.noTill',
  noCache: 'offline.refused.noCache',
  noNumbers: 'offline.refund.noNumbers',
  noShift: 'offline.refused.noShift',
  card: 'offline.refund.card',
  edit: 'offline.refused.edit',
  storage: 'offline.refused.storage',
  notKept: 'offline.refused.notKept',
  refundExceeds: 'offline.refused.refundExceeds',
};
/** A reason code, or "other" with the reason typed in. */
type ReasonChoice = RefundReason | 'other';

/** Units of a line not yet refunded. */
const left = (item: Sale['items'][number]) => item.quantity - item.refunded_quantity;

/**
 * Refund confirmation (spec 001): the whole sale for the amount still refundable, or chosen lines
 * and quantities (beyond the spec), with the reason (printed on the credit note) and how the money
 * goes back (the way it was paid unless changed: a card sale's to the card through Stripe; another
 * way only with a reason). A split sale's refund is split over its parts, in proportion unless the
 * amounts per part are changed. The server works out the amount, stock and points again; one
 * Idempotency-Key per opening so a retried click never refunds twice.
 */
export function RefundDialog({
  sale,
  onClose,
  onPrintCreditNote,
}: {
  sale: Sale;
  onClose: () => void;
  /** Offered with the refund's notice: its credit note (or refund note), to print at the till or the browser. */
  onPrintCreditNote?: () => void;
}) {
  const { t } = useI18n();
  const refund = useRefundSale();
  const [key, setKey] = useState(newIdempotencyKey);
  const [mode, setMode] = useState<Mode>('whole');
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [error, setError] = useState<string | null>(null);
  const [reasonChoice, setReasonChoice] = useState<ReasonChoice>(DEFAULT_REFUND_REASON);
  const [otherReason, setOtherReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [shiftNeeded, setShiftNeeded] = useState(false);
  const [openingShift, setOpeningShift] = useState(false);
  const tills = useTills();
  const chosenTillId = readChosenTillId();
  const till = tills.data?.find((candidate) => candidate.id === chosenTillId && candidate.active) ?? null;
  const payBack = useRefundMethodChoice(sale.payment_method);
  const lines = sale.items.filter((item) => left(item) > 0);
  const picked = lines
    .map((item) => ({ saleItemId: item.id, quantity: chosen[item.id] ?? 0 }))
    .filter((l) => l.quantity > 0);
  // What is still refundable, from the server's two figures; the server checks it again.
  const remaining = Math.round((sale.total - sale.refunded_amount) * 100) / 100;
  // What this refund comes to (core's rule, as the server works it out), split over a split sale's parts.
  const amount = refundAmountOf(
    { total: bahtToSatang(sale.total), refundedBefore: bahtToSatang(sale.refunded_amount) },
    sale.items.map((item) => ({
      price: bahtToSatang(item.price),
      quantity: item.quantity,
      refunded: item.refunded_quantity,
      wanted: mode === 'whole' ? left(item) : (chosen[item.id] ?? 0),
    })),
  );
  const perPart = sale.payment_method === 'split' && payBack.method === 'split';
  const parts = useRefundParts(sale, amount);
  const toCard = payBack.method === 'card' || (perPart && parts.parts.some((p) => p.method === 'card' && p.satang > 0));

  const done = (result: RefundResult) => {
    const shortfall = result.refund.points_shortfall;
    toast.success(t('salesHistory.refundDone'), {
      description: [
        t('salesHistory.refundDoneMessage', {
          amount: formatBaht(result.refund.amount),
          number: sale.document_number,
        }),
        result.offline ? t('offline.refund.done') : '',
        result.refund.stripe_refund_id ? t('salesHistory.refundDoneToCard') : '',
        shortfall > 0 ? t('salesHistory.refundShortfall', { points: shortfall }) : '',
      ]
        .filter(Boolean)
        .join(' · '),
      // Long enough to reach its button: the refund's document is printed from there (issue 37).
      ...(onPrintCreditNote && {
        duration: 10_000,
        action: { label: t('salesHistory.printCreditNote'), onClick: onPrintCreditNote },
      }),
    });
    onClose();
  };

  const confirm = () => {
    if (mode === 'lines' && picked.length === 0) {
      setError(t('salesHistory.refundNothing'));
      return;
    }
    const reason = reasonChoice === 'other' ? otherReason.trim() : reasonChoice;
    if (!reason) {
      setReasonError(t('validation.sale.refundReasonRequired'));
      document.getElementById('refund-reason-other')?.focus();
      return;
    }
    setError(null);
    setShiftNeeded(false);
    const way = payBack.requestFields();
    if (!way) return;
    const refundParts = perPart ? parts.requestParts() : undefined;
    if (perPart && !refundParts) return;
    const how = { reason, ...way, ...(refundParts ? { refundParts } : {}) };
    const body: RefundSaleRequest = mode === 'whole' ? { ...how, refundAmount: remaining } : { ...how, lines: picked };
    refund.mutate(
      { sale, body, idempotencyKey: key },
      {
        onSuccess: done,
        onError: (cause) => {
          if (cause instanceof OfflineRefusal) {
            const message = t(OFFLINE_REFUSAL_TEXT[cause.reason]);
            setError(message);
            toast.error(t('offline.refund.refusedTitle'), { description: message });
            return;
          }
          const message = errorMessage(cause, t('salesHistory.refundError'));
          setShiftNeeded(cause instanceof ApiError && cause.code === 'SHIFT_REQUIRED');
          // A refusal is final for this body; a lost answer (no status) is retried with the same key.
          if (cause instanceof ApiError && cause.status > 0) setKey(newIdempotencyKey());
          setError(message);
          toast.error(t('common.error'), { description: message });
        },
      },
    );
  };

  const segment = (value: Mode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => setMode(value)}
      className={cn(
        'min-h-11 flex-1 cursor-pointer rounded-md px-3 text-sm font-medium',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
        mode === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
      )}
    >
      {label}
    </button>
  );

  return (
    <Dialog open onOpenChange={(next) => !next && !refund.isPending && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('salesHistory.refundTitle')}</DialogTitle>
          <DialogDescription>
            {t('salesHistory.refundQuestion', { number: sale.document_number, amount: formatBaht(remaining) })}
          </DialogDescription>
        </DialogHeader>
        <OfflineRefundNotice toCard={toCard} />
        <div className="flex gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label={t('salesHistory.refund')}>
          {segment('whole', t('salesHistory.refundWhole'))}
          {segment('lines', t('salesHistory.refundLines'))}
        </div>
        {mode === 'lines' ? (
          <ul className="max-h-72 space-y-3 overflow-y-auto">
            {lines.map((item) => {
              const id = `refund-qty-${item.id}`;
              const variant = variantText(item, t);
              return (
                <li key={item.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
                  <div className="min-w-0 flex-1">
                    <label htmlFor={id} className="block font-medium break-words text-slate-900">
                      {item.product_name}
                      {variant ? <span className="text-slate-500"> ({variant})</span> : null}
                    </label>
                    <p className="text-xs text-slate-600 tabular-nums">
                      {formatBaht(item.price)} ·{' '}
                      {t('salesHistory.refundLeft', { count: left(item), sold: item.quantity })}
                    </p>
                  </div>
                  <Input
                    id={id}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={left(item)}
                    step={1}
                    className="w-20 text-right tabular-nums"
                    // Two lines of one style differ by their variant: each input is named by it ("โปโล ดำ / M").
                    aria-label={t('salesHistory.refundQuantity', { name: variantName(item.product_name, item) })}
                    value={chosen[item.id] ?? 0}
                    onChange={(e) => {
                      const n = Math.trunc(Number(e.target.value));
                      const q = Number.isFinite(n) ? Math.min(Math.max(n, 0), left(item)) : 0;
                      setChosen((c) => ({ ...c, [item.id]: q }));
                    }}
                  />
                </li>
              );
            })}
          </ul>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="refund-reason" label={t('salesHistory.refundReason')}>
            <select
              id="refund-reason"
              className={inputClasses}
              value={reasonChoice}
              onChange={(e) => {
                setReasonChoice(e.target.value as ReasonChoice);
                setReasonError(undefined);
              }}
            >
              {REFUND_REASONS.map((code) => (
                <option key={code} value={code}>
                  {t(REFUND_REASON_LABELS[code])}
                </option>
              ))}
              <option value="other">{t('salesHistory.reasonOther')}</option>
            </select>
          </FormField>
          <RefundMethodSelect
            sale={sale}
            partsBelow
            value={payBack.method}
            onChange={(next) => {
              // An earlier refusal was about the way given before (Stripe's, say): no longer current.
              payBack.choose(next);
              setError(null);
            }}
          />
        </div>
        {reasonChoice === 'other' ? (
          <FormField id="refund-reason-other" label={t('salesHistory.refundReasonOther')} error={reasonError}>
            <Input
              id="refund-reason-other"
              required
              maxLength={100}
              value={otherReason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'refund-reason-other-error' : undefined}
              onChange={(e) => {
                setOtherReason(e.target.value);
                setReasonError(undefined);
              }}
            />
          </FormField>
        ) : null}
        {perPart && amount > 0 ? <RefundPartsFields choice={parts} /> : null}
        {payBack.offCard ? <OffCardReasonField choice={payBack} /> : null}
        {error ? (
          <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>{error}</p>
            {/* Cash back needs this till's shift open (issue 35): open it here, then refund again. */}
            {shiftNeeded && till ? (
              <Button variant="outline" onClick={() => setOpeningShift(true)} data-testid="refund-open-shift">
                {t('shifts.openShift')}
              </Button>
            ) : null}
          </div>
        ) : null}
        {till && openingShift ? (
          <OpenShiftDialog
            open
            till={till}
            onClose={() => setOpeningShift(false)}
            onOpened={() => {
              setOpeningShift(false);
              setShiftNeeded(false);
              setError(null);
            }}
          />
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={refund.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={refund.isPending}>
            {refund.isPending ? <Spinner /> : null}
            {refund.isPending
              ? t(toCard ? 'salesHistory.refundingToCard' : 'salesHistory.refunding')
              : t('salesHistory.refundConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
