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
import { parseList } from './list-column';
import type {
  RefundLineRow,
  RefundPaymentRow,
  RefundRow,
  SaleHeadRow,
  SaleLineRow,
  SalePaymentRow,
} from './sale-columns';

// The one mapper of a sale: its rows (satang, flags as 0/1, lists as JSON text) to the API's shape (baht).

/** Where a refund's money went: its split parts, or all of it by its one method. */
function refundParts(
  row: Pick<RefundRow, 'amount' | 'refund_method'>,
  parts: readonly Pick<RefundPaymentRow, 'method' | 'amount'>[] | undefined,
): { method: PaymentMethod; amount: number }[] {
  if (parts && parts.length > 0)
    return parts.map((p) => ({ method: p.method as PaymentMethod, amount: Number(p.amount) }));
  return [{ method: row.refund_method as PaymentMethod, amount: row.amount }];
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

export type PaymentFacts = Omit<SalePaymentRow, 'id' | 'sale_id'>;

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
export function toApiSale(
  head: SaleHeadRow,
  items: readonly SaleLineRow[],
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
    till_id: head.till_id,
    till_name: head.till_name,
    shift_id: head.shift_id,
    tax_invoice_id: head.tax_invoice_id,
    tax_invoice_number: head.tax_invoice_number,
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
      variant_id: row.variant_id,
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

/**
 * A sale just recorded, from the rows its transaction wrote: what readSale would answer, without
 * reading it back (issue 17). A new sale has no refunds and no replacement yet (`replaced_by_*` null).
 */
export function recordedSale(
  head: SaleHeadRow & { replaced_by_sale_id: null; replaced_by_document_number: null },
  items: readonly SaleLineRow[],
  payments: readonly PaymentFacts[],
): Sale {
  return toApiSale(head, items, payments, [], new Map());
}
