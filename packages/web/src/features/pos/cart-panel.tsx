import {
  bahtToSatang,
  chargesVat,
  formatBaht,
  formatSatang,
  pointsForCustomer,
  type Customer,
  type PricingSettings,
  type SaleFigures,
} from '@pos/core';
import { Minus, Plus, ShoppingCart, Trash2, Wallet, X } from 'lucide-react';
import { memo, useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { OriginalPrice } from '../../components/ui/original-price';
import { Thumbnail } from '../../components/ui/thumbnail';
import { useT } from '../../i18n';
import { formatNumber, formatRate } from '../../lib/format-number';
import { cn } from '../../lib/utils';
import { variantText } from '../../lib/variant-text';
import { availableOf, itemCount, keyOf, parseQuantity, variantOf, type CartLine, type CartState } from './cart';
import { CustomerPicker } from './customer-picker';

export interface CartPanelProps {
  cart: CartState;
  figures: SaleFigures | null;
  pricing: PricingSettings;
  customers: readonly Customer[];
  selectedCustomer: Customer | null;
  pointsError: string | null;
  onSelectCustomer: (id: number | null) => void;
  onAddCustomer: () => void;
  /** A line by its key (product, size and colour). */
  onQuantity: (lineKey: string, quantity: number) => void;
  onRemove: (lineKey: string) => void;
  onClear: () => void;
  onExcludeVat: (excluded: boolean) => void;
  /** The shop requires a manager's approval to exclude VAT. */
  vatNeedsApproval?: boolean;
  /** Who approved excluding VAT on this cart, once approved. */
  vatApprovedBy?: string | null;
  onPointsInput: (text: string) => void;
  onApplyPoints: () => void;
  onCancelPoints: () => void;
  onPay: () => void;
  /** Extra content at the top (the drawer's close button). */
  headerAction?: ReactNode;
  className?: string;
}

/**
 * The cart (spec 000 §2 "cart panel"): customer, lines, VAT option, points, totals and the pay button.
 * Memoised: typing in the search box re-renders the screen, not the cart.
 */
export const CartPanel = memo(function CartPanel(props: CartPanelProps) {
  const t = useT();
  const { cart, selectedCustomer } = props;
  const count = itemCount(cart);

  return (
    <section
      aria-label={t('pos.cartTitle')}
      // Contained: a line added or a total changed lays out and repaints the panel alone, not the page
      // (a scan's frame, issue 10 item 6). It already clips what overflows, so nothing drawn changes.
      className={cn(
        'flex min-h-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white contain-content',
        props.className,
      )}
    >
      <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-1.5">
        <ShoppingCart className="size-5 text-slate-500" aria-hidden />
        <h2 className="flex-1 text-lg font-semibold text-slate-900">
          {t('pos.cartTitle')}
          {count > 0 ? (
            <span className="ml-2 text-sm font-normal text-slate-500 tabular-nums">
              {t('pos.cartCount', { count: formatNumber(count) })}
            </span>
          ) : null}
        </h2>
        {cart.lines.length > 0 ? (
          <Button variant="ghost" className="min-h-9 px-3 text-red-700 hover:bg-red-50" onClick={props.onClear}>
            <Trash2 aria-hidden />
            {t('pos.clearCart')}
          </Button>
        ) : null}
        {props.headerAction}
      </header>

      {/* The customer stays at the top; only the lines scroll, so the options and the pay button below are always in view. */}
      <div className="border-b border-slate-100 px-4 py-2">
        <CustomerPicker
          customers={props.customers}
          selectedCustomer={selectedCustomer}
          onSelectCustomer={props.onSelectCustomer}
          onAddCustomer={props.onAddCustomer}
          showPoints={cart.lines.length === 0}
        />
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain" data-testid="cart-lines-scroll">
        {cart.lines.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400">
              <ShoppingCart className="size-6" aria-hidden />
            </span>
            <p className="font-medium text-slate-700">{t('pos.cartEmpty')}</p>
            <p className="text-sm text-slate-500">{t('pos.cartEmptyHint')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t('pos.cartLines')}>
            {cart.lines.map((line) => (
              <CartLineRow
                key={keyOf(line)}
                line={line}
                max={lineMax(cart.lines, line)}
                onQuantity={props.onQuantity}
                onRemove={props.onRemove}
              />
            ))}
          </ul>
        )}
      </div>

      {/* VAT and points share one row (wrapping when narrow): the fixed part under the lines stays small
          so that at least five lines show at 1280×800 with a customer chosen (issue 31 item 4). A shop that
          charges no VAT has nothing to exclude: no box the cashier cannot use. */}
      {cart.lines.length > 0 && (chargesVat(props.pricing) || selectedCustomer) ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-200 px-4 py-1.5">
          {chargesVat(props.pricing) ? (
            <div className="flex items-center gap-1">
              <Checkbox
                id="pos-exclude-vat"
                checked={cart.excludeVat}
                onChange={(event) => props.onExcludeVat(event.target.checked)}
                aria-describedby={props.vatNeedsApproval ? 'pos-exclude-vat-note' : undefined}
                className="-ml-3"
              />
              <Label htmlFor="pos-exclude-vat" className="cursor-pointer text-sm">
                {t('pos.excludeVat')}
              </Label>
            </div>
          ) : null}
          {selectedCustomer ? <PointsBlock {...props} customer={selectedCustomer} /> : null}
          {props.vatNeedsApproval && chargesVat(props.pricing) ? (
            <span id="pos-exclude-vat-note" className="basis-full text-sm text-slate-600">
              {cart.excludeVat && props.vatApprovedBy
                ? t('pos.vatApprovedBy', { name: props.vatApprovedBy })
                : t('pos.vatNeedsApproval')}
            </span>
          ) : null}
        </div>
      ) : null}

      <Totals {...props} />
    </section>
  );
});

