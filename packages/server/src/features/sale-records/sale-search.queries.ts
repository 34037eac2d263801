import { SPLIT_PAYMENT, type SalePaymentMethod, type SaleStatus } from '@pos/core';
import { sql } from 'kysely';
import { isSqlite, type DbExecutor } from '../../db/executor';
import { shopDayEnd, shopDayOf, shopDayStart } from '../../calendar/shop-day';

// Finding sales: the history's filters and search, its page and summary, and keyset pages of ids
// (the exports, customer history). Whole sales are then read by sale-read.queries.ts.

/** What narrows a list of sales; dates are UTC instants, `before` a keyset position (newest first). */
export interface SaleFilter {
  from?: string;
  /** Exclusive. */
  to?: string;
  search?: string;
  status?: SaleStatus;
  paymentMethod?: SalePaymentMethod;
  customerId?: number;
  /** Sales of one till (issue 35). */
  tillId?: number;
  before?: { createdAt: string; id: number };
  /** Oldest first: the position after which the page starts. */
  after?: { createdAt: string; id: number };
}

/** A LIKE pattern for "contains term", with %, _ and \ taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filteredSales(db: DbExecutor, filter: SaleFilter) {
  const term = filter.search?.trim().toLowerCase() ?? '';
  return db
    .selectFrom('sales')
    .$if(filter.from !== undefined, (qb) => qb.where('sales.created_at', '>=', filter.from!))
    .$if(filter.to !== undefined, (qb) => qb.where('sales.created_at', '<', filter.to!))
    .$if(filter.status !== undefined, (qb) => qb.where('sales.status', '=', filter.status!))
    .$if(filter.tillId !== undefined, (qb) => qb.where('sales.till_id', '=', filter.tillId!))
    .$if(filter.paymentMethod !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('sales.payment_method', '=', filter.paymentMethod!),
          // A split sale is found under each of its parts' methods.
          eb.and([
            eb('sales.payment_method', '=', SPLIT_PAYMENT),
            eb.exists(
              eb
                .selectFrom('payments')
                .select('payments.id')
                .whereRef('payments.sale_id', '=', 'sales.id')
                .where('payments.method', '=', filter.paymentMethod!),
            ),
          ]),
        ]),
      ),
    )
    .$if(filter.customerId !== undefined, (qb) => qb.where('sales.customer_id', '=', filter.customerId!))
    .$if(term !== '', (qb) => qb.where(searchCondition(db, term)));
}

/**
 * "The sale contains `term`" (lower-cased): its document number, its customer's name as sold, the linked
 * customer's current name or phone (the term's digits, 3 or more: a phone typed with dashes), or one of
 * its lines' product names or SKUs, each compared as lower(column) LIKE '%term%'.
 *
 * A term of 3 or more characters is found by index (the sales-search migration), as the union of: the
 * sales whose document number or customer name matches (PostgreSQL: its pg_trgm indexes serve these
 * LIKEs; SQLite: an FTS5 trigram index of the lower-cased columns, matched case-sensitively, which finds
 * exactly what the LIKEs find), the sales of the customers matched in their (small) table by
 * sales.customer_id, and the sales of the lines: on PostgreSQL by the lines' trigram indexes; on SQLite,
 * the products whose names or SKUs as sold match (sale_line_names, a few rows per product) and their
 * lines by product id, with the lines of no product (a product deleted since) read and compared. A
 * shorter term has no trigram: every sale is read, as before (quick enough only for a narrow date range).
 */
