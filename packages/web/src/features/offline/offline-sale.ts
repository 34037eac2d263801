/**
 * A sale made while the server cannot be reached (issue 38): numbered from the till's block, written to the
 * outbox together with the stock and points it moves (one IndexedDB transaction: all of it or none), and shown on
 * a receipt built from what the till knows.
 */
import {
  CreateSaleRequest as SaleRequestSchema,
  bahtToSatang,
  formatDocumentNumber,
  payableOffline,
  planSplitPayment,
  satangToBaht,
  type CreateSaleRequest,
  type Customer,
  type PricingSettings,
  type Sale,
  type SalePaymentPart,
} from '@pos/core';
import { readMeta, type OfflineDb, type SaleOutboxRow } from '../../lib/offline-db';

/** Why a sale could not be made offline either. */
export type OfflineRefusalReason =
  'noTill' | 'noCache' | 'noNumbers' | 'noShift' | 'card' | 'edit' | 'storage' | 'notKept' | 'refundExceeds';

export class OfflineRefusal extends Error {
  override readonly name = 'OfflineRefusal';
  constructor(readonly reason: OfflineRefusalReason) {
    super(reason);
  }
}

export interface OfflineSaleInput {
  /** The sale as it would have gone online (without the offline fields). */
  body: CreateSaleRequest;
  offlineId: string;
  userId: number;
  tillId: number;
  /** When the attempt was made. */
  at: Date;
  /** The rules the figures were computed with (the cached settings'). */
  pricing: PricingSettings;
  /** The shop requires an open shift to sell. */
  requireShift: boolean;
}

export interface OfflineSaleResult {
  row: SaleOutboxRow;
  /** The customer as the till now knows them (points moved), or null. */
  customer: Customer | null;
  shiftId: number | null;
}

/**
 * Records the sale in the outbox, takes its stock from the cached catalogue, advances the till's numbers and
 * moves the customer's points, in one transaction. Throws OfflineRefusal when it cannot be made offline.
 */
export async function recordOfflineSale(db: OfflineDb, input: OfflineSaleInput): Promise<OfflineSaleResult> {
  const { body, offlineId, userId, tillId, at, pricing } = input;
  if (body.replacesSaleId) throw new OfflineRefusal('edit');
  if (!payableOffline(body)) throw new OfflineRefusal('card');
  const tables = [db.outbox, db.products, db.customers, db.blocks, db.meta, db.periods];
  return db.transaction('rw', tables, async () => {
    const syncedAt = await readMeta<string>(db, 'syncedAt');
    if (!syncedAt) throw new OfflineRefusal('noCache');
    const shift = (await readMeta<{ id: number } | null>(db, 'shift')) ?? null;
    if (input.requireShift && !shift) throw new OfflineRefusal('noShift');
    const blocks = (await db.blocks.toArray()).sort((a, b) => a.id - b.id);
    const block = blocks.find((b) => b.next <= b.block.last);
    if (!block) throw new OfflineRefusal('noNumbers');
    const documentNumber = formatDocumentNumber(block.block.series, block.next);
    await db.blocks.update(block.id, { next: block.next + 1 });

    const createdAt = at.toISOString();
    const fullBody: CreateSaleRequest = {
      ...body,
      offlineId,
      createdAt,
      documentNumber,
      syncedAt,
      pricing: {
        vatApplies: pricing.vatApplies ?? true,
        taxRate: pricing.taxRate,
        pricesIncludeVat: pricing.pricesIncludeVat,
        onePointValueInBaht: pricing.onePointValueInBaht,
        purchaseAmountForOnePoint: pricing.purchaseAmountForOnePoint,
      },
    };
    const row: SaleOutboxRow = {
      offlineId,
      userId,
      tillId,
      body: fullBody,
      documentNumber,
      createdAt,
      total: Number(body.total),
      status: 'pending',
      failure: null,
      attempts: 0,
    };
    row.seq = await db.outbox.add(row);

    // The stock as last known goes down by what left the shop (the product's and the variant's).
    const sold = SaleRequestSchema.parse(fullBody);
    for (const item of sold.items) {
      const cached = await db.products.get(item.productId);
      if (!cached) continue;
      const product = cached.product;
      const variants = product.variants.map((v) =>
        item.variantId != null && v.id === item.variantId ? { ...v, stock: v.stock - item.quantity } : v,
      );
      await db.products.put({ ...cached, product: { ...product, stock: product.stock - item.quantity, variants } });
    }

    let customer: Customer | null = null;
    if (sold.customerId != null) {
      const known = await db.customers.get(sold.customerId);
      if (known) {
        const points = known.loyalty_points - sold.pointsUsed + (sold.pointsEarned ?? 0);
        customer = { ...known, loyalty_points: Math.max(0, points) };
        await db.customers.put(customer);
      }
    }

    // The offline period under way counts its sales.
    const period = await db.periods.filter((p) => p.endedAt === null).first();
    if (period) await db.periods.update(period.periodId, { salesMade: period.salesMade + 1, sent: false });

    return { row, customer, shiftId: shift?.id ?? null };
  });
}

