import { averageOrderValue, formatBaht, formatPhone, isActiveCustomer, type Customer } from '@pos/core';
import { Eye } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useI18n } from '../../i18n';
import { formatDate } from '../../lib/dates';

export interface HistoryRowProps {
  customer: Customer;
  /** "Active" (a purchase within 30 days) is as of this time: the data's load. */
  now: Date;
  onView: (customer: Customer) => void;
}

/** One customer on a phone or small tablet: a card. */
export function HistoryCard({ customer, now, onView }: HistoryRowProps) {
  const { t, intlLocale } = useI18n();
  const active = isActiveCustomer(customer, now);
  return (
    <li>
      <Card className="space-y-3 p-4" data-testid={`history-card-${customer.phone}`}>
        <div className="flex items-start gap-3">
          <Avatar name={customer.name} size="md" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words text-slate-900">{customer.name}</p>
            <p className="text-sm text-slate-600 tabular-nums">{formatPhone(customer.phone)}</p>
            {customer.email ? <p className="text-sm break-all text-slate-600">{customer.email}</p> : null}
          </div>
          <Badge tone={active ? 'green' : 'grey'}>
            {active ? t('customerHistory.active') : t('customerHistory.inactive')}
          </Badge>
        </div>
        <dl className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 text-sm">
          <div>
            <dt className="text-xs text-slate-500">{t('customers.totalSpent')}</dt>
            <dd className="font-semibold tabular-nums">{formatBaht(customer.total_spent)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('customers.purchases')}</dt>
            <dd className="font-semibold tabular-nums">
              {t('customers.purchaseCount', { count: customer.total_purchases })}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('customers.points')}</dt>
            <dd className="font-semibold text-amber-700 tabular-nums">
              {customer.loyalty_points.toLocaleString(intlLocale)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('customers.lastPurchase')}</dt>
            <dd className="font-semibold tabular-nums">
              {customer.last_purchase ? formatDate(customer.last_purchase, intlLocale) : t('customers.neverPurchased')}
            </dd>
          </div>
        </dl>
        <Button variant="outline" className="w-full" onClick={() => onView(customer)}>
          <Eye aria-hidden />
          {t('customerHistory.view')}
          <span className="sr-only">{customer.name}</span>
        </Button>
      </Card>
    </li>
  );
}

/** One customer in the table of spec 001 (wider screens). */
export function HistoryRow({ customer, now, onView }: HistoryRowProps) {
  const { t, intlLocale } = useI18n();
  const active = isActiveCustomer(customer, now);
  return (
    <tr data-testid={`history-row-${customer.phone}`} className="hover:bg-slate-50">
      <td className="px-4 py-3">
        <div className="flex items-center gap-3">
          <Avatar name={customer.name} size="md" />
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">{customer.name}</p>
            <p className="text-xs text-slate-500">
              {t('customers.memberSince', { date: formatDate(customer.created_at, intlLocale) })}
            </p>
          </div>
        </div>
      </td>
      <td className="px-4 py-3">
        <p className="text-slate-900 tabular-nums">{formatPhone(customer.phone)}</p>
        <p className="text-xs break-all text-slate-500">{customer.email ?? t('customers.noEmail')}</p>
      </td>
      <td className="px-4 py-3 text-right tabular-nums">
        <p className="font-semibold text-slate-900">{formatBaht(customer.total_spent)}</p>
        <p className="text-xs text-slate-500">
          {t('customerHistory.purchasesAndAverage', {
            count: customer.total_purchases,
            average: formatBaht(averageOrderValue(customer.total_spent, customer.total_purchases)),
          })}
        </p>
      </td>
      <td className="px-4 py-3 text-right font-semibold text-amber-700 tabular-nums">
        {customer.loyalty_points.toLocaleString(intlLocale)}
      </td>
      <td className="px-4 py-3">
        <p className="text-slate-900 tabular-nums">
          {customer.last_purchase ? formatDate(customer.last_purchase, intlLocale) : t('customers.neverPurchased')}
        </p>
        <Badge tone={active ? 'green' : 'grey'}>
          {active ? t('customerHistory.active') : t('customerHistory.inactive')}
        </Badge>
      </td>
      <td className="px-4 py-3 text-right">
        <Button
          variant="outline"
          onClick={() => onView(customer)}
          aria-label={t('customerHistory.viewNamed', { name: customer.name })}
        >
          <Eye aria-hidden />
          {t('customerHistory.view')}
        </Button>
      </td>
    </tr>
  );
}
