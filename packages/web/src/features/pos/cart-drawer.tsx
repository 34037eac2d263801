import { formatSatang } from '@pos/core';
import { ShoppingCart, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Sheet, SheetClose, SheetContent } from '../../components/ui/sheet';
import { useT } from '../../i18n';
import { formatNumber } from '../../lib/format-number';
import { cn } from '../../lib/utils';
import { CartPanel, type CartPanelProps } from './cart-panel';

interface CartDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Items in the cart, shown on the button's badge. */
  count: number;
  /** The cart's total in satang, shown on the button. */
  total: number;
  cart: Omit<CartPanelProps, 'className' | 'headerAction'>;
}

/**
 * Spec 000 §9: below 1024 px the cart is a floating button (above the toasts' band) that opens it in a
 * drawer from the right.
 */
export function CartDrawer({ open, onOpenChange, count, total, cart }: CartDrawerProps) {
  const t = useT();
  return (
    <>
      <button
        type="button"
        onClick={() => onOpenChange(true)}
        data-testid="pos-cart-button"
        className="fixed right-4 bottom-24 z-30 flex min-h-14 cursor-pointer items-center gap-3 rounded-full bg-blue-600 py-2 pr-5 pl-4 text-white shadow-lg shadow-blue-900/30 hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        {/* The name starts with what the badge shows in words, then the visible total (WCAG 2.5.3). */}
        <span className="sr-only">{t('pos.openCart', { count: formatNumber(count) })}</span>
        <span className="relative" aria-hidden>
          <ShoppingCart className="size-7" />
          <span
            className={cn(
              'absolute -top-2 -right-3 flex min-w-6 items-center justify-center rounded-full px-1.5 text-xs font-bold tabular-nums',
              count > 0 ? 'bg-red-600 text-white' : 'bg-white text-blue-700',
            )}
          >
            {formatNumber(count)}
          </span>
        </span>
        <span className="text-lg font-bold tabular-nums">{formatSatang(total)}</span>
      </button>
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent
          side="right"
          title={t('pos.cartTitle')}
          // Escape in the open customer list closes that list, not the drawer.
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.closest('[role="combobox"][aria-expanded="true"]')) {
              event.preventDefault();
            }
          }}
          // Ends above the toasts' band at the bottom (app/providers toastPlacement), the pay button clear of them.
          className="flex w-full max-w-[420px] flex-col bg-slate-100 p-2 pb-24"
        >
          <CartPanel
            {...cart}
            className="h-full"
            headerAction={
              <SheetClose asChild>
                <Button variant="ghost" size="icon" aria-label={t('pos.closeCart')}>
                  <X aria-hidden />
                </Button>
              </SheetClose>
            }
          />
        </SheetContent>
      </Sheet>
    </>
  );
}
