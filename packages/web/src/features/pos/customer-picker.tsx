import { formatPhone, type Customer } from '@pos/core';
import { Check, UserPlus, UserRound, X } from 'lucide-react';
import { memo, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { pickerCustomers } from './customer-picker-options';

export interface CustomerPickerProps {
  customers: readonly Customer[];
  selectedCustomer: Customer | null;
  onSelectCustomer: (id: number | null) => void;
  onAddCustomer: () => void;
  /** The chosen customer's points under the box; the cart shows them in its points row once it has lines. */
  showPoints?: boolean;
}

/** One row of the list: the general customer (no one) or a customer. */
type Option = { kind: 'general' } | { kind: 'customer'; customer: Customer };

/**
 * The order's customer (ARIA combobox with a list): type a name or a phone in
 * any format, arrows move, Enter picks, Escape closes. With nothing typed the
 * most recent customers come first, after "general customer" that clears the
 * choice. The add-customer button sits beside it.
 */
/** Memoised: a scan changes the cart, not the customers, so it does not redraw the picker. */
export const CustomerPicker = memo(function CustomerPicker({
  customers,
  selectedCustomer,
  onSelectCustomer,
  onAddCustomer,
  showPoints = true,
}: CustomerPickerProps) {
  const t = useT();
  const id = useId();
  const inputId = 'pos-customer';
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const result = useMemo(() => pickerCustomers(customers, open ? query : ''), [customers, open, query]);
  const options: Option[] = useMemo(
    () => [
      // Typing looks for someone; "general customer" is offered when the box is empty.
      ...(query.trim() === '' ? [{ kind: 'general' } as const] : []),
      ...result.customers.map((customer) => ({ kind: 'customer', customer }) as const),
    ],
    [query, result.customers],
  );
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;

  // The highlighted option stays in view while the arrows move through a long list.
  useEffect(() => {
    if (!open || activeIndex < 0) return;
    document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex, id]);

  const openList = () => {
    setOpen(true);
    setActive(0);
  };

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  const choose = (option: Option | undefined) => {
    if (!option) return;
    onSelectCustomer(option.kind === 'customer' ? option.customer.id : null);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          openList();
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((options.length + activeIndex + step) % Math.max(options.length, 1));
        return;
      }
      case 'Home':
      case 'End':
        if (!open) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : options.length - 1);
        return;
      case 'Enter':
        if (!open) return;
        event.preventDefault();
        choose(options[activeIndex]);
        return;
      case 'Escape':
        if (!open) return;
        // Closes the list only, not the cart drawer around it.
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
      case 'Tab':
        if (open) close();
        return;
    }
  };

  const label = selectedCustomer ? `${selectedCustomer.name} · ${formatPhone(selectedCustomer.phone)}` : '';

  return (
    <div className="space-y-1.5">
      <Label htmlFor={inputId}>{t('pos.customer')}</Label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <UserRound
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            aria-describedby={`${id}-hint`}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            placeholder={open ? t('pos.customerSearchPlaceholder') : t('pos.generalCustomer')}
            value={open ? query : label}
            onFocus={openList}
            onClick={() => !open && openList()}
            onBlur={close}
            onChange={(event) => {
              setQuery(event.target.value);
              setOpen(true);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className={cn(inputClasses, 'truncate pl-10', selectedCustomer && 'pr-11')}
          />
          {selectedCustomer && !open ? (
            <button
              type="button"
              onClick={() => onSelectCustomer(null)}
              aria-label={t('pos.clearCustomer', { name: selectedCustomer.name })}
              className="absolute top-1/2 right-0.5 flex size-10 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <X className="size-4" aria-hidden />
            </button>
          ) : null}
          <p id={`${id}-hint`} className="sr-only">
            {t('pos.customerSearchHint')}
          </p>
          {open ? (
            <div
              // Keeps focus in the box, so a click on an option or the scrollbar does not close the list first.
              onMouseDown={(event) => event.preventDefault()}
              className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
            >
              <ul id={listId} role="listbox" aria-label={t('pos.customer')} className="max-h-72 overflow-y-auto py-1">
                {options.map((option, index) => (
                  <li
                    key={option.kind === 'general' ? 'general' : option.customer.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    onClick={() => choose(option)}
                    onMouseMove={() => index !== activeIndex && setActive(index)}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-2 px-3 py-1.5',
                      index === activeIndex ? 'bg-blue-50 text-blue-900' : 'text-slate-900',
                    )}
                  >
                    <OptionText option={option} />
                    {(option.kind === 'general' && !selectedCustomer) ||
                    (option.kind === 'customer' && option.customer.id === selectedCustomer?.id) ? (
                      <Check className="size-4 shrink-0 text-blue-700" aria-label={t('pos.customerCurrent')} />
                    ) : null}
                  </li>
                ))}
              </ul>
              {result.customers.length === 0 ? (
                <p className="px-3 py-2 text-sm text-slate-600" role="status">
                  {t('pos.customerNoMatch')}
                </p>
              ) : result.total > result.customers.length ? (
                <p className="border-t border-slate-100 px-3 py-1.5 text-xs text-slate-500" role="status">
                  {t('pos.customerMore', {
                    shown: result.customers.length.toLocaleString('th-TH'),
                    total: result.total.toLocaleString('th-TH'),
                  })}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        <Button variant="outline" size="icon" onClick={onAddCustomer} aria-label={t('pos.addCustomer')}>
          <UserPlus aria-hidden />
        </Button>
      </div>
      {selectedCustomer && showPoints ? (
        <p className="text-sm text-slate-600 tabular-nums">
          {t('pos.customerPoints', { count: selectedCustomer.loyalty_points.toLocaleString('th-TH') })}
        </p>
      ) : null}
    </div>
  );
});

function OptionText({ option }: { option: Option }) {
  const t = useT();
  if (option.kind === 'general') {
    return <span className="min-w-0 flex-1 font-medium">{t('pos.generalCustomer')}</span>;
  }
  const { customer } = option;
  return (
    <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-2">
      <span className="min-w-0 font-medium break-words">{customer.name}</span>
      <span className="text-sm text-slate-600 tabular-nums">{formatPhone(customer.phone)}</span>
    </span>
  );
}
