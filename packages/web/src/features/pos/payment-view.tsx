import type { PaymentMethod, SalePaymentMethod } from '@pos/core';
import { ArrowLeft, Check, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../i18n';
import type { PaymentAvailability } from '../payments/payment-availability';

export interface PaymentChoice {
  method: SalePaymentMethod;
  /** Cash tendered in baht (cash only). */
  cashReceived?: number;
  paymentReference?: string;
  /** A split bill's parts, baht (for cash, what was handed over). */
  payments?: { method: PaymentMethod; amount: number; reference?: string }[];
}

/** What every payment view (cash, transfer, PromptPay, split) is given by the payment dialog. */
export interface PaymentViewProps {
  /** Amount due, satang. */
  total: number;
  /** Null while the payment settings are not available. */
  availability: PaymentAvailability | null;
  pending: boolean;
  onConfirm: (choice: PaymentChoice) => void;
  /** Back to the list of methods. */
  onBack: () => void;
}

/**
 * A payment view's frame: its heading, and back and confirm under it. Submitting (Enter, or the
 * confirm button) calls `onSubmit` unless a payment is already being sent.
 */
export function PaymentViewForm({
  pending,
  onBack,
  icon: Icon,
  title,
  confirmLabel,
  onSubmit,
  children,
  testId,
}: Pick<PaymentViewProps, 'pending' | 'onBack'> & {
  icon: LucideIcon;
  title: string;
  confirmLabel: string;
  onSubmit: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const t = useT();
  return (
    <form
      className="space-y-3"
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) onSubmit();
      }}
    >
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon className="size-5 text-blue-700" aria-hidden />
        {title}
      </h3>
      {children}
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row">
        <Button variant="outline" onClick={onBack} disabled={pending} className="sm:flex-1">
          <ArrowLeft aria-hidden />
          {t('common.back')}
        </Button>
        <Button type="submit" size="lg" disabled={pending} className="sm:flex-[2]">
          {pending ? <Spinner /> : <Check aria-hidden />}
          {pending ? t('payment.saving') : confirmLabel}
        </Button>
      </div>
    </form>
  );
}