function searchCondition(db: DbExecutor, term: string) {
  const pattern = containsPattern(term);
  const digits = term.replace(/[^0-9]/g, '');
  const headMatches = sql<boolean>`(lower(sales.document_number) like ${pattern} escape '\\'
    or lower(coalesce(sales.customer_name, '')) like ${pattern} escape '\\')`;
  const customerMatches = sql<boolean>`(lower(customers.name) like ${pattern} escape '\\'${
    digits.length >= 3 ? sql` or customers.phone like ${containsPattern(digits)} escape '\\'` : sql``
  })`;
  const lineMatches = sql<boolean>`(lower(sale_items.product_name) like ${pattern} escape '\\'
    or lower(coalesce(sale_items.sku, '')) like ${pattern} escape '\\')`;
  // FTS5 reads its query as C text: a NUL (which no stored text holds) would cut the phrase short.
  if ([...term].length < 3 || term.includes('\u0000')) {
    return sql<boolean>`(${headMatches}
      or exists (select 1 from customers where customers.id = sales.customer_id and ${customerMatches})
      or exists (select 1 from sale_items where sale_items.sale_id = sales.id and ${lineMatches}))`;
  }
  // Inside the quotes every character but the quote itself is taken literally.
  const phrase = `"${term.replaceAll('"', '""')}"`;
  const sqlite = isSqlite(db);
  return sql<boolean>`sales.id in (
    ${
      sqlite
        ? sql`select rowid as id from sales_search where sales_search match ${phrase}`
        : sql`select sales.id from sales where ${headMatches}`
    }
    union all
    select sales.id from sales where sales.customer_id in (select customers.id from customers where ${customerMatches})
    union all
    select sale_items.sale_id from sale_items where ${
      sqlite
        ? sql`(sale_items.product_id in (select product_id from sale_line_names
              where lower(product_name) like ${pattern} escape '\\' or lower(sku) like ${pattern} escape '\\')
            or sale_items.product_id is null) and `
        : sql``
    }${lineMatches})`;
}

export interface SalesSummary {
  count: number;
  total: number;
  refunded: number;
  items: number;
  customers: number;
}

/**
 * A page of the matching sales (`limit`, newest first, after `filter.before`), and how many match with the
 * summary cards' figures over all of them (every page), in satang. The matching sales are found once for
 * both, kept, and the page and the sums taken from there (a Thai name matching 15,000 of 1,000,000 sales was
 * found twice on PostgreSQL, 115 ms each; issue 32); a range of whole days alone is summed from the rollups.
 */
export async function pageAndSummary(
  db: DbExecutor,
  filter: SaleFilter,
  limit: number,
): Promise<{ page: { id: number; created_at: string }[]; summary: SalesSummary }> {
  const onlyDates =
    !filter.search?.trim() &&
    filter.status === undefined &&
    filter.paymentMethod === undefined &&
    filter.customerId === undefined &&
    filter.tillId === undefined;
  const days = onlyDates ? await rollupDays(db, filter) : undefined;
  if (days) {
    const [page, summary] = await Promise.all([listSaleIds(db, filter, limit), summarizeDays(db, filter, days)]);
    return { page, summary };
  }
  // Kysely writes the subquery in its parentheses.
  const matched = filteredSales(db, filter).select([
    'sales.id',
    'sales.created_at',
    'sales.total',
    'sales.customer_id',
    'sales.units',
  ]);
  const before = filter.before;
  const after = before
    ? sql`where created_at < ${before.createdAt} or (created_at = ${before.createdAt} and id < ${before.id})`
    : sql``;
  // One row per sale of the page, each with the summary; one row with no sale when the page is empty.
  const { rows } = await sql<
    { id: number | null; created_at: string | null } & Record<keyof SalesSummary, number | string>
  >`with matched as materialized ${matched},
    summary as (select (select count(*) from matched) as count,
      (select coalesce(sum(total), 0) from matched) as total,
      (select count(distinct customer_id) from matched) as customers,
      (select coalesce(sum(units), 0) from matched) as items,
      (select coalesce(sum(amount), 0) from refunds where sale_id in (select id from matched)) as refunded)
    select page.id, page.created_at, summary.count, summary.total, summary.customers, summary.items, summary.refunded
    from summary left join (select id, created_at from matched ${after}
      order by created_at desc, id desc limit ${limit}) as page on true
    order by page.created_at desc, page.id desc`.execute(db);
  const row = rows[0]!;
  return {
    page: rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, created_at: r.created_at! }])),
    summary: {
      count: Number(row.count),
      total: Number(row.total),
      refunded: Number(row.refunded),
      items: Number(row.items),
      customers: Number(row.customers),
    },
  };
}

