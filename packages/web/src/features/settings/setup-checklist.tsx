import {
  can,
  DEFAULT_SETTINGS,
  DEFAULT_STORE_NAME,
  PAYMENT_METHOD_FLAGS,
  ProductsResponse,
  type Settings,
  type StoreSettings,
} from '@pos/core';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../auth/auth-context';
import { Card } from '../../components/ui/card';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/types';
import { api } from '../../lib/api';
import { cn } from '../../lib/utils';
import { settingsKeys, useStoreSettings } from './settings.queries';
import type { SettingsTab } from './settings-tabs';
import { VatQuestion } from './vat-question';

export interface ChecklistItem {
  key: 'identity' | 'vat' | 'payment' | 'categories' | 'product';
  label: MessageKey;
  tab: SettingsTab | 'products';
  done: boolean;
}

/**
 * The first-run steps (issue 13), each done once the owner has set it. VAT is a question first
 * (issue 31): is the shop registered? "No" is an answer; "yes" comes with the tax id. Payment is
 * done once the methods differ from the defaults or a PromptPay id is set, but never while
 * PromptPay is on without its number (the till could not show its QR).
 */
export function checklistItems(settings: StoreSettings, hasProduct: boolean): ChecklistItem[] {
  const { system, payment } = settings;
  const defaults = DEFAULT_SETTINGS;
  const paymentChanged = PAYMENT_METHOD_FLAGS.some((key) => payment[key] !== defaults.payment[key]);
  const promptPayMissing = payment.promptpayEnabled && payment.promptpayId === '';
  return [
    { key: 'vat', label: 'settings.checklist.vat', tab: 'system', done: system.vatRegistered !== null },
    {
      key: 'identity',
      label: 'settings.checklist.identity',
      tab: 'store',
      done: system.storeName.trim() !== DEFAULT_STORE_NAME && system.address.trim() !== '',
    },
    {
      key: 'payment',
      label: 'settings.checklist.payment',
      tab: 'payment',
      done: (payment.promptpayId !== '' || paymentChanged) && !promptPayMissing,
    },
    {
      key: 'categories',
      label: 'settings.checklist.categories',
      tab: 'categories',
      done: settings.categories.length > 0,
    },
    { key: 'product', label: 'settings.checklist.product', tab: 'products', done: hasProduct },
  ];
}

const hasProductKey = [...settingsKeys.all, 'checklist', 'has-product'] as const;

/** Where an item's link goes: its settings tab, or the products screen. */
export function checklistHref(tab: ChecklistItem['tab']): string {
  return tab === 'products' ? '/products' : `/settings?tab=${tab}`;
}

/**
 * The first-run checklist: shown to those who may change settings until every step is done.
 * Each item links to its tab; the VAT question is answered in place (VatQuestion). Mountable
 * anywhere (the dashboard too): it reads what it needs itself. `onVatAnswered` lets a screen
 * holding a settings form take the new values.
 */
export function SetupChecklist({
  onVatAnswered,
  className,
}: {
  onVatAnswered?: (settings: Settings) => void;
  className?: string;
}) {
  const t = useT();
  const me = useCurrentUser();
  const allowed = can(me.role, 'settings_edit') && can(me.role, 'products_view');
  const store = useStoreSettings();
  const products = useQuery({
    queryKey: hasProductKey,
    queryFn: ({ signal }) => api.get('/products?limit=1', { schema: ProductsResponse, signal }),
    select: (r) => r.products.length > 0,
    enabled: allowed,
  });
  if (!allowed || !store.data || products.data === undefined) return null;
  const items = checklistItems(store.data, products.data);
  const done = items.filter((item) => item.done).length;
  if (done === items.length) return null;

  return (
    <Card className={cn('p-4 sm:p-5', className)} data-testid="setup-checklist">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t('settings.checklist.title')}</h2>
        <p className="text-sm text-slate-600">{t('settings.checklist.progress', { done, total: items.length })}</p>
      </div>
      <ul className="grid items-start gap-1 md:grid-cols-2">
        {items.map((item) => (
          <li
            key={item.key}
            className={cn(
              'flex flex-wrap items-center gap-x-2 gap-y-1',
              item.key === 'vat' && !item.done && 'md:col-span-2',
            )}
          >
            <Link
              to={checklistHref(item.tab)}
              className={cn(
                'flex min-h-11 flex-1 items-center gap-2 rounded-lg px-2 text-sm hover:bg-slate-50',
                'focus-visible:outline-2 focus-visible:outline-blue-600',
                item.done ? 'text-slate-500 line-through' : 'text-blue-700 underline-offset-2 hover:underline',
              )}
            >
              {item.done ? (
                <CheckCircle2 className="size-5 shrink-0 text-green-700" aria-hidden />
              ) : (
                <Circle className="size-5 shrink-0 text-slate-400" aria-hidden />
              )}
              <span className="sr-only">
                {item.done ? t('settings.checklist.done') : t('settings.checklist.todo')}:{' '}
              </span>
              {t(item.label)}
            </Link>
            {item.key === 'vat' && !item.done ? (
              <VatQuestion system={store.data.system} onAnswered={onVatAnswered} />
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
