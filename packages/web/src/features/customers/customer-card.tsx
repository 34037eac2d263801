import { formatBaht, type Customer } from '@pos/core';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useI18n } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { CustomerContact } from './customer-contact';

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
        <Avatar name={customer.name} />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="text-base leading-snug font-semibold break-words text-slate-900">{customer.name}</h2>
          <p className="text-xs text-slate-500">
            {t('customers.memberSince', { date: formatDate(customer.created_at, intlLocale) })}
          </p>
        </div>
      </div>

      <CustomerContact customer={customer} callable className="px-4" />
      {customer.tax_id ? (
        <dl className="mx-4 mt-3 space-y-0.5 text-sm text-slate-700" data-testid="customer-tax">
          <dt className="text-xs text-slate-500">{t('customers.taxDetails')}</dt>
          <dd className="break-words">{customer.tax_name || customer.name}</dd>
          <dd className="tabular-nums">
            {t('customers.taxIdBranch', {
              taxId: customer.tax_id,
              branch:
                !customer.tax_branch || customer.tax_branch === '00000'
                  ? t('customers.taxHeadOffice')
                  : t('customers.taxBranch', { branch: customer.tax_branch }),
            })}
          </dd>
        </dl>
      ) : null}

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
