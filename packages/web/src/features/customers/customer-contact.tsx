import { formatPhone, type Customer } from '@pos/core';
import { Mail, MapPin, Phone } from 'lucide-react';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';

/**
 * A customer's phone, e-mail and address, each with its icon and a label for screen
 * readers; a missing e-mail or address says so. `callable` makes the phone a `tel:` link.
 */
export function CustomerContact({
  customer,
  callable = false,
  className,
}: {
  customer: Customer;
  callable?: boolean;
  className?: string;
}) {
  const t = useT();
  const phone = formatPhone(customer.phone);
  return (
    <ul className={cn('space-y-1.5 text-sm text-slate-700', className)}>
      <li className="flex items-center gap-2">
        <Phone className="size-4 shrink-0 text-slate-400" aria-hidden />
        <span className="sr-only">{t('customers.phone')}</span>
        {callable ? (
          <a href={`tel:${customer.phone}`} className="tabular-nums hover:underline">
            {phone}
          </a>
        ) : (
          <span className="tabular-nums">{phone}</span>
        )}
      </li>
      <li className="flex items-center gap-2 break-all">
        <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
        <span className="sr-only">{t('customers.email')}</span>
        {customer.email ?? <span className="text-slate-500 italic">{t('customers.noEmail')}</span>}
      </li>
      <li className="flex items-start gap-2">
        <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
        <span className="sr-only">{t('customers.address')}</span>
        <span className="break-words">
          {customer.address ?? <span className="text-slate-500 italic">{t('customers.noAddress')}</span>}
        </span>
      </li>
    </ul>
  );
}
