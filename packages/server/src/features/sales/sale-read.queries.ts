import {
  satangToBaht,
  SPLIT_PAYMENT,
  type PaymentMethod,
  type Sale,
  type SalePaymentMethod,
  type SalePaymentPart,
  type SaleRefund,
  type SaleStatus,
} from '@pos/core';
import type { DbExecutor } from '../../db/executor';
import { parseList } from './list-column';

// The sale read model: every read of a whole sale goes through here, with explicit columns, and is mapped
// to the API's shape (baht) by toApiSale. Sales history, exports, receipts and customer history use it.

function findSaleHeads(db: DbExecutor, ids: number[]) {
  return (
    db
      .selectFrom('sales')
      .innerJoin('users', 'users.id', 'sales.created_by')
      .leftJoin('users as excluder', 'excluder.id', 'sales.vat_excluded_by')
      .leftJoin('users as approver', 'approver.id', 'sales.vat_exclusion_approved_by')
      .leftJoin('sales as replaced', 'replaced.id', 'sales.replaces_sale_id')
      // At most one: replaces_sale_id is unique.
      .leftJoin('sales as replacement', 'replacement.replaces_sale_id', 'sales.id')
      .select([
        'sales.id',
        'sales.document_number',
        'sales.status',
        'sales.customer_id',
        'sales.customer_name',
        'sales.created_by',
        'sales.subtotal',
        'sales.discount',
        'sales.tax',
        'sales.total',
        'sales.tax_rate_bp',
        'sales.prices_include_vat',
        'sales.exclude_vat',
        'sales.vat_excluded_by',
        'sales.vat_exclusion_approved_by',
        'sales.points_used',
        'sales.points_earned',
        'sales.final_loyalty_points',
        'sales.replaces_sale_id',
        'sales.notes',
        'sales.payment_method',
        'sales.created_at',
        'users.name as created_by_name',
        'excluder.name as vat_excluded_by_name',
        'approver.name as vat_exclusion_approved_by_name',
        'replaced.document_number as replaces_document_number',
        'replacement.id as replaced_by_sale_id',
        'replacement.document_number as replaced_by_document_number',
      ])
      .where('sales.id', 'in', ids)
      .execute()
  );
}
export type SaleHeadRow = Awaited<ReturnType<typeof findSaleHeads>>[number];

function findSaleItemRows(db: DbExecutor, saleIds: number[]) {
  return db
    .selectFrom('sale_items')
    .select([
      'id',
      'sale_id',
      'product_id',
      'product_name',
      'sku',
      'barcode',
      'category',
      'price',
      'original_price',
      'quantity',
      'line_total',
      'size',
      'color',
      'sizes',
      'colors',
    ])
    .where('sale_id', 'in', saleIds)
    .orderBy('id')
    .execute();
}
export type SaleItemRow = Awaited<ReturnType<typeof findSaleItemRows>>[number];

function findPaymentRows(db: DbExecutor, saleIds: number[]) {
  return db
    .selectFrom('payments')
    .select(['id', 'sale_id', 'method', 'amount', 'cash_received', 'change_given', 'reference'])
    .where('sale_id', 'in', saleIds)
    .orderBy('id')
    .execute();
}
export type PaymentRow = Awaited<ReturnType<typeof findPaymentRows>>[number];

function findRefundRows(db: DbExecutor, saleIds: number[]) {
  return db
    .selectFrom('refunds')
    .innerJoin('users', 'users.id', 'refunds.refunded_by')
    .select([
      'refunds.id',
      'refunds.sale_id',
      'refunds.reason',
      'refunds.amount',
      'refunds.refund_method',
      'refunds.refunded_by',
      'users.name as refunded_by_name',
      'refunds.created_at',
      'refunds.edit_reason',
      'refunds.edit_details',
      'refunds.edited_by',
      'refunds.edited_at',
      'refunds.credit_note_number',
      'refunds.points_taken_back',
      'refunds.points_returned',
      'refunds.points_shortfall',
      'refunds.vat',
      'refunds.buyer_address',
      'refunds.stripe_refund_id',
      'refunds.off_card_reason',
    ])
    .where('refunds.sale_id', 'in', saleIds)
    .orderBy('refunds.id')
    .execute();
}
export type RefundRow = Awaited<ReturnType<typeof findRefundRows>>[number];

