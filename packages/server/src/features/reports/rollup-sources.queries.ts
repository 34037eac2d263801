import { sql, type RawBuilder } from 'kysely';

/**
 * The report rollups' rows computed from the sales, lines and refunds themselves, as SELECTs: the rebuild
 * inserts them (all tills), and the reports of one till (issue 35) read them in place of the rollup tables,
 * which are kept for the whole shop only. One definition, so a till's figures are the shop's figures for its
 * sales (a test holds one till's report equal to the shop's when every sale was made there).
 */

/** A shop day as its instants [from, to) (reports.queries.ts' Bucket). */
interface Bucket {
  key: string;
  from: string;
  to: string;
}

/** Instant buckets as a subquery `b(bkey, bfrom, bto)` that both engines join on. */
function buckets(days: Bucket[]): RawBuilder<unknown> {
  const rows = days.map((d) => sql`(${d.key}, ${d.from}, ${d.to})`);
  return sql`(select column1 as bkey, column2 as bfrom, column3 as bto from (values ${sql.join(rows)}) as v) b`;
}

/** Sales made in a bucket, and at the till when one is named. */
function salesOf(tillId: number | null): RawBuilder<unknown> {
  const atTill = tillId === null ? sql`` : sql` and s.till_id = ${tillId}`;
  return sql`join sales s on s.created_at >= b.bfrom and s.created_at < b.bto${atTill}`;
}

/**
 * `report_days` rows (day, payment_method, gross, orders, refunded, refunds, units): a split bill's parts each
 * under their method with their money, refunds' parts and one order, its own row correcting the orders counted
 * more than once (SPLIT_ROLLUP in rollups.service.ts).
 */
export function reportDaysOf(days: Bucket[], tillId: number | null): RawBuilder<unknown> {
  return sql`
    select day, payment_method, sum(gross) as gross, sum(orders) as orders, sum(refunded) as refunded,
      sum(refunds) as refunds, sum(units) as units
    from (
      select b.bkey as day, s.payment_method as payment_method,
        sum(case when s.payment_method = 'split' then 0 else s.total end) as gross,
        sum(case when s.status = 'refunded' then 0 when s.payment_method = 'split'
          then 1 - (select count(*) from payments p where p.sale_id = s.id) else 1 end) as orders,
        sum(case when s.payment_method = 'split' then 0
          else coalesce((select sum(r.amount) from refunds r where r.sale_id = s.id), 0) end) as refunded,
        sum((select count(*) from refunds r where r.sale_id = s.id)) as refunds,
        sum(coalesce((select sum(si.quantity) from sale_items si where si.sale_id = s.id), 0)
          - coalesce((select sum(ri.quantity) from refunds r join refund_items ri on ri.refund_id = r.id
              where r.sale_id = s.id), 0)) as units
      from ${buckets(days)} ${salesOf(tillId)}
      group by b.bkey, s.payment_method
      union all
      select b.bkey as day, p.method as payment_method, sum(p.amount) as gross,
        sum(case when s.status <> 'refunded' then 1 else 0 end) as orders,
        sum(coalesce((select sum(rp.amount) from refunds r join refund_payments rp on rp.refund_id = r.id
          where r.sale_id = s.id and rp.method = p.method), 0)) as refunded,
        0 as refunds, 0 as units
      from ${buckets(days)} ${salesOf(tillId)}
        join payments p on p.sale_id = s.id
      where s.payment_method = 'split'
      group by b.bkey, p.method
    ) parts
    group by day, payment_method`;
}

/** `report_product_days` rows (day, product_name, product_id, quantity, revenue): units kept at the line's price. */
export function productDaysOf(days: Bucket[], tillId: number | null): RawBuilder<unknown> {
  return sql`
    select b.bkey as day, si.product_name as product_name, max(si.product_id) as product_id,
      sum(si.quantity - coalesce(back.units, 0)) as quantity,
      sum(si.price * (si.quantity - coalesce(back.units, 0))) as revenue
    from ${buckets(days)} ${salesOf(tillId)}
      join sale_items si on si.sale_id = s.id
      left join (
        select ri.sale_item_id, sum(ri.quantity) as units from refund_items ri group by ri.sale_item_id
      ) back on back.sale_item_id = si.id
    group by b.bkey, si.product_name`;
}

/** `report_customer_days` rows (day, customer_id, orders): each customer's sales not wholly refunded. */
export function customerDaysOf(days: Bucket[], tillId: number | null): RawBuilder<unknown> {
  return sql`
    select b.bkey as day, s.customer_id as customer_id, count(*) as orders
    from ${buckets(days)} ${salesOf(tillId)}
    where s.customer_id is not null and s.status <> 'refunded'
    group by b.bkey, s.customer_id`;
}
