import { formatBaht, variantPrice, type VariantChoice } from '@pos/core';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { OriginalPrice } from '../../components/ui/original-price';
import { useT } from '../../i18n';
import { formatNumber } from '../../lib/format-number';
import { cn } from '../../lib/utils';
import type { CartProduct } from './cart';
import {
  chosenVariant,
  groupToAsk,
  initialPick,
  isComplete,
  pickerGroups,
  pickNumber,
  valueOffer,
  type VariantGroup,
} from './variant-pick';

interface VariantPickerDialogProps {
  /** The product being added; null keeps the dialog closed. */
  product: CartProduct | null;
  onPick: (product: CartProduct, choice: VariantChoice) => void;
  onCancel: () => void;
  /** Where focus goes when the dialog closes (the search box, so a scanner keeps working). */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Asks one size and one colour when a product has several: buttons per value;
 * arrow keys move within a group, number keys 1–9 choose, Enter adds, Escape cancels.
 */
export function VariantPickerDialog({ product, onPick, onCancel, onCloseAutoFocus }: VariantPickerDialogProps) {
  return (
    <Dialog open={product !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      {product ? (
        <DialogContent className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
          {/* Keyed so a new product starts a fresh choice. */}
          <Picker key={product.id} product={product} onPick={onPick} onCancel={onCancel} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function Picker({
  product,
  onPick,
  onCancel,
}: Pick<VariantPickerDialogProps, 'onPick' | 'onCancel'> & { product: CartProduct }) {
  const t = useT();
  const [pick, setPick] = useState(() => initialPick(product));
  const formRef = useRef<HTMLFormElement>(null);
  const groups = pickerGroups(product);
  const complete = isComplete(product, pick);
  const missing = groupToAsk(product, pick);
  const firstAsked = groupToAsk(product, initialPick(product)) ?? groups[0];
  const formId = useId();
  const firstSellable = (group: VariantGroup) =>
    (group === 'size' ? product.sizes : product.colors).find(
      (value) => valueOffer(product, initialPick(product), group, value).sellable,
    );
  const chosen = chosenVariant(product, pick);
  const price = chosen ? variantPrice(product, chosen) : product.price;

  /** Focus the chosen (or first) value of a group, or the add button when all is chosen. */
  const focusGroup = (group: VariantGroup | null) => {
    const form = formRef.current;
    if (!form) return;
    const target =
      group === null
        ? form.querySelector<HTMLElement>('button[type="submit"]')
        : (form.querySelector<HTMLInputElement>(`input[name="pos-pick-${group}"]:checked`) ??
          form.querySelector<HTMLInputElement>(`input[name="pos-pick-${group}"]`));
    target?.focus();
  };

  const choose = (next: typeof pick) => {
    setPick(next);
    // After a choice by number, go on to the next open group.
    requestAnimationFrame(() => focusGroup(groupToAsk(product, next)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^[1-9]$/.test(event.key)) {
      const focused = (event.target as HTMLElement).closest<HTMLElement>('[data-group]')?.dataset.group;
      const group = (groups.find((g) => g === focused) ?? groupToAsk(product, pick) ?? groups.at(-1)) as VariantGroup;
      const next = pickNumber(product, pick, group, Number(event.key));
      event.preventDefault();
      if (next) choose(next);
      return;
    }
    // Enter on a value adds the line (or goes to what is still missing); on a button it presses it.
    if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      if (complete) onPick(product, pick);
      else focusGroup(groupToAsk(product, pick));
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) onPick(product, pick);
        else focusGroup(groupToAsk(product, pick));
      }}
      className="grid gap-4"
    >
      <DialogHeader>
        <DialogTitle>{product.name}</DialogTitle>
        <DialogDescription className="flex flex-wrap items-baseline gap-x-2 tabular-nums">
          <span className="font-semibold text-blue-700">{formatBaht(price)}</span>
          <OriginalPrice price={price} originalPrice={product.original_price} className="text-sm text-slate-500" />
        </DialogDescription>
      </DialogHeader>
      {groups.map((group) => {
        const values = group === 'size' ? product.sizes : product.colors;
        return (
          <fieldset key={group} data-group={group} className="grid gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-700">
              {t(group === 'size' ? 'pos.pickSize' : 'pos.pickColor')}
            </legend>
            <div className="flex flex-wrap gap-2">
              {values.map((value, i) => {
                // Stock per value given the other group's choice: with a size chosen, each colour is one cell.
                const offer = valueOffer(product, pick, group, value);
                const stockId = `${formId}-${group}-${i}`;
                return (
                  <label key={value} className="relative">
                    <input
                      type="radio"
                      name={`pos-pick-${group}`}
                      value={value}
                      checked={pick[group] === value}
                      // Sold out (or not carried with the other choice): greyed, and neither a tap nor a key takes it.
                      disabled={!offer.sellable}
                      // Named by its value alone; its stock (inside the label too) describes it.
                      aria-label={value}
                      aria-describedby={stockId}
                      onChange={() => setPick((p) => ({ ...p, [group]: value }))}
                      // The first open group takes focus when the dialog opens.
                      autoFocus={group === firstAsked && value === firstSellable(group)}
                      className="peer sr-only"
                    />
                    <span
                      className={cn(
                        'flex min-h-11 min-w-11 cursor-pointer flex-col items-center justify-center rounded-lg border px-3 py-1 text-base font-medium',
                        'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                        // A chosen value stays blue under the pointer (white on the hover grey could not be read).
                        'peer-checked:border-blue-600 peer-checked:bg-blue-600 peer-checked:text-white peer-checked:hover:bg-blue-700',
                        'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600',
                        'peer-disabled:cursor-not-allowed peer-disabled:border-dashed peer-disabled:bg-slate-100 peer-disabled:text-slate-500 peer-disabled:line-through',
                      )}
                    >
                      <span className="flex items-center gap-1.5">
                        {i < 9 ? (
                          <kbd aria-hidden className="font-sans text-xs opacity-70">
                            {i + 1}
                          </kbd>
                        ) : null}
                        {value}
                      </span>
                      <span id={stockId} className="text-xs font-normal tabular-nums">
                        {offer.sellable ? t('pos.remaining', { count: formatNumber(offer.stock) }) : t('pos.soldOut')}
                        {offer.price !== null ? ` · ${formatBaht(offer.price)}` : ''}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {product.unassigned_stock > 0 ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('pos.pickUnassigned', { count: formatNumber(product.unassigned_stock) })}
        </p>
      ) : null}
      <p className="text-xs text-slate-500">{t('pos.pickHint')}</p>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        {/* Until everything is chosen it says what is missing and looks disabled; pressed, it goes there. */}
        <Button
          type="submit"
          aria-disabled={!complete || undefined}
          className={cn(!complete && 'cursor-not-allowed opacity-50')}
        >
          {complete || missing === null ? t('pos.pickAdd') : t(missing === 'size' ? 'pos.pickSize' : 'pos.pickColor')}
        </Button>
      </DialogFooter>
    </form>
  );
}