export interface ReceiptContext {
  user: { id: number; name: string };
  customer: Customer | null;
  till: { id: number; name: string } | null;
  shiftId: number | null;
  pricing: PricingSettings;
  /** The catalogue's product, for the struck-through usual price and the barcode. */
  productOf: (id: number) => { barcode: string | null; original_price: number | null } | undefined;
}

/** The receipt's sale, built from what the till knows (id 0: the server has not recorded it yet). */
export function offlineReceiptSale(row: SaleOutboxRow, context: ReceiptContext): Sale {
  const body = SaleRequestSchema.parse(row.body);
  const total = Number(body.total);
  const totalSatang = bahtToSatang(total);
  const reference = body.paymentReference ?? null;
  let payments: SalePaymentPart[];
  let cashReceived: number | null = null;
  let change: number | null = null;
  if (body.paymentMethod === 'split') {
    const plan = planSplitPayment(
      totalSatang,
      (body.payments ?? []).map((p) => ({
        method: p.method,
        amount: bahtToSatang(Number(p.amount)),
        reference: p.reference,
      })),
    );
    payments = plan.ok
      ? plan.parts.map((p) => ({
          method: p.method,
          amount: satangToBaht(p.amount),
          cash_received: p.cash_received === null ? null : satangToBaht(p.cash_received),
          change: p.change_given === null ? null : satangToBaht(p.change_given),
          reference: p.reference,
          refunded: 0,
        }))
      : [];
    const cash = payments.find((p) => p.method === 'cash');
    cashReceived = cash?.cash_received ?? null;
    change = cash?.change ?? null;
  } else {
    if (body.paymentMethod === 'cash') {
      cashReceived = body.cashReceived != null ? Number(body.cashReceived) : total;
      change = satangToBaht(bahtToSatang(cashReceived) - totalSatang);
    }
    payments = [
      {
        method: body.paymentMethod,
        amount: total,
        cash_received: cashReceived,
        change,
        reference,
        refunded: 0,
      },
    ];
  }
  const vat = context.pricing;
  return {
    id: 0,
    document_number: row.documentNumber,
    status: 'completed',
    created_at: row.createdAt,
    customer_id: body.customerId ?? null,
    customer_name: context.customer?.name ?? null,
    created_by: context.user.id,
    created_by_name: context.user.name,
    subtotal: Number(body.subtotal),
    discount: body.discount,
    tax: body.tax,
    total,
    tax_rate: vat.vatApplies === false ? 0 : vat.taxRate,
    exclude_vat: body.excludeVAT,
    vat_excluded_by: body.excludeVAT ? context.user.id : null,
    vat_excluded_by_name: body.excludeVAT ? context.user.name : null,
    vat_exclusion_approved_by: null,
    vat_exclusion_approved_by_name: null,
    prices_include_vat: vat.pricesIncludeVat,
    payment_method: body.paymentMethod,
    payment: { method: body.paymentMethod, amount: total, cash_received: cashReceived, change, reference },
    payments,
    points_used: body.pointsUsed,
    points_earned: body.customerId != null ? (body.pointsEarned ?? 0) : 0,
    final_loyalty_points: context.customer?.loyalty_points ?? null,
    replaces_sale_id: null,
    replaces_document_number: null,
    replaced_by_sale_id: null,
    replaced_by_document_number: null,
    notes: body.notes ?? null,
    till_id: context.till?.id ?? row.tillId,
    till_name: context.till?.name ?? null,
    shift_id: context.shiftId,
    tax_invoice_id: null,
    tax_invoice_number: null,
    items: body.items.map((item, index) => {
      const price = Number(item.price);
      const known = context.productOf(item.productId);
      const name = item.product_name ?? item.name ?? '';
      return {
        id: index + 1,
        product_id: item.productId,
        product_name: name,
        name,
        sku: item.sku ?? null,
        barcode: known?.barcode ?? null,
        category: item.category ?? null,
        price,
        original_price: known?.original_price != null && known.original_price > price ? known.original_price : null,
        quantity: item.quantity,
        total: satangToBaht(bahtToSatang(price) * item.quantity),
        variant_id: item.variantId ?? null,
        size: item.size ?? null,
        color: item.color ?? null,
        sizes: item.size ? [item.size] : [],
        colors: item.color ? [item.color] : [],
        refunded_quantity: 0,
      };
    }),
    refunded_amount: 0,
    refunds: [],
  };
}
