import { formatBaht, formatThaiPhone, type Customer } from '@pos/core';
import { Mail, MapPin, Pencil, Phone, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useI18n } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { initialOf } from '../../lib/utils';

interface CustomerCardProps {
  customer: Customer;
  permissions: { edit: boolean; remove: boolean };
  deletePending: boolean;
  onEdit: (customer: Customer) => void;
  onDelete: (customer: Customer) => void;
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold break-words text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * One customer (spec 001 "Customer management"): avatar initial, member-since
 * date, phone, e-mail, address, total spent, purchases, last purchase, points.
 */
export function CustomerCard({ customer, permissions, deletePending, onEdit, onDelete }: CustomerCardProps) {
  const { t, intlLocale } = useI18n();
  const hasActions = permissions.edit || permissions.remove;

  return (
    <Card
      data-testid={`customer-card-${customer.phone}`}
      className="flex w-full flex-col"
      role="article"
      aria-label={customer.name}
    >
      <div className="flex items-start gap-3 p-4 pb-3">
        <span
          aria-hidden
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-blue-100 text-lg font-semibold text-blue-700"
        >
          {initialOf(customer.name)}
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="text-base leading-snug font-semibold break-words text-slate-900">{customer.name}</h2>
          <p className="text-xs text-slate-500">
            {t('customers.memberSince', { date: formatDate(customer.created_at, intlLocale) })}
          </p>
        </div>
      </div>

      <div className="space-y-1.5 px-4 text-sm text-slate-700">
        <p className="flex items-center gap-2">
          <Phone className="size-4 shrink-0 text-slate-400" aria-hidden />
          <span className="sr-only">{t('customers.phone')}</span>
          <a href={`tel:${customer.phone}`} className="tabular-nums hover:underline">
            {formatThaiPhone(customer.phone)}
          </a>
        </p>
        <p className="flex items-center gap-2 break-all">
          <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
          <span className="sr-only">{t('customers.email')}</span>
          {customer.email ?? <span className="text-slate-400">{t('customers.noEmail')}</span>}
        </p>
        <p className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
          <span className="sr-only">{t('customers.address')}</span>
          <span className="break-words">
            {customer.address ?? <span className="text-slate-400">{t('customers.noAddress')}</span>}
          </span>
        </p>
      </div>

      <dl className="m-4 mb-3 grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3">
        <Figure label={t('customers.totalSpent')}>{formatBaht(customer.total_spent)}</Figure>
        <Figure label={t('customers.purchases')}>
          {t('customers.purchaseCount', { count: customer.total_purchases.toLocaleString(intlLocale) })}
        </Figure>
        <Figure label={t('customers.lastPurchase')}>
          {customer.last_purchase ? formatDate(customer.last_purchase, intlLocale) : t('customers.neverPurchased')}
        </Figure>
        <Figure label={t('customers.points')}>
          <span className="text-amber-700">
            {t('customers.pointsValue', { points: customer.loyalty_points.toLocaleString(intlLocale) })}
          </span>
        </Figure>
      </dl>

      {hasActions ? (
        <div
          role="group"
          aria-label={t('customers.actions', { name: customer.name })}
          className="mt-auto grid grid-cols-2 gap-2 border-t border-slate-100 p-3"
        >
          {permissions.edit ? (
            <Button variant="outline" onClick={() => onEdit(customer)}>
              <Pencil aria-hidden />
              {t('customers.edit')}
            </Button>
          ) : null}
          {permissions.remove ? (
            <Button variant="destructive-outline" onClick={() => onDelete(customer)} disabled={deletePending}>
              <Trash2 aria-hidden />
              {t('customers.delete')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
