import { formatBaht, payableOffline, type CreateSaleRequest, type PricingSettings, type Sale } from '@pos/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useT } from '../../i18n';
import { ApiError, CLIENT_ERROR_CODES, errorMessage } from '../../lib/api';
import { OfflineRefusal } from '../offline/offline-sale';
import { clearPendingCheckout, savePendingCheckout } from '../payments/pending-checkout';
import { useStartCardCheckout } from '../payments/payments.queries';
import { settingsKeys } from '../settings/settings.queries';
import { shiftKeys } from '../shifts/shifts.queries';
import { cartFigures, setExcludeVat, type CartState } from './cart';
import type { PaymentChoice } from './payment-view';
import { RELOAD_PRODUCTS_CODES, saleErrorText, serverFiguresOf, totalsChangedText } from './pos-messages';
import { useCreateSale } from './pos.queries';
import { useCartSelector, type CartStore } from './use-cart';
import { CheckoutAttempt, buildSaleRequest } from './sale-payload';

/** The card provider could not start a checkout: its message is shown and the options come back. */
const PROVIDER_CODES: ReadonlySet<string> = new Set(['PAYMENT_PROVIDER_FAILED', 'CARD_NOT_CONFIGURED']);

/** Codes after which the VAT exclusion is dropped and must be approved again. */
const VAT_APPROVAL_CODES: ReadonlySet<string> = new Set(['VAT_APPROVAL_REQUIRED', 'VAT_APPROVAL_INVALID']);

/** The open payment dialog's inline error and notice. */
export interface PaymentState {
  error: string | null;
  notice: string | null;
}

interface CheckoutOptions {
  store: CartStore;
  /** The cart as of the last event, ahead of React's render (see use-cart.ts). */
  latest: { readonly current: CartState };
  set: (change: (current: CartState) => CartState) => void;
  reset: () => void;
  pricing: PricingSettings;
  canSell: boolean;
  /** The sale being edited, replaced by this one. */
  replacesSaleId: number | null;
  vatApprovalToken: string | null;
  /** This browser's till, sent with the sale and the card checkout (null: none chosen, or the shop has none). */
  tillId: number | null;
  /** A sale was refused for want of an open shift: the button beside the error opens one. */
  onShiftRequired: () => void;
  /** Reloads the product and customer lists after a refusal that says they are out of date. */
  reloadLists: () => Promise<unknown>;
  /** After a recorded sale, with the cart already emptied. */
  onSold: (sale: Sale) => void;
  /** The VAT approval was refused or expired: it is dropped. */
  onVatApprovalLost: () => void;
  /**
   * Makes the sale offline when the server cannot be reached (issue 38): answers the receipt's sale, or throws
   * OfflineRefusal saying why it cannot. Absent: the till does not sell offline.
   */
  sellOffline?: (body: CreateSaleRequest, offlineId: string, at: Date) => Promise<Sale>;
}

/** The request never reached the server, or its answer never came back: the sale may be made offline. */
function unreachable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 0 &&
    (error.code === CLIENT_ERROR_CODES.network || error.code === CLIENT_ERROR_CODES.timeout)
  );
}

/**
 * Paying for the cart (spec 000 §5): opens the payment dialog, sends the sale once per attempt (the same
 * idempotency key on a retry), and turns each refusal into what the cashier sees next.
 */
