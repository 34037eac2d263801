import {
  formatSatang,
  satangToBaht,
  takesReference,
  ZERO_TOTAL_PAYMENT_METHOD,
  type PaymentMethod,
  type SalePaymentMethod,
} from '@pos/core';
import { AlertTriangle, Check, ChevronRight, Gift, Info, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { useT, type MessageKey } from '../../i18n';
import { cn } from '../../lib/utils';
import { CardView } from '../payments/card-view';
import type { PaymentAvailability, PaymentWarning } from '../payments/payment-availability';
import { PAYMENT_METHOD_LOOK } from '../payments/payment-methods';
import { cashSuggestions, parseCashInput } from './payment-options';
import { PaymentViewForm, type PaymentChoice, type PaymentViewProps } from './payment-view';
import { PromptPayQr } from './promptpay-qr';
import { SplitPaymentView } from './split-payment-view';

type View = 'options' | SalePaymentMethod;

export interface PaymentDialogProps {
  open: boolean;
  /** Amount due, satang. */
  total: number;
  /** Null while the payment settings are not available. */
  availability: PaymentAvailability | null;
  settingsError: string | null;
  /** The settings could not be read now; the availability comes from the last known copy. */
  settingsStale?: boolean;
  settingsLoading: boolean;
  onRetrySettings: () => void;
  canOpenSettings: boolean;
  pending: boolean;
  /** The last attempt's failure, shown inside the dialog. */
  error: string | null;
  /** The total changed on the server: the cashier checks the new amount and confirms again. */
  notice: string | null;
  onConfirm: (choice: PaymentChoice) => void;
  onClose: () => void;
  /** The method whose view is shown (null: the list, or a split), for the customer display. */
  onMethodShown?: (method: PaymentMethod | null) => void;
  /** The till is offline (issue 38): a card needs the network, so it is offered disabled with the reason. */
  offline?: boolean;
}

const WARNING_TEXT: Record<PaymentWarning, MessageKey> = {
  promptpayNotConfigured: 'payment.warnPromptpayNotConfigured',
  cardNotReady: 'payments.warnCardNotReady',
  noneEnabled: 'payment.warnNoneEnabled',
};

/**
 * Spec 000 §2 "Payment dialog": choose a method, then the cash, transfer or
 * PromptPay QR view. Everything works from the keyboard: the default method has
 * focus, Enter opens it, and Enter in the cash view confirms.
 */
export function PaymentDialog(props: PaymentDialogProps) {
  const t = useT();
  const { open, pending, onClose } = props;
  const [view, setView] = useState<View>('options');
  const { onMethodShown } = props;
  useEffect(() => {
    onMethodShown?.(view === 'options' || view === 'split' ? null : view);
  }, [view, onMethodShown]);
  const choose = (next: View) => {
    setView(next);
    // Card has no view to fill in: choosing it starts the checkout (spec 000: loading, then redirect).
    if (next === 'card') props.onConfirm({ method: 'card' });
  };
  // The provider refused or failed: back to the options, where the error shows (spec 000).
  const failed = props.error !== null;
  useEffect(() => {
    if (view === 'card' && failed) setView('options');
  }, [view, failed]);
  const viewProps: PaymentViewProps = {
    total: props.total,
    availability: props.availability,
    pending,
    onConfirm: props.onConfirm,
    onBack: () => setView('options'),
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent className="max-w-md" dismissible={!pending} hideClose={pending}>
        <DialogHeader>
          <DialogTitle>{t('payment.title')}</DialogTitle>
          <DialogDescription className="sr-only">{t('payment.description')}</DialogDescription>
        </DialogHeader>
        <AmountDue total={props.total} />
        {props.notice ? (
          <div
            role="alert"
            className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
            <p>{props.notice}</p>
          </div>
        ) : null}
        {props.error ? <ErrorAlert>{props.error}</ErrorAlert> : null}
        {props.settingsStale && props.availability && props.total > 0 ? (
          <p role="status" className="flex gap-2 text-sm text-slate-600" data-testid="payment-settings-stale">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('payment.settingsStale')}
          </p>
        ) : null}
        {props.total === 0 ? <NothingToPayView {...props} /> : null}
        {props.total > 0 && view === 'options' ? <OptionsView {...props} onChoose={choose} /> : null}
        {view === 'cash' ? <CashView {...viewProps} /> : null}
        {view !== 'options' && view !== 'split' && takesReference(view) ? (
          <ReferenceView method={view} {...viewProps} />
        ) : null}
        {view === 'promptpay' ? <PromptPayView {...viewProps} /> : null}
        {view === 'split' ? <SplitPaymentView {...viewProps} /> : null}
        {view === 'card' && !failed ? <CardView /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AmountDue({ total }: { total: number }) {
  const t = useT();
  return (
    <div className="rounded-xl bg-slate-900 px-4 py-3 text-center text-white">
      <p className="text-sm text-slate-300">{t('payment.amountDue')}</p>
      <p data-testid="payment-amount-due" className="text-4xl font-bold tabular-nums">
        {formatSatang(total)}
      </p>
    </div>
  );
}

function OptionsView({
  availability,
  settingsError,
  settingsLoading,
  onRetrySettings,
  canOpenSettings,
  onChoose,
  offline = false,
}: PaymentDialogProps & { onChoose: (view: View) => void }) {
  const t = useT();
  if (!availability) {
    if (settingsLoading) return <Spinner label={t('payment.loadingSettings')} />;
    return (
      <div className="space-y-3">
        <ErrorAlert title={t('payment.settingsLoadError')}>
          {settingsError ?? t('payment.settingsLoadError')}
        </ErrorAlert>
        <Button variant="outline" onClick={onRetrySettings} className="w-full">
          <RotateCw aria-hidden />
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  const choose = (method: PaymentMethod, ready: boolean) => {
    if (offline && method === 'card') {
      toast.error(t('offline.refused.title'), { description: t('offline.refused.card') });
      return;
    }
    if (!ready) {
      toast.error(t(method === 'card' ? 'payments.cardNotReady' : 'payment.promptpayNotConfigured'));
      return;
    }
    onChoose(method);
  };

  return (
    <div className="space-y-3">
      {availability.warnings.map((warning) => (
        <div
          key={warning}
          role="alert"
          className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div className="space-y-2">
            <p>{t(WARNING_TEXT[warning])}</p>
            {canOpenSettings ? (
              <Link to="/settings" className={buttonClasses('outline', 'md', 'bg-white')}>
                {t('payment.goToSettings')}
              </Link>
            ) : null}
          </div>
        </div>
      ))}
      <ul className="space-y-2" aria-label={t('payment.methods')}>
        {availability.options.map((option) => {
          const needsNetwork = offline && option.method === 'card';
          const ready = option.ready && !needsNetwork;
          const isDefault = option.method === availability.defaultMethod && !needsNetwork;
          const look = PAYMENT_METHOD_LOOK[option.method];
          return (
            <li key={option.method}>
              <button
                type="button"
                // The default method has focus, so Enter picks it (a keyboard-only sale).
                autoFocus={isDefault}
                aria-disabled={!ready || undefined}
                data-testid={`payment-option-${option.method}`}
                onClick={() => choose(option.method, option.ready)}
                className={cn(
                  'flex min-h-16 w-full cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 text-left transition',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
                  isDefault ? 'border-blue-500 bg-blue-50' : 'border-slate-200 bg-white hover:border-blue-300',
                  !ready && 'cursor-not-allowed opacity-60',
                )}
              >
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-white text-blue-700 shadow-sm ring-1 ring-slate-200 [&_svg]:size-6">
                  <look.Icon aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{t(look.label)}</span>
                  <span className="block text-sm text-slate-600">
                    {needsNetwork
                      ? t('offline.cardNeedsNetwork')
                      : option.ready
                        ? t(look.hint)
                        : t(option.method === 'card' ? 'payments.cardNotReady' : 'payment.promptpayNotConfigured')}
                  </span>
                </span>
                {isDefault ? <Badge tone="blue">{t('payment.default')}</Badge> : null}
                <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
      {availability.splitMethods.length > 0 ? (
        <button
          type="button"
          data-testid="payment-split"
          onClick={() => onChoose('split')}
          className={cn(
            'flex min-h-12 w-full cursor-pointer items-center gap-3 rounded-xl border-2 border-dashed border-slate-300 bg-white px-4 py-2 text-left transition hover:border-blue-300',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
          )}
        >
          <PAYMENT_METHOD_LOOK.split.Icon className="size-6 shrink-0 text-blue-700" aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-slate-900">{t('payment.split')}</span>
            <span className="block text-sm text-slate-600">{t('payments.splitHint')}</span>
          </span>
          <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}

/** Points cover the total: one action records the sale, with no cash keypad and no QR code. */
function NothingToPayView({ pending, onConfirm, onClose }: PaymentDialogProps) {
  const t = useT();
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (pending) return;
        onConfirm({ method: ZERO_TOTAL_PAYMENT_METHOD, cashReceived: 0 });
      }}
    >
      <div className="flex gap-3 rounded-xl bg-green-50 px-4 py-3 ring-1 ring-green-200">
        <Gift className="mt-0.5 size-6 shrink-0 text-green-700" aria-hidden />
        <div>
          <h3 className="font-semibold text-green-900">{t('payment.nothingToPay')}</h3>
          <p className="text-sm text-green-900">{t('payment.nothingToPayHint')}</p>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row">
        <Button variant="outline" onClick={onClose} disabled={pending} className="sm:flex-1">
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="lg" autoFocus disabled={pending} className="sm:flex-[2]">
          {pending ? <Spinner /> : <Check aria-hidden />}
          {pending ? t('payment.saving') : t('payment.recordSale')}
        </Button>
      </div>
    </form>
  );
}

function CashView({ total, pending, onConfirm, onBack }: PaymentViewProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const input = parseCashInput(text);
  const received = input.kind === 'amount' ? input.satang : input.kind === 'exact' ? total : null;
  const short = received !== null && received < total;
  let error: string | null = null;
  if (input.kind === 'invalid') error = t('payment.cashInvalid');
  else if (short) error = t('payment.cashTooLow', { amount: formatSatang(total - (received ?? 0)) });

  return (
    <PaymentViewForm
      pending={pending}
      onBack={onBack}
      icon={PAYMENT_METHOD_LOOK.cash.Icon}
      title={t(PAYMENT_METHOD_LOOK.cash.label)}
      confirmLabel={t('payment.confirmCash')}
      onSubmit={() => {
        setSubmitted(true);
        if (received === null || short) return;
        onConfirm({ method: 'cash', cashReceived: satangToBaht(received) });
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor="payment-cash-received">{t('payment.cashReceived')}</Label>
        <Input
          id="payment-cash-received"
          autoFocus
          inputMode="decimal"
          autoComplete="off"
          placeholder={formatSatang(total)}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error && (submitted || short) ? true : undefined}
          aria-describedby="payment-cash-help"
          className="h-14 text-right text-2xl font-semibold tabular-nums"
        />
        <p
          id="payment-cash-help"
          className={cn('text-sm', error ? 'text-red-700' : 'text-slate-500')}
          role={error ? 'alert' : undefined}
        >
          {error ?? t('payment.cashExactHint')}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setText('')} className="tabular-nums">
          {t('payment.cashExact')}
        </Button>
        {cashSuggestions(total).map((amount) => (
          <Button
            key={amount}
            variant="secondary"
            className="tabular-nums"
            onClick={() => setText(String(satangToBaht(amount)))}
          >
            {formatSatang(amount)}
          </Button>
        ))}
      </div>
      <div className="flex items-baseline justify-between rounded-xl bg-green-50 px-4 py-3 ring-1 ring-green-200">
        <span className="font-medium text-green-900">{t('payment.change')}</span>
        <span data-testid="payment-change" className="text-3xl font-bold text-green-800 tabular-nums">
          {formatSatang(received !== null && !short ? received - total : 0)}
        </span>
      </div>
    </PaymentViewForm>
  );
}

/** A method paid outside the till whose reference the cashier may note (a transfer's slip number). */
function ReferenceView({ method, pending, onConfirm, onBack }: PaymentViewProps & { method: PaymentMethod }) {
  const t = useT();
  const [reference, setReference] = useState('');
  const look = PAYMENT_METHOD_LOOK[method];
  const words = look.referenceView;
  // The look of every method that takes a reference has these words (payment-methods.test.ts).
  if (!words) throw new Error(`no reference view words for ${method}`);
  return (
    <PaymentViewForm
      pending={pending}
      onBack={onBack}
      icon={look.Icon}
      title={t(look.label)}
      confirmLabel={t(words.confirm)}
      onSubmit={() => onConfirm({ method, paymentReference: reference.trim() })}
    >
      <div className="space-y-1.5">
        <Label htmlFor="payment-reference">
          {t('payment.reference')}
          <span className="ml-1 font-normal text-slate-500">{t('common.optional')}</span>
        </Label>
        <Input
          id="payment-reference"
          autoFocus
          autoComplete="off"
          maxLength={100}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          placeholder={t('payment.referencePlaceholder')}
        />
      </div>
      <p className="text-sm text-slate-600">{t(words.check)}</p>
    </PaymentViewForm>
  );
}

function PromptPayView({ total, availability, pending, onConfirm, onBack }: PaymentViewProps) {
  const t = useT();
  const promptpayId = availability?.promptpayId ?? '';
  return (
    <PaymentViewForm
      pending={pending}
      onBack={onBack}
      icon={PAYMENT_METHOD_LOOK.promptpay.Icon}
      title={t('payment.scanToPay')}
      confirmLabel={t('payment.confirmPromptpay')}
      onSubmit={() => onConfirm({ method: 'promptpay' })}
    >
      <div className="flex flex-col items-center gap-2">
        <PromptPayQr
          promptpayId={promptpayId}
          amountSatang={total}
          onError={() => {
            toast.error(t('payment.qrFailed'));
            onBack();
          }}
        />
        <p className="text-sm text-slate-600">{t('payment.promptpayTo', { id: maskPromptPayId(promptpayId) })}</p>
        <p className="text-center text-sm text-slate-600">{t('payment.promptpayCheck')}</p>
      </div>
    </PaymentViewForm>
  );
}

/** Shows the id partly hidden, as banking apps do (081-xxx-5678). */
export function maskPromptPayId(id: string): string {
  const digits = id.replace(/\D/g, '');
  if (digits.length <= 4) return digits;
  return `${'x'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}
