import { can, EDIT_SALE_REASON, formatBaht, variantName, type Sale } from '@pos/core';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
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
import { inputClasses } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { useI18n, type MessageKey } from '../../i18n';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { editStateOf } from '../pos/edit-mode';
import { newIdempotencyKey } from '../pos/sale-payload';
import { PAYMENT_METHOD_LOOK } from '../payments/payment-methods';
import { OffCardReasonField, RefundMethodSelect, useRefundMethodChoice } from './refund-method-fields';
import { useRefundSale } from './sales-history.queries';
import { NeedsNetworkNotice } from '../offline/needs-network-notice';

/** The reasons offered for an edit; the chosen label is what the refund records. */
const EDIT_REASONS: readonly MessageKey[] = [
  'salesHistory.reasonWrongItem',
  'salesHistory.reasonWrongQuantity',
  'salesHistory.reasonWrongPrice',
  'salesHistory.reasonWrongCustomer',
  'salesHistory.reasonWrongPayment',
  'salesHistory.reasonOther',
];

/**
 * Spec 001 edit-sale dialog: the original sale, a warning, a required reason, optional details and
 * the steps. Confirming refunds the whole sale for editing, then opens /pos in edit mode, where the
 * next sale replaces this one, starting from this sale's lines and customer. The money goes back the
 * way the sale was paid (a card sale's to the card, through Stripe) unless the cashier chooses another
 * way (for a card sale, saying why).
 */
export function EditSaleDialog({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const { t, intlLocale } = useI18n();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const refund = useRefundSale();
  const [key, setKey] = useState(newIdempotencyKey);
  const [reason, setReason] = useState<MessageKey | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The money goes back the way it came unless the user chooses otherwise (a transfer sale by transfer).
  const payBack = useRefundMethodChoice(sale.payment_method, { preferOriginal: true });

  const confirm = () => {
    if (!reason) {
      setError(t('salesHistory.editReasonRequired'));
      return;
    }
    if (!can(me.role, 'pos_refund')) {
      setError(t('salesHistory.refundDenied'));
      toast.error(t('common.error'), { description: t('salesHistory.refundDenied') });
      return;
    }
    setError(null);
    const way = payBack.requestFields();
    if (!way) return;
    const editReason = t(reason);
    const editDetails = details.trim();
    refund.mutate(
      {
        sale,
        idempotencyKey: key,
        body: {
          reason: EDIT_SALE_REASON,
          refundAmount: sale.total,
          ...way,
          edit_reason: editReason,
          edit_details: editDetails || null,
          edited_by: me.id,
          edited_at: new Date().toISOString(),
        },
      },
      {
        onSuccess: () => {
          toast.success(t('salesHistory.editDone'));
          onClose();
          void navigate('/pos', { state: editStateOf(sale, editReason, editDetails) });
        },
        onError: (cause) => {
          if (cause instanceof ApiError && cause.status > 0) setKey(newIdempotencyKey());
          const message = errorMessage(cause, t('salesHistory.editError'));
          setError(message);
          toast.error(t('salesHistory.editError'), { description: message });
        },
      },
    );
  };

  const fact = (label: string, value: string) => (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{value}</dd>
    </div>
  );

  return (
    <Dialog open onOpenChange={(next) => !next && !refund.isPending && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('salesHistory.editTitle')}</DialogTitle>
          <DialogDescription>{sale.document_number}</DialogDescription>
        </DialogHeader>
        <NeedsNetworkNotice action="edit" />
        <div className="min-h-0 flex-1 space-y-4 overflow-y-auto">
          <section aria-labelledby="edit-original" className="rounded-lg bg-slate-50 p-3">
            <h3 id="edit-original" className="mb-2 text-sm font-semibold text-slate-900">
              {t('salesHistory.editOriginal')}
            </h3>
            <dl className="grid grid-cols-2 gap-2 text-sm">
              {fact(t('salesHistory.colCustomer'), sale.customer_name ?? t('salesHistory.generalCustomer'))}
              {fact(t('salesHistory.colTotal'), formatBaht(sale.total))}
              {fact(t('salesHistory.colDate'), formatDateTime(sale.created_at, intlLocale))}
              {fact(t('receipt.paymentMethod'), t(PAYMENT_METHOD_LOOK[sale.payment_method].label))}
            </dl>
            <p className="mt-2 text-xs text-slate-600">{t('salesHistory.items')}</p>
            <ul className="text-sm">
              {sale.items.map((item) => (
                <li key={item.id} className="flex justify-between gap-2">
                  <span className="break-words">
                    {variantName(item.product_name, item)} × {item.quantity}
                  </span>
                  <span className="tabular-nums">{formatBaht(item.total)}</span>
                </li>
              ))}
            </ul>
          </section>
          <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
            {t('salesHistory.editWarning')}
          </p>
          <FormField id="edit-reason" label={t('salesHistory.editReason')}>
            <select
              id="edit-reason"
              required
              className={inputClasses}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value as MessageKey | '');
                setError(null);
              }}
            >
              <option value="">{t('salesHistory.editReasonPlaceholder')}</option>
              {EDIT_REASONS.map((key) => (
                <option key={key} value={key}>
                  {t(key)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="edit-details" label={t('salesHistory.editDetails')} labelNote={t('common.optional')}>
            <Textarea
              id="edit-details"
              rows={3}
              maxLength={1000}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
            />
          </FormField>
          <RefundMethodSelect
            sale={sale}
            value={payBack.method}
            onChange={(next) => {
              payBack.choose(next);
              setError(null);
            }}
          />
          {payBack.offCard ? <OffCardReasonField choice={payBack} /> : null}
          <section aria-labelledby="edit-steps">
            <h3 id="edit-steps" className="mb-1 text-sm font-semibold text-slate-900">
              {t('salesHistory.editSteps')}
            </h3>
            <ol className="list-decimal space-y-0.5 pl-5 text-sm text-slate-700">
              <li>{t('salesHistory.editStep1')}</li>
              <li>{t('salesHistory.editStep2')}</li>
              <li>{t('salesHistory.editStep3')}</li>
              <li>{t('salesHistory.editStep4')}</li>
            </ol>
          </section>
          {error ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={refund.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} disabled={!reason || refund.isPending}>
            {refund.isPending ? <Spinner /> : null}
            {refund.isPending ? t('salesHistory.editing') : t('salesHistory.editConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
