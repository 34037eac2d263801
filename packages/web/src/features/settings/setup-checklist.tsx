import {
  can,
  DEFAULT_SETTINGS,
  DEFAULT_STORE_NAME,
  ProductsResponse,
  type Settings,
  type StoreSettings,
} from '@pos/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/types';
import { api, errorMessage } from '../../lib/api';
import { cn } from '../../lib/utils';
import { retryOnTimeout } from './retry-on-timeout';
import { announceSettingsUpdated, settingsScreenApi } from './settings-screen.queries';
import { settingsKeys, useStoreSettings } from './settings.queries';
import type { SettingsTab } from './settings-tabs';

/** Thai VAT: 7 %, the Thai retail norm being shelf prices that include it. */
export const THAI_VAT = { taxRate: 7, pricesIncludeVat: true } as const;

export interface ChecklistItem {
  key: 'identity' | 'taxId' | 'vat' | 'payment' | 'categories' | 'product';
  label: MessageKey;
  tab: SettingsTab | 'products';
  done: boolean;
}

/**
 * The first-run steps (issue 13), each done once the owner has set it: a value other than the
 * product's default. The spec's 3 % added on top stays the default, so VAT counts as set once
 * the rate or the mode differs from it.
 */
export function checklistItems(settings: StoreSettings, hasProduct: boolean): ChecklistItem[] {
  const { system, payment } = settings;
  const defaults = DEFAULT_SETTINGS;
  const paymentChanged = (['cashEnabled', 'transferEnabled', 'promptpayEnabled', 'stripeEnabled'] as const).some(
    (key) => payment[key] !== defaults.payment[key],
  );
  return [
    {
      key: 'identity',
      label: 'settings.checklist.identity',
      tab: 'store',
      done: system.storeName.trim() !== DEFAULT_STORE_NAME && system.address.trim() !== '',
    },
    { key: 'taxId', label: 'settings.checklist.taxId', tab: 'store', done: system.taxId !== '' },
    {
      key: 'vat',
      label: 'settings.checklist.vat',
      tab: 'system',
      done: system.taxRate !== defaults.system.taxRate || system.pricesIncludeVat !== defaults.system.pricesIncludeVat,
    },
    {
      key: 'payment',
      label: 'settings.checklist.payment',
      tab: 'payment',
      done: payment.promptpayId !== '' || paymentChanged,
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
 * Each item links to its tab; "7 %, prices include VAT" is one click. Mountable anywhere (the
 * dashboard too): it reads what it needs itself. `onVatApplied` lets a screen holding a settings
 * form take the new values.
 */
export function SetupChecklist({
  onVatApplied,
  className,
}: {
  onVatApplied?: (settings: Settings) => void;
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
  const applyVat = useMutation({
    mutationFn: () => retryOnTimeout(() => settingsScreenApi.save({ system: THAI_VAT })),
    onSuccess: (settings) => {
      announceSettingsUpdated();
      onVatApplied?.(settings);
      toast.success(t('settings.checklist.vatApplied'));
    },
    onError: (error) => toast.error(t('common.error'), { description: errorMessage(error, t('settings.saveError')) }),
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
      <ul className="grid gap-1 md:grid-cols-2">
        {items.map((item) => (
          <li key={item.key} className="flex flex-wrap items-center gap-x-2 gap-y-1">
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
              <Button type="button" variant="secondary" disabled={applyVat.isPending} onClick={() => applyVat.mutate()}>
                <Zap aria-hidden />
                {t('settings.checklist.vatOneClick')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