export function useCheckout(options: CheckoutOptions) {
  const { store, latest, set, reset, pricing, canSell, replacesSaleId, vatApprovalToken } = options;
  const t = useT();
  const queryClient = useQueryClient();
  const createSale = useCreateSale();
  const cardCheckout = useStartCardCheckout();
  const [offlinePending, setOfflinePending] = useState(false);
  const pending = createSale.isPending || cardCheckout.isPending || offlinePending;
  const attempt = useRef(new CheckoutAttempt());
  const [payment, setPayment] = useState<PaymentState | null>(null);

  // A refusal that emptied the cart (everything sold out) closes the payment dialog. Read only while
  // the dialog is open, so a scan does not redraw the screen.
  const emptiedWhilePaying = useCartSelector(store, (cart) => payment !== null && cart.lines.length === 0);
  useEffect(() => {
    if (emptiedWhilePaying && !pending) setPayment(null);
  }, [emptiedWhilePaying, pending]);

  const open = () => {
    if (latest.current.lines.length === 0) return;
    if (!canSell) {
      toast.error(t('pos.noPermissionSell'));
      return;
    }
    // Spec 000 §7: settings are read again when a sale is processed.
    void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    createSale.reset();
    cardCheckout.reset();
    setPayment({ error: null, notice: null });
  };

  const refreshAfterRefusal = async () => {
    await Promise.all([queryClient.refetchQueries({ queryKey: settingsKeys.all }), options.reloadLists()]);
  };

  const confirm = (choice: PaymentChoice) => {
    const current = latest.current;
    const figures = cartFigures(current, pricing);
    if (!figures || pending) return;
    const body = buildSaleRequest(current, figures, {
      ...choice,
      replacesSaleId,
      vatApprovalToken,
      tillId: options.tillId,
    });
    const idempotencyKey = attempt.current.keyFor(body);
    const offlineId = attempt.current.offlineIdFor(body);
    const attemptedAt = new Date();
    setPayment((p) => (p ? { error: null, notice: null } : p));
    const refused = (error: Error) => {
      if (error instanceof ApiError && error.code === 'TOTALS_CHANGED') {
        const server = serverFiguresOf(error);
        const notice = totalsChangedText(server?.total ?? null, t);
        toast.warning(t('pos.totalsChangedTitle'), { description: notice });
        setPayment((p) => (p ? { error: null, notice } : p));
        void refreshAfterRefusal();
        return;
      }
      if (error instanceof ApiError && VAT_APPROVAL_CODES.has(error.code)) {
        set((c) => setExcludeVat(c, false));
        options.onVatApprovalLost();
        toast.error(t('pos.saleFailed'), { description: t('pos.vatApprovalExpired') });
        setPayment(null);
        void queryClient.refetchQueries({ queryKey: settingsKeys.all });
        return;
      }
      if (error instanceof ApiError && error.code === 'SHIFT_REQUIRED') {
        // The payment dialog closes so the error's button (and the shift bar's) can be reached.
        setPayment(null);
        void queryClient.invalidateQueries({ queryKey: shiftKeys.all });
        toast.error(t('shifts.shiftRequired'), {
          description: errorMessage(error, t('shifts.shiftRequired')),
          action: { label: t('shifts.openShift'), onClick: options.onShiftRequired },
          duration: 15_000,
        });
        return;
      }
      const text =
        error instanceof ApiError && PROVIDER_CODES.has(error.code)
          ? { title: t('payments.cardProviderError'), description: errorMessage(error, error.message) }
          : saleErrorText(error, t);
      toast.error(text.title, text.description ? { description: text.description } : undefined);
      const inline = text.description ? `${text.title}: ${text.description}` : text.title;
      setPayment((p) => (p ? { ...p, error: inline } : p));
      if (error instanceof ApiError && RELOAD_PRODUCTS_CODES.has(error.code)) void refreshAfterRefusal();
    };
    // While offline, what needs the network is refused with the reason (a card, an edit).
    const refusedOffline = () => {
      const description = t(replacesSaleId ? 'offline.refused.edit' : 'offline.refused.card');
      toast.error(t('offline.refused.title'), { description });
      setPayment((p) => (p ? { ...p, error: `${t('offline.refused.title')}: ${description}` } : p));
    };
    const isCard = choice.method === 'card' || choice.payments?.some((p) => p.method === 'card') === true;
    if (isCard && !navigator.onLine) {
      refusedOffline();
      return;
    }
    // A card sale, or a split bill with a card part (the checkout charges that part only).
    if (isCard) {
      // Spec 000: the cart is kept while the customer pays on the provider's page; the server
      // records the sale only when Stripe reports it paid (see use-card-return.ts).
      cardCheckout.mutate(
        { body, idempotencyKey },
        {
          onSuccess: ({ url }) => {
            savePendingCheckout(current);
            window.location.assign(url);
          },
          onError: (error) => {
            clearPendingCheckout();
            refused(error);
          },
        },
      );
      return;
    }
    const sold = (sale: Sale, total: number) => {
      attempt.current.reset();
      reset();
      setPayment(null);
      options.onSold(sale);
      const amount = formatBaht(total);
      if (sale.payment_method === 'cash') {
        toast.success(t('pos.cashSaleSaved'), {
          description: t('pos.cashSaleSavedMessage', { amount, change: formatBaht(sale.payment.change ?? 0) }),
        });
      } else if (sale.payment_method === 'promptpay') {
        toast.success(t('pos.promptpaySaleSaved'), { description: t('pos.saleSavedMessage', { amount }) });
      } else {
        toast.success(t('pos.saleSaved'), { description: t('pos.saleSavedMessage', { amount }) });
      }
    };
    // Issue 38: the server cannot be reached, so the sale is made here and sent later (same offlineId).
    const sellOffline = options.sellOffline;
    const offlineEligible = sellOffline !== undefined && !replacesSaleId && payableOffline(body);
    const makeOffline = async (onlineError: Error | null) => {
      if (!sellOffline) return;
      setOfflinePending(true);
      try {
        const sale = await sellOffline(body, offlineId, attemptedAt);
        attempt.current.reset();
        reset();
        setPayment(null);
        // The receipt that opens says it is kept on the device until the network returns: no toast over its title.
        options.onSold(sale);
      } catch (error) {
        const reason = error instanceof OfflineRefusal ? error.reason : 'storage';
        const description = t(`offline.refused.${reason}`);
        toast.error(t('offline.refused.title'), { description });
        setPayment((p) => (p ? { ...p, error: `${t('offline.refused.title')}: ${description}` } : p));
        if (onlineError && reason === 'storage') refused(onlineError);
      } finally {
        setOfflinePending(false);
      }
    };
    if (!navigator.onLine && offlineEligible) {
      void makeOffline(null);
      return;
    }
    if (!navigator.onLine && replacesSaleId) {
      refusedOffline();
      return;
    }
    createSale.mutate(
      { body: { ...body, offlineId }, idempotencyKey },
      {
        onSuccess: (result) => sold(result.sale, result.total),
        onError: (error) => {
          if (unreachable(error) && offlineEligible) void makeOffline(error);
          else refused(error);
        },
      },
    );
  };

  return { payment, pending, open, confirm, close: () => setPayment(null) };
}
