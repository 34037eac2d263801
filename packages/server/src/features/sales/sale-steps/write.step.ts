import type { BeforeCommit } from '../../../db/before-commit';
import type { DB } from '../../../db/schema';
import { saleNotification } from '../../notifications/notifications.service';
import type { OutboxMessage } from '../../notifications/notifications.queries';
import type { PrintJobValues } from '../../printing/print-jobs.queries';
import { saleReceiptJob } from '../../printing/print-jobs.service';
import { RollupChanges } from '../../reports/rollups.service';
import { writeSaleRows } from '../sale-writes.queries';
import type { SaleRecords } from './records.step';
import type { SaleContext } from './sale-context';
import type { SaleHeld } from './sale-context';

/** Step: the LINE message the sale queues in its own transaction (null when the shop wants none). */
export function outboxMessage(
  { settings, input, nowIso }: SaleContext,
  records: SaleRecords,
): Omit<OutboxMessage, 'sale_id'> | null {
  return saleNotification(
    settings,
    {
      documentNumber: records.sale.document_number,
      total: records.sale.total,
      customerName: records.customerName,
      itemCount: records.sale.units,
      paymentMethod: input.paymentMethod,
    },
    nowIso,
  );
}

/**
 * Step: the receipt the sale prints on its till's network printer, queued in its own transaction (issue 37);
 * the cash drawer opens with it when any of the payment was cash. A sale made offline printed its receipt at the
 * till when it was made, and its cash went in then: sent later (even a thousand at once), it prints nothing and
 * opens no drawer.
 */
export function receiptPrintJob(
  { settings, seller, nowIso, mode }: SaleContext,
  records: SaleRecords,
): Omit<PrintJobValues, 'sale_id'> | null {
  if (mode.offline) return null;
  return saleReceiptJob(settings.printing, {
    tillId: records.sale.till_id,
    sellerId: seller.id,
    paidInCash: records.payments.some((payment) => payment.method === 'cash'),
    nowIso,
  });
}

/** Step: writes the sale's rows (on PostgreSQL a counter sale's go just before the commit: writeSaleRows). */
export async function writeRecords(
  { trx }: SaleContext,
  beforeCommit: BeforeCommit<DB>,
  records: SaleRecords,
  queued: {
    notification: Omit<OutboxMessage, 'sale_id'> | null;
    printJob: Omit<PrintJobValues, 'sale_id'> | null;
  },
  held: Pick<SaleHeld, 'ids'>,
): Promise<{ saleId: number; itemIds: number[] }> {
  const { customerName: _shown, ...rows } = records;
  return writeSaleRows(trx, beforeCommit, { ...rows, ...queued }, held.ids);
}

/** Step: the report rollups the sale adds to, written with the commit (one statement for all of them). */
export function addRollups(
  { deps, nowIso, input }: SaleContext,
  beforeCommit: BeforeCommit<DB>,
  records: SaleRecords,
): void {
  beforeCommit.add(
    new RollupChanges(deps.config.shopTimezone).sale(
      {
        created_at: nowIso,
        payment_method: input.paymentMethod,
        total: records.sale.total,
        customer_id: records.sale.customer_id,
      },
      records.items,
      records.payments,
    ),
  );
}