function lineMax(lines: readonly CartLine[], line: CartLine): number {
  const variant = variantOf(line.product, line);
  return variant ? availableOf(lines, line.product, variant, keyOf(line)) : line.quantity;
}

/** Memoised: adding a product (a scan) redraws its own line, not every line of a long sale. */
const CartLineRow = memo(function CartLineRow({
  line,
  max,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  /** The most this line may hold (its variant's stock and its product's unassigned stock left by the other lines). */
  max: number;
  onQuantity: (lineKey: string, quantity: number) => void;
  onRemove: (lineKey: string) => void;
}) {
  const t = useT();
  const { product, quantity, price } = line;
  const key = keyOf(line);
  // The box keeps what is typed until it holds a number; leaving it empty restores the quantity.
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = useId();
  const variant = variantText(line, t);
  // Buttons name the line, size and colour included: two sizes of one shirt are two lines.
  const name = variant ? `${product.name} (${variant})` : product.name;

  // Two rows beside the picture: name and line total; quantity, unit price and remove.
  return (
    <li className="flex gap-3 px-4 py-1" data-testid={`cart-line-${product.sku}`}>
      <Thumbnail src={product.image_url} alt="" className="mt-0.5 size-12" />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <p className="min-w-0 flex-1 text-sm leading-snug font-medium break-words text-slate-900">
            {product.name}
            {variant ? <span className="ml-1 text-slate-700">{variant}</span> : null}
          </p>
          <span className="font-semibold text-slate-900 tabular-nums">
            {formatSatang(bahtToSatang(price) * quantity)}
          </span>
        </div>
        <div className="mt-0.5 flex items-center gap-2">
          <div className="flex items-center">
            <Button
              variant="outline"
              size="icon"
              className="size-8 rounded-r-none"
              onClick={() => onQuantity(key, quantity - 1)}
              aria-label={t('pos.decrease', { name })}
            >
              <Minus aria-hidden />
            </Button>
            <label htmlFor={inputId} className="sr-only">
              {t('pos.quantityOf', { name })}
            </label>
            <Input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              step={1}
              value={draft ?? String(quantity)}
              onChange={(event) => {
                const text = event.target.value;
                const n = parseQuantity(text);
                if (n === null) {
                  setDraft(text);
                  return;
                }
                setDraft(null);
                onQuantity(key, n);
              }}
              onBlur={() => setDraft(null)}
              className="h-8 min-h-8 w-12 rounded-none border-x-0 px-1 text-center tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
            />
            <Button
              variant="outline"
              size="icon"
              className="size-8 rounded-l-none"
              onClick={() => onQuantity(key, quantity + 1)}
              aria-label={t('pos.increase', { name })}
            >
              <Plus aria-hidden />
            </Button>
          </div>
          <p className="min-w-0 flex-1 text-xs leading-tight text-slate-500 tabular-nums">
            <span className="block">{t('pos.unitPrice', { price: formatBaht(price) })}</span>
            <OriginalPrice price={price} originalPrice={product.original_price} className="block" />
          </p>
          <Button
            variant="ghost"
            size="icon"
            className="-mr-2 size-8 text-slate-500 hover:bg-red-50 hover:text-red-700"
            onClick={() => onRemove(key)}
            aria-label={t('pos.removeLine', { name })}
          >
            <X aria-hidden />
          </Button>
        </div>
      </div>
    </li>
  );
});

