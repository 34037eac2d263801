import { bahtToSatang } from '@pos/core';
import type { Db } from '../db/database';
import { addDays } from '../calendar/calendar';
import { documentSeries, formatDocumentNumber } from '../features/sale-records/document-number';
import { RollupChanges } from '../features/reports/rollups.service';
import { shopDayStart } from '../calendar/shop-day';
import { pick, seededRandom } from './demo-catalogue';
import { documentCounter, finishBulk, insertBulkBatch, nextIds, type BulkBatch } from './demo.queries';
import type { DemoShop } from './demo.service';

const BATCH = 2_000;
/** One sale in this many is refunded whole, with its credit note. */
const REFUND_EVERY = 200;

/**
 * Many sales fast, for the benchmark: rows written straight through the queries module in batches
 * (a million sales through createSale would take hours). The sale rows, lines, payments, refunds
 * and document numbers are those a till writes, but stock, points and customer totals are left as
 * they were: use it for measuring reports, not as a shop to sell in (`npm run demo` without
 * `--bulk` makes every sale through the services).
 */
export async function bulkSales(
  db: Db,
  shop: DemoShop,
  options: { count: number; days: number; today: string; timeZone: string; seed: number; taxRateBp: number },
): Promise<void> {
  const random = seededRandom(options.seed + 2);
  const ids = await nextIds(db.kysely);
  const counters = new Map<string, number>();
  const next = async (series: string) => {
    const value = (counters.get(series) ?? (await documentCounter(db.kysely, series))) + 1;
    counters.set(series, value);
    return formatDocumentNumber(series, value);
  };
  const firstDay = addDays(options.today, -options.days);
  const start = Date.parse(shopDayStart(firstDay, options.timeZone));
  const span = Date.parse(shopDayStart(options.today, options.timeZone)) - start;
  // Evenly spread, in time order, so document numbers rise with time as at a till.
  const step = span / options.count;
  let batch: BulkBatch = { sales: [], items: [], payments: [], refunds: [], refundItems: [] };
  // The report rollups of the batch's sales and refunds, written in its transaction as a till's would be.
  let rollups = new RollupChanges(options.timeZone);
  for (let n = 0; n < options.count; n++) {
    const at = new Date(start + Math.floor(n * step + random() * step));
    const createdAt = at.toISOString();
    const saleId = ids.sale++;
    const lineCount = 1 + Math.floor(random() ** 2 * 4);
    let subtotal = 0;
    const lines = [];
    for (let l = 0; l < lineCount; l++) {
      const product = shop.products[Math.floor(random() ** 1.8 * shop.products.length)]!;
      const variant = pick(random, product.variants);
      const quantity = random() < 0.8 ? 1 : 2;
      const price = bahtToSatang(product.price);
      subtotal += price * quantity;
      lines.push({
        id: ids.item++,
        sale_id: saleId,
        product_id: product.id,
        product_name: product.name,
        sku: product.sku,
        barcode: product.barcode,
        category: product.category,
        price,
        quantity,
        line_total: price * quantity,
        sizes: JSON.stringify(variant.size === null ? [] : [variant.size]),
        colors: JSON.stringify(variant.color === null ? [] : [variant.color]),
        size: variant.size,
        color: variant.color,
        variant_id: variant.id,
        original_price: null,
      });
    }
    // Prices include VAT: the tax is the VAT part of the total.
    const tax = Math.round((subtotal * options.taxRateBp) / (10_000 + options.taxRateBp));
    const customer = random() < 0.45 ? pick(random, shop.customers) : null;
    const method = pick(random, ['cash', 'cash', 'transfer', 'promptpay'] as const);
    const refunded = n % REFUND_EVERY === REFUND_EVERY - 1;
    batch.sales.push({
      id: saleId,
      document_number: await next(documentSeries(at, options.timeZone)),
      status: refunded ? 'refunded' : 'completed',
      customer_id: customer?.id ?? null,
      customer_name: customer?.name ?? null,
      created_by: pick(random, shop.sellers).id,
      subtotal,
      discount: 0,
      tax,
      total: subtotal,
      prices_include_vat: 1,
      exclude_vat: 0,
      points_used: 0,
      points_earned: 0,
      replaces_sale_id: null,
      notes: null,
      created_at: createdAt,
      payment_method: method,
      tax_rate_bp: options.taxRateBp,
      final_loyalty_points: null,
      vat_excluded_by: null,
      vat_exclusion_approved_by: null,
      units: lines.reduce((sum, line) => sum + line.quantity, 0),
    });
    batch.items.push(...lines);
    const rollupSale = {
      created_at: createdAt,
      payment_method: method,
      total: subtotal,
      customer_id: customer?.id ?? null,
    };
    rollups.sale(rollupSale, lines);
    batch.payments.push({
      sale_id: saleId,
      method,
      amount: subtotal,
      cash_received: method === 'cash' ? Math.ceil(subtotal / 10_000) * 10_000 : null,
      change_given: method === 'cash' ? Math.ceil(subtotal / 10_000) * 10_000 - subtotal : null,
      reference: null,
      provider_session_id: null,
      created_at: createdAt,
    });
    if (refunded) {
      const refundId = ids.refund++;
      const refundAt = new Date(at.getTime() + 3_600_000);
      batch.refunds.push({
        id: refundId,
        sale_id: saleId,
        reason: 'customer_request',
        amount: subtotal,
        refund_method: method,
        edit_reason: null,
        edit_details: null,
        edited_by: null,
        edited_at: null,
        refunded_by: shop.admin.id,
        created_at: refundAt.toISOString(),
        credit_note_number: await next(`CN${documentSeries(refundAt, options.timeZone).slice(1)}`),
      });
      batch.refundItems.push(
        ...lines.map((l) => ({ refund_id: refundId, sale_item_id: l.id, quantity: l.quantity, amount: l.line_total })),
      );
      rollups.refund(rollupSale, { amount: subtotal, whole: true, lines });
    }
    if (batch.sales.length === BATCH || n === options.count - 1) {
      const written = rollups;
      await insertBulkBatch(db, batch, (trx) => written.writeTo(trx));
      batch = { sales: [], items: [], payments: [], refunds: [], refundItems: [] };
      rollups = new RollupChanges(options.timeZone);
    }
  }
  await finishBulk(db, counters);
}
