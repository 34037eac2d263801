import type { Customer } from '@pos/core';
import { toast } from 'sonner';
import type { Translate } from '../../i18n';
import { downloadTextFile } from '../../lib/download';

/**
 * The CSV export of both customer screens: refuses without the permission or with
 * nothing to export, downloads `toCsv`'s file, and says what happened in a toast.
 */
export function downloadCustomersCsv(
  customers: readonly Customer[],
  {
    allowed,
    toCsv,
    t,
  }: {
    allowed: boolean;
    toCsv: (customers: readonly Customer[], now: Date) => { fileName: string; text: string };
    t: Translate;
  },
): void {
  if (!allowed) {
    toast.error(t('customers.exportNoPermissionTitle'), { description: t('customers.exportNoPermission') });
    return;
  }
  if (customers.length === 0) {
    toast.error(t('customers.exportNoDataTitle'), { description: t('customers.exportNoData') });
    return;
  }
  try {
    const { fileName, text } = toCsv(customers, new Date());
    downloadTextFile(fileName, text);
    toast.success(t('customers.exported'), { description: t('customers.exportedMessage', { file: fileName }) });
  } catch {
    toast.error(t('common.error'), { description: t('customers.exportError') });
  }
}