/**
 * The shop days of the report rollups (`features/reports/rollups.*`) that `filter`'s range is made of,
 * when it is whole days in the zone the rollups are keyed by (the history's date filter always is, once
 * the rollups are keyed by SHOP_TIMEZONE); undefined otherwise (or while they are being rebuilt).
 */
async function rollupDays(db: DbExecutor, filter: SaleFilter): Promise<{ first?: string; last?: string } | undefined> {
  const state = await db.selectFrom('report_rollup_state').select('time_zone').where('id', '=', 1).executeTakeFirst();
  const zone = state?.time_zone;
  if (!zone) return undefined;
  const first = filter.from === undefined ? undefined : shopDayOf(filter.from, zone);
  const last = filter.to === undefined ? undefined : shopDayOf(new Date(Date.parse(filter.to) - 1), zone);
  if (first !== undefined && shopDayStart(first, zone) !== filter.from) return undefined;
  if (last !== undefined && shopDayEnd(last, zone) !== filter.to) return undefined;
  return { first, last };
}

/**
 * The summary of every sale in whole shop days without reading their lines (a 3-month range of a
 * 1,000,000-sale shop has ~480,000): the count, total and customers from the sales' covering index
 * (sales_report_cover), the units from the day rollups (units kept: sold less refunded) plus the units
 * refunded from these sales, and the refunds by their sales (refunds are few).
 */
async function summarizeDays(
  db: DbExecutor,
  filter: SaleFilter,
  days: { first?: string; last?: string },
): Promise<SalesSummary> {
  const [head, kept, back] = await Promise.all([
    db
      .selectFrom('sales')
      .$if(filter.from !== undefined, (qb) => qb.where('sales.created_at', '>=', filter.from!))
      .$if(filter.to !== undefined, (qb) => qb.where('sales.created_at', '<', filter.to!))
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('sales.total'), eb.lit(0)).as('total'),
        eb.fn.count<number>('sales.customer_id').distinct().as('customers'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('report_days')
      .$if(days.first !== undefined, (qb) => qb.where('day', '>=', days.first!))
      .$if(days.last !== undefined, (qb) => qb.where('day', '<=', days.last!))
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('units'), eb.lit(0)).as('units'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('refunds')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('sales as s')
            .select('s.id')
            .whereRef('s.id', '=', 'refunds.sale_id')
            .$if(filter.from !== undefined, (qb) => qb.where('s.created_at', '>=', filter.from!))
            .$if(filter.to !== undefined, (qb) => qb.where('s.created_at', '<', filter.to!)),
        ),
      )
      .select([
        sql<number>`coalesce(sum(refunds.amount), 0)`.as('amount'),
        sql<number>`coalesce(sum((select sum(refund_items.quantity) from refund_items
          where refund_items.refund_id = refunds.id)), 0)`.as('units'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    count: Number(head.count),
    total: Number(head.total),
    refunded: Number(back.amount),
    items: Number(kept.units) + Number(back.units),
    customers: Number(head.customers),
  };
}

/** Ids and positions of one page of matching sales, newest first (or oldest first: `after` then says where). */
export function listSaleIds(
  db: DbExecutor,
  filter: SaleFilter,
  limit: number | null,
  order: 'newest' | 'oldest' = 'newest',
): Promise<{ id: number; created_at: string }[]> {
  const before = filter.before;
  const after = filter.after;
  const direction = order === 'newest' ? 'desc' : 'asc';
  return filteredSales(db, filter)
    .select(['sales.id', 'sales.created_at'])
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('sales.created_at', '<', before!.createdAt),
          eb.and([eb('sales.created_at', '=', before!.createdAt), eb('sales.id', '<', before!.id)]),
        ]),
      ),
    )
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('sales.created_at', '>', after!.createdAt),
          eb.and([eb('sales.created_at', '=', after!.createdAt), eb('sales.id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('sales.created_at', direction)
    .orderBy('sales.id', direction)
    .$if(limit !== null, (qb) => qb.limit(limit!))
    .execute();
}
