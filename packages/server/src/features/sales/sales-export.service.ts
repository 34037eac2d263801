import { Readable } from 'node:stream';
import {
  CSV_BOM,
  CSV_PREFIXES,
  csvCell,
  csvFileName,
  salesCsvColumns,
  salesCsvRow,
  shopDateTimeFormatter,
  type CsvCell,
  type SalesExportQuery,
} from '@pos/core';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { shopToday } from '../../calendar/calendar';
import { readSales } from '../sale-records/sale-read-model';
import { listSaleIds, type SaleFilter } from '../sale-records/sale-search.queries';
import { saleFilterOf } from './sales.service';

/** Sales read per statement: each page is one bounded read, so other reads take their turn between pages. */
const EXPORT_PAGE_SIZE = 500;

const csvLine = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * `GET /api/sales/export.csv`: every matching sale as CSV, UTF-8 with a byte-order mark, written page by
 * page as the client reads it (issue 32): memory stays that of one page whatever the number of sales, and
 * a client that stops reading stops the reads. The first page is read before answering, so a refusal
 * (time limit) is still an error answer; a failure later ends the download short, and is logged.
 */
export async function salesExportCsv(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  query: z.output<typeof SalesExportQuery>,
): Promise<{ fileName: string; body: Readable }> {
  const filter = saleFilterOf(query, deps.config.shopTimezone);
  const order = query.layout === 'report' ? 'oldest' : 'newest';
  const dateTime = shopDateTimeFormatter(deps.config.shopTimezone);
  const pageAfter = async (position: { createdAt: string; id: number } | undefined) => {
    const page: SaleFilter = position ? { ...filter, [order === 'newest' ? 'before' : 'after']: position } : filter;
    // One snapshot per page: a sale refunded meanwhile is read whole, before or after its refund.
    const { ids, sales } = await deps.db.reader.transaction().execute(async (trx) => {
      const found = await listSaleIds(trx, page, EXPORT_PAGE_SIZE, order);
      return {
        ids: found,
        sales: await readSales(
          trx,
          found.map((s) => s.id),
        ),
      };
    });
    const last = ids.at(-1);
    return {
      text: sales.map((sale) => csvLine(salesCsvRow(sale, query.layout, dateTime))).join(''),
      next: ids.length === EXPORT_PAGE_SIZE && last ? { createdAt: last.created_at, id: last.id } : undefined,
    };
  };
  const first = await pageAfter(undefined);
  async function* pages(): AsyncGenerator<string> {
    yield `${CSV_BOM}${csvLine(salesCsvColumns(query.layout))}${first.text}`;
    let next = first.next;
    while (next) {
      const page = await pageAfter(next);
      yield page.text;
      next = page.next;
    }
  }
  const prefix = query.layout === 'report' ? CSV_PREFIXES.salesReport : CSV_PREFIXES.salesHistory;
  return {
    fileName: csvFileName(prefix, shopToday(deps.now(), deps.config.shopTimezone)),
    body: Readable.from(pages(), { objectMode: false }),
  };
}
