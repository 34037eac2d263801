import { csvFileName } from '@pos/core';
import { toast } from 'sonner';
import type { Translate } from '../../i18n';
import { errorMessage } from '../../lib/api';
import type { DayRange } from '../../lib/date-keys';
import { downloadTextFile } from '../../lib/download';
import { localDateKey } from '../../lib/dates';
import { fetchSalesCsv } from '../sales-history/sales-history.queries';

/**
 * The export buttons of the reports screen and the dashboard: refused without reports_export or with no
 * sales (spec 000 §5, 001 §5), otherwise every sale of `range` (null: all; with a till, that till's) from the server
 * as a CSV file.
 */
export async function downloadSalesCsv({
  allowed,
  range,
  prefix,
  t,
}: {
  allowed: boolean;
  range: (DayRange & { tillId?: number | null }) | null;
  prefix: string;
  t: Translate;
}): Promise<void> {
  if (!allowed) {
    toast.error(t('reports.exportNoPermissionTitle'), { description: t('reports.exportNoPermission') });
    return;
  }
  let csv: { text: string; rows: number };
  try {
    csv = await fetchSalesCsv(range ?? {}, 'report');
  } catch (error) {
    toast.error(t('reports.exportErrorTitle'), { description: errorMessage(error, t('reports.exportError')) });
    return;
  }
  if (csv.rows === 0) {
    toast.error(t('reports.exportNoDataTitle'), { description: t('reports.exportNoData') });
    return;
  }
  const fileName = csvFileName(prefix, localDateKey(new Date()));
  downloadTextFile(fileName, csv.text);
  toast.success(t('reports.exported'), { description: t('reports.exportedMessage', { file: fileName }) });
}