function PointsBlock({
  cart,
  customer,
  figures,
  pricing,
  pointsError,
  onPointsInput,
  onApplyPoints,
  onCancelPoints,
}: CartPanelProps & { customer: Customer }) {
  const t = useT();
  const applied = cart.pointsUsed > 0;
  return (
    <div className="min-w-0 flex-1 basis-56">
      {applied ? (
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm text-amber-900 tabular-nums">
            {t('pos.pointsApplied', {
              count: formatNumber(cart.pointsUsed),
              amount: formatSatang(figures?.discount ?? 0),
            })}
          </p>
          <Button variant="outline" className="min-h-9 px-3" onClick={onCancelPoints}>
            {t('pos.cancelPoints')}
          </Button>
        </div>
      ) : (
        <form
          className="flex items-center gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onApplyPoints();
          }}
        >
          <Label htmlFor="pos-points" className="sr-only">
            {t('pos.usePoints')}
          </Label>
          <Input
            id="pos-points"
            type="number"
            inputMode="numeric"
            min={1}
            max={customer.loyalty_points}
            step={1}
            value={cart.pointsInput}
            onChange={(event) => onPointsInput(event.target.value)}
            placeholder={t('pos.pointsPlaceholder')}
            aria-invalid={pointsError ? true : undefined}
            aria-describedby={pointsError ? 'pos-points-value pos-points-error' : 'pos-points-value'}
            className="h-9 min-h-9 min-w-0 flex-1 tabular-nums"
          />
          <Button type="submit" variant="secondary" className="min-h-9 px-3">
            {t('pos.applyPoints')}
          </Button>
        </form>
      )}
      <span id="pos-points-value" className="block text-xs text-slate-600 tabular-nums">
        {t('pos.customerPoints', { count: formatNumber(customer.loyalty_points) })}
        {' · '}
        {t('pos.pointValue', { value: formatBaht(pricing.onePointValueInBaht) })}
      </span>
      {pointsError && !applied ? (
        <p id="pos-points-error" role="alert" className="text-sm text-red-700">
          {pointsError}
        </p>
      ) : null}
    </div>
  );
}

function Totals({ cart, figures, pricing, selectedCustomer, onPay }: CartPanelProps) {
  const t = useT();
  const empty = cart.lines.length === 0 || !figures;
  const pointsToEarn = figures ? pointsForCustomer(figures, selectedCustomer !== null) : null;
  const rate = formatRate(pricing.taxRate);
  let taxLabel: string;
  if (cart.excludeVat) taxLabel = t('pos.vatExcluded');
  else if (pricing.pricesIncludeVat) taxLabel = t('pos.vatIncluded', { rate });
  else taxLabel = t('pos.vat', { rate });

  return (
    <div className="space-y-1.5 border-t border-slate-200 bg-slate-50 px-4 py-2">
      <dl className="space-y-0.5 text-sm">
        <Row label={t('pos.subtotal')} value={formatSatang(figures?.subtotal ?? 0)} />
        {figures && figures.discount > 0 ? (
          <Row
            label={t('pos.discountPoints', { count: formatNumber(cart.pointsUsed) })}
            value={`-${formatSatang(figures.discount)}`}
            className="text-amber-800"
          />
        ) : null}
        {chargesVat(pricing) ? <Row label={taxLabel} value={formatSatang(figures?.tax ?? 0)} /> : null}
      </dl>
      {/* The total beside the pay button: one row. */}
      <div className="flex items-center gap-3 border-t border-slate-200 pt-1.5">
        <p className="min-w-0 leading-tight">
          <span className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-sm font-semibold text-slate-700">{t('pos.total')}</span>
            {pointsToEarn !== null ? (
              <span className="text-xs text-green-700 tabular-nums">
                {t('pos.pointsToEarn', { count: formatNumber(pointsToEarn) })}
              </span>
            ) : null}
          </span>
          <span data-testid="pos-total" className="block text-2xl font-bold text-slate-900 tabular-nums">
            {formatSatang(figures?.total ?? 0)}
          </span>
        </p>
        <Button size="lg" className="h-12 min-w-0 flex-1 text-lg" onClick={onPay} disabled={empty}>
          <Wallet aria-hidden />
          {t('pos.pay')}
        </Button>
      </div>
    </div>
  );
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={cn('flex justify-between gap-2 text-slate-700', className)}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
