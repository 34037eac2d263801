import type { PaymentMethod, PricingSettings, Sale } from '@pos/core';
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { variantText } from '../../lib/variant-text';
import type { CartStore } from './use-cart';
import { tillDisplayState } from './customer-display-state';
import { displayApi } from '../display/display.queries';

/** Whether this browser keeps `tillId`'s customer display up to date (it asked for a pairing code here). */
export function syncsCustomerDisplay(tillId: number | null): boolean {
  if (tillId === null) return false;
  try {
    return localStorage.getItem(STORAGE_KEYS.customerDisplayTill) === String(tillId);
  } catch {
    return false;
  }
}

export function setSyncsCustomerDisplay(tillId: number | null): void {
  try {
    if (tillId === null) localStorage.removeItem(STORAGE_KEYS.customerDisplayTill);
    else localStorage.setItem(STORAGE_KEYS.customerDisplayTill, String(tillId));
  } catch {
    // Private mode: nothing to keep.
  }
}

/** Sends at most one state this often: typing a quantity or scanning fast is one update, not ten. */
const SEND_AFTER_MS = 120;

/**
 * Tells the server what the customer display of this till should show, as the cart, the payment and the sale
 * change. Renders nothing; listens to the cart store itself so the POS does not redraw for it. A failed send is
 * dropped (the next change sends the whole state again).
 */
export function CustomerDisplaySync(props: {
  tillId: number;
  store: CartStore;
  pricing: PricingSettings;
  paying: { method: PaymentMethod | null } | null;
  sold: Sale | null;
}) {
  const t = useT();
  const latest = useRef(props);
  latest.current = props;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSent = useRef('');
  const paying = props.paying !== null;
  const payingMethod = props.paying?.method ?? null;

  useEffect(() => {
    const schedule = () => {
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        const { tillId, store, pricing, paying, sold } = latest.current;
        const state = tillDisplayState({
          cart: store.getState(),
          pricing,
          paying,
          sold,
          variantOf: (line) => variantText(line, t),
        });
        const text = JSON.stringify(state);
        if (text === lastSent.current) return;
        lastSent.current = text;
        displayApi.show(tillId, state).catch(() => {
          lastSent.current = '';
        });
      }, SEND_AFTER_MS);
    };
    schedule();
    const unsubscribe = props.store.subscribe(schedule);
    return () => {
      unsubscribe();
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
    // The props that change what is shown are read when sending; a change of any of them sends again.
  }, [props.store, props.tillId, paying, payingMethod, props.sold, props.pricing, t]);
  return null;
}