function findRefundPaymentRows(db: DbExecutor, saleIds: number[]) {
  return db
    .selectFrom('refund_payments')
    .innerJoin('refunds', 'refunds.id', 'refund_payments.refund_id')
    .select(['refund_payments.refund_id', 'refund_payments.method', 'refund_payments.amount'])
    .where('refunds.sale_id', 'in', saleIds)
    .orderBy('refund_payments.id')
    .execute();
}
export type RefundPaymentRow = Awaited<ReturnType<typeof findRefundPaymentRows>>[number];

/** Where a refund's money went: its split parts, or all of it by its one method. */
function refundParts(
  row: Pick<RefundRow, 'amount' | 'refund_method'>,
  parts: readonly Pick<RefundPaymentRow, 'method' | 'amount'>[] | undefined,
): { method: PaymentMethod; amount: number }[] {
  if (parts && parts.length > 0)
    return parts.map((p) => ({ method: p.method as PaymentMethod, amount: Number(p.amount) }));
  return [{ method: row.refund_method as PaymentMethod, amount: row.amount }];
}

function findRefundLineRows(db: DbExecutor, saleIds: number[]) {
  return db
    .selectFrom('refund_items')
    .innerJoin('refunds', 'refunds.id', 'refund_items.refund_id')
    .innerJoin('sale_items', 'sale_items.id', 'refund_items.sale_item_id')
    .select([
      'refund_items.refund_id',
      'refund_items.sale_item_id',
      'sale_items.product_name',
      'refund_items.quantity',
      'refund_items.amount',
    ])
    .where('refunds.sale_id', 'in', saleIds)
    .orderBy('refund_items.id')
    .execute();
}
export type RefundLineRow = Awaited<ReturnType<typeof findRefundLineRows>>[number];

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

const STATUSES: readonly string[] = ['completed', 'partially_refunded', 'refunded'] satisfies SaleStatus[];

function toApiRefund(
  row: RefundRow,
  lines: readonly RefundLineRow[],
  parts: readonly RefundPaymentRow[] | undefined,
  documentNumber: string,
): SaleRefund {
  return {
    id: row.id,
    sale_id: row.sale_id,
    reason: row.reason,
    amount: satangToBaht(row.amount),
    refund_method: row.refund_method as SalePaymentMethod,
    parts: refundParts(row, parts).map((p) => ({ method: p.method, amount: satangToBaht(p.amount) })),
    refunded_by: row.refunded_by,
    refunded_by_name: row.refunded_by_name,
    created_at: row.created_at,
    edit_reason: row.edit_reason,
    edit_details: row.edit_details,
    edited_by: row.edited_by,
    edited_at: row.edited_at,
    credit_note_number: row.credit_note_number,
    original_document_number: documentNumber,
    points_taken_back: row.points_taken_back,
    points_returned: row.points_returned,
    points_shortfall: row.points_shortfall,
    vat: satangToBaht(Number(row.vat)),
    buyer_address: row.buyer_address,
    stripe_refund_id: row.stripe_refund_id,
    off_card_reason: row.off_card_reason,
    lines: lines.map((line) => ({
      sale_item_id: line.sale_item_id,
      product_name: line.product_name,
      quantity: line.quantity,
      amount: satangToBaht(line.amount),
    })),
  };
}

type PaymentFacts = Omit<PaymentRow, 'id' | 'sale_id'>;

const pick = (p: SalePaymentPart) => ({ cash_received: p.cash_received, change: p.change, reference: p.reference });

/**
 * A sale's payments as the API shows them, with what went back through each: a split sale's parts
 * their refunds' parts; a one-method sale's payment every refund (whichever way it went back). A sale
 * without a payment row (none since migration 2026112791) shows its method and total.
 */
function paymentParts(
  head: SaleHeadRow,
  payments: readonly PaymentFacts[],
  refunds: readonly RefundRow[],
  refundPayments: ReadonlyMap<number, RefundPaymentRow[]>,
): SalePaymentPart[] {
  const rows: PaymentFacts[] =
    payments.length > 0
      ? [...payments]
      : [
          {
            method: head.payment_method,
            amount: head.total,
            cash_received: null,
            change_given: null,
            reference: null,
          },
        ];
  const split = head.payment_method === SPLIT_PAYMENT;
  const backBy = new Map<string, number>();
  for (const refund of refunds) {
    for (const part of refundParts(refund, refundPayments.get(refund.id))) {
      const key = split ? part.method : '';
      backBy.set(key, (backBy.get(key) ?? 0) + part.amount);
    }
  }
  return rows.map((p) => ({
    method: p.method as PaymentMethod,
    amount: satangToBaht(p.amount),
    cash_received: p.cash_received == null ? null : satangToBaht(p.cash_received),
    change: p.change_given == null ? null : satangToBaht(p.change_given),
    reference: p.reference ?? null,
    refunded: satangToBaht(backBy.get(split ? p.method : '') ?? 0),
  }));
}

