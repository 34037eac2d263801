import { formatBaht, type CardSaleFlag, type Sale } from '@pos/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { clearPendingCheckout, readPendingCheckout } from '../payments/pending-checkout';
import { useConfirmCardPayment } from '../payments/payments.queries';
import type { CartState } from './cart';

interface CardReturnOptions {
  set: (change: (current: CartState) => CartState) => void;
  reset: () => void;
  /** The card sale is recorded: the receipt opens; `flags` says what changed while the customer paid (empty: nothing). */
  onSold: (sale: Sale, flags: readonly CardSaleFlag[]) => void;
}

/**
 * Spec 000 card return: `/pos?stripe_session=success&session_id=…` puts the saved cart back and asks
 * the server to record the sale, which it does only once Stripe reports the session paid;
 * `stripe_session=cancel` puts the cart back for another try. Either way the saved keys are cleared
 * and the query parameters removed.
 */
export function useCardReturn({ set, reset, onSold }: CardReturnOptions) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const confirm = useConfirmCardPayment();
  const handled = useRef<string | null>(null);
  const params = new URLSearchParams(location.search);
  const outcome = params.get('stripe_session');
  const sessionId = params.get('session_id');

  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'cancel') return;
    // Once per return, though React may run the effect twice.
    const id = `${outcome}:${sessionId ?? ''}`;
    if (handled.current === id) return;
    handled.current = id;
    const saved = readPendingCheckout();
    clearPendingCheckout();
    if (saved) set(() => saved);
    void navigate(location.pathname, { replace: true, state: location.state as unknown });
    if (outcome === 'cancel' || !sessionId) {
      toast.info(t('payments.cardCancelled'), { description: t('payments.cardCancelledHint') });
      return;
    }
    confirm.mutate(sessionId, {
      onSuccess: (result) => {
        reset();
        onSold(result.sale, result.flags);
        const description = t('pos.saleSavedMessage', { amount: formatBaht(result.total) });
        if (result.flags.length > 0) toast.warning(t('payments.tillFlags.toast'), { description });
        else toast.success(t('payments.cardReturnSuccess'), { description });
      },
      onError: (error) => {
        toast.error(t('payments.cardReturnFailed'), { description: errorMessage(error, error.message) });
      },
    });
  }, [outcome, sessionId, set, reset, onSold, confirm, navigate, location.pathname, location.state, t]);

  return { confirming: confirm.isPending };
}
