import type { Customer, PricingSettings } from '@pos/core';
import { memo, useMemo, type ComponentProps } from 'react';
import { cartFigures, itemCount } from './cart';
import { CartDrawer } from './cart-drawer';
import { CartPanel, type CartPanelProps } from './cart-panel';
import { PosCatalogue } from './pos-catalogue';
import { useCartSelector, type CartStore } from './use-cart';

type CartHandlers = Pick<
  CartPanelProps,
  | 'onSelectCustomer'
  | 'onAddCustomer'
  | 'onQuantity'
  | 'onRemove'
  | 'onClear'
  | 'onExcludeVat'
  | 'onPointsInput'
  | 'onApplyPoints'
  | 'onCancelPoints'
  | 'onPay'
>;

interface PosCartProps {
  store: CartStore;
  pricing: PricingSettings;
  customers: readonly Customer[];
  pointsError: string | null;
  vatNeedsApproval: boolean;
  vatApprovedBy: string | null;
  /** Stable (the screen's), so that only a cart change redraws the cart. */
  handlers: CartHandlers;
  /** Below 1024 px the cart is a drawer behind a floating button (spec 000 §9); beside the grid otherwise. */
  drawer?: { open: boolean; onOpenChange: (open: boolean) => void };
}

/**
 * The cart panel (or drawer) with the cart it shows: the one part of the screen that reads the whole
 * cart, so that a scan redraws the cart and not the screen around it.
 */
export const PosCart = memo(function PosCart({ store, handlers, drawer, ...props }: PosCartProps) {
  const cart = useCartSelector(store, (current) => current);
  const figures = useMemo(() => cartFigures(cart, props.pricing), [cart, props.pricing]);
  const selectedCustomer = props.customers.find((c) => c.id === cart.customerId) ?? null;
  const panel = { ...props, ...handlers, cart, figures, selectedCustomer };
  if (!drawer) return <CartPanel {...panel} className="h-full shadow-sm" />;
  return (
    <CartDrawer
      open={drawer.open}
      onOpenChange={drawer.onOpenChange}
      count={itemCount(cart)}
      total={figures?.total ?? 0}
      cart={panel}
    />
  );
});

type CatalogueWithCartProps = Omit<ComponentProps<typeof PosCatalogue>, 'inCart'> & { cartStore: CartStore };

/** The catalogue with each product's quantity in the cart (over all its lines: sizes and colours are separate lines). */
export const CatalogueWithCart = memo(function CatalogueWithCart({ cartStore, ...props }: CatalogueWithCartProps) {
  const lines = useCartSelector(cartStore, (cart) => cart.lines);
  const inCart = useMemo(() => {
    const byProduct = new Map<number, number>();
    for (const l of lines) byProduct.set(l.product.id, (byProduct.get(l.product.id) ?? 0) + l.quantity);
    return byProduct;
  }, [lines]);
  return <PosCatalogue {...props} inCart={inCart} />;
});
