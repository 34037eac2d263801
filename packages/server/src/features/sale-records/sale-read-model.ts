import type { Sale } from '@pos/core';
import type { DbExecutor } from '../../db/executor';
import { toApiSale } from './sale-mapper';
import {
  findPaymentRows,
  findRefundLineRows,
  findRefundPaymentRows,
  findRefundRows,
  findSaleHeads,
  findSaleLineRows,
} from './sale-rows.queries';

// The sale read model: every read of a whole sale goes through here (sales history, exports, receipts,
// customer history), its rows read with the named column sets and mapped to the API's shape by toApiSale.

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** Reads at most this many sales' rows per statement, well inside both engines' parameter limits. */
const READ_CHUNK = 1000;

/** Whole sales by id, in the order of `ids`; ids that do not exist are left out. */
export async function readSales(db: DbExecutor, ids: readonly number[]): Promise<Sale[]> {
  const sales = new Map<number, Sale>();
  for (let start = 0; start < ids.length; start += READ_CHUNK) {
    const chunk = ids.slice(start, start + READ_CHUNK);
    const [heads, items, payments, refunds, refundLines, refundPayments] = await Promise.all([
      findSaleHeads(db, chunk),
      findSaleLineRows(db, chunk),
      findPaymentRows(db, chunk),
      findRefundRows(db, chunk),
      findRefundLineRows(db, chunk),
      findRefundPaymentRows(db, chunk),
    ]);
    const itemsBySale = groupBy(items, (r) => r.sale_id);
    const paymentsBySale = groupBy(payments, (r) => r.sale_id);
    const refundsBySale = groupBy(refunds, (r) => r.sale_id);
    const linesByRefund = groupBy(refundLines, (r) => r.refund_id);
    const partsByRefund = groupBy(refundPayments, (r) => r.refund_id);
    for (const head of heads) {
      sales.set(
        head.id,
        toApiSale(
          head,
          itemsBySale.get(head.id) ?? [],
          paymentsBySale.get(head.id) ?? [],
          refundsBySale.get(head.id) ?? [],
          linesByRefund,
          partsByRefund,
        ),
      );
    }
  }
  return ids.flatMap((id) => sales.get(id) ?? []);
}

export async function readSale(db: DbExecutor, id: number): Promise<Sale | undefined> {
  return (await readSales(db, [id]))[0];
}
