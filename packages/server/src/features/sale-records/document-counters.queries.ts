import type { DbExecutor } from '../../db/executor';
import { prepared } from '../../db/prepared';

// Gapless document series (receipts, credit notes, full tax invoices): one counter row per series, advanced
// in the transaction that issues the document, so a rolled-back document gives its number back.

/** The next number of a document series; atomic, and rolled back with the sale if it fails. */
export async function nextInSeries(db: DbExecutor, series: string): Promise<number> {
  const { rows } = await seriesAdvanced(db, { series });
  return rows[0]!.value;
}

const seriesAdvanced = prepared(seriesAdvance);

/** The statement of `nextInSeries`, to send alone or inside another (see `holdCounterSale`). */
export function seriesAdvance(db: DbExecutor, { series }: { series: string }) {
  return db
    .insertInto('document_counters')
    .values({ name: series, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('document_counters.value', '+', 1) })))
    .returning('value');
}
