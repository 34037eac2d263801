import type { PrinterType } from '@pos/core';
import { Printer } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../i18n';
import { reprintOfflineReceipt, useOfflineReceiptPrint } from './offline-receipt-print';
import { PrintStatusBox } from './print-job-state';

/**
 * In the receipt dialog of a sale made offline (issue 38): how its receipt went to the till's USB or serial
 * printer (printing, printed, or failed with "print again"), as an online sale's job shows; or why it did not
 * print by itself (a network printer the server sends to, a printer not connected at this PC), the browser's
 * print dialog being the way then.
 */
export function OfflinePrintStatus({
  documentNumber,
  printer,
}: {
  documentNumber: string;
  printer: { name: string; type: PrinterType };
}) {
  const t = useT();
  const print = useOfflineReceiptPrint(documentNumber);
  const [reprinting, setReprinting] = useState(false);

  if (printer.type === 'network' || print?.state.phase === 'skipped') {
    const text =
      printer.type === 'network'
        ? t('printing.offline.network', { name: printer.name })
        : print?.state.phase === 'skipped' && print.state.reason === 'unsupported'
          ? t(`printing.device.unsupported.${printer.type}`)
          : t('printing.offline.notConnected', { name: printer.name });
    return (
      <p
        role="status"
        data-testid="offline-print-notice"
        className="flex gap-2 rounded-lg border border-slate-200 bg-white p-2 text-sm text-slate-700"
      >
        <Printer className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
        {text}
      </p>
    );
  }
  if (!print) return null;
  const { state } = print;
  return (
    <PrintStatusBox
      phase={state.phase}
      printerName={print.printerName}
      label={t('printing.status.label')}
      failure={
        state.phase !== 'failed'
          ? null
          : state.failure === 'RENDER_FAILED'
            ? t('printing.offline.renderFailed')
            : t(`printing.device.failure.${state.failure}`)
      }
      reprinting={reprinting}
      onReprint={() => {
        setReprinting(true);
        void reprintOfflineReceipt(documentNumber).finally(() => setReprinting(false));
      }}
      testIds={{ status: 'sale-print-status', failure: 'sale-print-failure' }}
    />
  );
}