/** The one mapper: a sale as the API shows it, in baht, with its frozen lines, payments and refunds. */
function toApiSale(
  head: SaleHeadRow,
  items: readonly SaleItemRow[],
  payments: readonly PaymentFacts[],
  refunds: readonly RefundRow[],
  refundLines: ReadonlyMap<number, RefundLineRow[]>,
  refundPayments: ReadonlyMap<number, RefundPaymentRow[]> = new Map(),
): Sale {
  const refundedQuantity = new Map<number, number>();
  for (const refund of refunds) {
    for (const line of refundLines.get(refund.id) ?? []) {
      refundedQuantity.set(line.sale_item_id, (refundedQuantity.get(line.sale_item_id) ?? 0) + line.quantity);
    }
  }
  const parts = paymentParts(head, payments, refunds, refundPayments);
  const method = (parts.length > 1 ? SPLIT_PAYMENT : parts[0]!.method) as SalePaymentMethod;
  const cash = parts.find((p) => p.method === 'cash');
  return {
    id: head.id,
    document_number: head.document_number,
    status: (STATUSES.includes(head.status) ? head.status : 'completed') as SaleStatus,
    created_at: head.created_at,
    customer_id: head.customer_id,
    customer_name: head.customer_name,
    created_by: head.created_by,
    created_by_name: head.created_by_name,
    subtotal: satangToBaht(head.subtotal),
    discount: satangToBaht(head.discount),
    tax: satangToBaht(head.tax),
    total: satangToBaht(head.total),
    tax_rate: head.tax_rate_bp / 100,
    exclude_vat: head.exclude_vat === 1,
    vat_excluded_by: head.vat_excluded_by,
    vat_excluded_by_name: head.vat_excluded_by_name,
    vat_exclusion_approved_by: head.vat_exclusion_approved_by,
    vat_exclusion_approved_by_name: head.vat_exclusion_approved_by_name,
    prices_include_vat: head.prices_include_vat === 1,
    payment_method: method,
    // In one: a split sale's cash handed over and change are its cash part's.
    payment:
      parts.length > 1
        ? {
            method,
            amount: satangToBaht(head.total),
            cash_received: cash?.cash_received ?? null,
            change: cash?.change ?? null,
            reference: null,
          }
        : { method, amount: parts[0]!.amount, ...pick(parts[0]!) },
    payments: parts,
    points_used: head.points_used,
    points_earned: head.points_earned,
    final_loyalty_points: head.final_loyalty_points,
    replaces_sale_id: head.replaces_sale_id,
    replaces_document_number: head.replaces_document_number,
    replaced_by_sale_id: head.replaced_by_sale_id,
    replaced_by_document_number: head.replaced_by_document_number,
    notes: head.notes,
    items: items.map((row) => ({
      id: row.id,
      product_id: row.product_id,
      product_name: row.product_name,
      name: row.product_name,
      sku: row.sku,
      barcode: row.barcode,
      category: row.category,
      price: satangToBaht(row.price),
      original_price: row.original_price === null ? null : satangToBaht(Number(row.original_price)),
      quantity: row.quantity,
      total: satangToBaht(row.line_total),
      size: row.size,
      color: row.color,
      sizes: parseList(row.sizes),
      colors: parseList(row.colors),
      refunded_quantity: refundedQuantity.get(row.id) ?? 0,
    })),
    refunded_amount: satangToBaht(refunds.reduce((sum, r) => sum + r.amount, 0)),
    refunds: refunds.map((r) =>
      toApiRefund(r, refundLines.get(r.id) ?? [], refundPayments.get(r.id), head.document_number),
    ),
  };
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
      findSaleItemRows(db, chunk),
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

/**
 * A sale just recorded, from the rows its transaction wrote: what readSale would answer, without
 * reading it back (issue 17). A new sale has no refunds and no replacement yet (`replaced_by_*` null).
 */
export function recordedSale(
  head: SaleHeadRow & { replaced_by_sale_id: null; replaced_by_document_number: null },
  items: readonly SaleItemRow[],
  payments: readonly PaymentFacts[],
): Sale {
  return toApiSale(head, items, payments, [], new Map());
}

export async function readSale(db: DbExecutor, id: number): Promise<Sale | undefined> {
  return (await readSales(db, [id]))[0];
}
