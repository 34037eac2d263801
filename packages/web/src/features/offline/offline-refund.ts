/**
 * A refund made while the server cannot be reached (issue 38), of a sale the till keeps (its own recent sales, or
 * one it made offline): numbered from the till's credit-note block when the sale had VAT, written to the outbox
 * with the stock it puts back and the till's copy of the sale (one IndexedDB transaction), and answered as the
 * server would answer, for the screen and the printed note. Sent after everything made before it.
 */
import {
  bahtToSatang,
  defaultRefundMethod,
  defaultRefundParts,
  EDIT_SALE_REASON,
  formatDocumentNumber,
  refundableOffline,
  refundAmountOf,
  refundHasCreditNote,
  refundVat,
  satangToBaht,
  type RefundSaleRequest,
  type RefundSaleResponse,
  type Sale,
  type SaleRefund,
  type SaleStatus,
} from '@pos/core';
import { blockKind, type OfflineDb, type RefundOutboxRow } from '../../lib/offline-db';
import { OfflineRefusal } from './offline-sale';

export interface OfflineRefundInput {
  /** The sale as the screen shows it (the till's copy is read again inside the transaction). */
  sale: Sale;
  /** The refund as it would have gone online: reason, lines or the whole, how the money goes back. */
  body: RefundSaleRequest;
  offlineId: string;
  user: { id: number; name: string };
  tillId: number;
  at: Date;
}

const left = (item: Sale['items'][number]) => item.quantity - item.refunded_quantity;

/** Units of each line this refund takes back: the lines asked for, or everything left. */
function unitsOf(sale: Sale, body: RefundSaleRequest): Map<number, number> {
  const wanted = new Map<number, number>();
  if (body.lines) {
    for (const line of body.lines) {
      const item = sale.items.find((i) => i.id === Number(line.saleItemId));
      const quantity = Number(line.quantity);
      if (!item || quantity <= 0 || quantity > left(item)) throw new OfflineRefusal('refundExceeds');
      wanted.set(item.id, (wanted.get(item.id) ?? 0) + quantity);
    }
  } else {
    for (const item of sale.items) if (left(item) > 0) wanted.set(item.id, left(item));
  }
  if (wanted.size === 0) throw new OfflineRefusal('refundExceeds');
  return wanted;
}

/**
 * Records the refund in the outbox, puts its units back in the cached stock, takes a credit note number and marks
 * the till's copy of the sale refunded, all at once. Throws OfflineRefusal when it cannot be made offline.
 */
export async function recordOfflineRefund(db: OfflineDb, input: OfflineRefundInput): Promise<RefundSaleResponse> {
  const { body, offlineId, user, tillId, at } = input;
  if (body.reason === EDIT_SALE_REASON) throw new OfflineRefusal('edit');
  if (!refundableOffline(input.sale, body)) throw new OfflineRefusal('card');
  const tables = [db.outbox, db.sales, db.products, db.blocks, db.sentSales];
  return db.transaction('rw', tables, async () => {
    const kept = await db.sales.get(input.sale.document_number);
    if (!kept) throw new OfflineRefusal('notKept');
    const sale = kept.sale;
    const wanted = unitsOf(sale, body);
    const total = bahtToSatang(sale.total);
    const refundedBefore = bahtToSatang(sale.refunded_amount);
    const amount = refundAmountOf(
      { total, refundedBefore },
      sale.items.map((item) => ({
        price: bahtToSatang(item.price),
        quantity: item.quantity,
        refunded: item.refunded_quantity,
        wanted: wanted.get(item.id) ?? 0,
      })),
    );

    let creditNote: string | null = null;
    if (refundHasCreditNote(sale)) {
      const blocks = (await db.blocks.toArray()).sort((a, b) => a.id - b.id);
      const block = blocks.find((b) => blockKind(b) === 'credit_note' && b.next <= b.block.last);
      if (!block) throw new OfflineRefusal('noNumbers');
      creditNote = formatDocumentNumber(block.block.series, block.next);
      await db.blocks.update(block.id, { next: block.next + 1 });
    }

    const createdAt = at.toISOString();
    const method = body.refundMethod ?? defaultRefundMethod(sale.payment_method);
    const parts =
      method === 'split'
        ? (body.refundParts?.map((p) => ({ method: p.method, amount: bahtToSatang(Number(p.amount)) })) ??
          defaultRefundParts(
            amount,
            sale.payments.map((p) => ({
              method: p.method,
              amount: bahtToSatang(p.amount),
              refunded: bahtToSatang(p.refunded),
            })),
          ))
        : [{ method, amount }];
    const fullBody: RefundSaleRequest = {
      ...body,
      tillId,
      offlineId,
      createdAt,
      refundAmount: satangToBaht(amount),
      ...(creditNote !== null && { documentNumber: creditNote }),
    };
    const sentId = kept.offlineId ? (await db.sentSales.get(kept.offlineId))?.saleId : undefined;
    // A line whose product was deleted since goes back to no shelf.
    const returned = sale.items.flatMap((item) =>
      wanted.has(item.id) && item.product_id !== null
        ? [{ productId: item.product_id, variantId: item.variant_id, quantity: wanted.get(item.id)! }]
        : [],
    );
    const row: RefundOutboxRow = {
      kind: 'refund',
      offlineId,
      userId: user.id,
      tillId,
      body: fullBody,
      saleId: sale.id > 0 ? sale.id : (sentId ?? null),
      saleOfflineId: kept.offlineId,
      saleDocumentNumber: sale.document_number,
      documentNumber: creditNote,
      createdAt,
      total: satangToBaht(amount),
      returned,
      status: 'pending',
      failure: null,
      attempts: 0,
    };
    await db.outbox.add(row);

    // The stock as last known: back on the shelf (the product's and the variant's).
    for (const unit of returned) {
      const cached = await db.products.get(unit.productId);
      if (!cached) continue;
      const product = cached.product;
      await db.products.put({
        ...cached,
        product: {
          ...product,
          stock: product.stock + unit.quantity,
          variants: product.variants.map((v) =>
            unit.variantId !== null && v.id === unit.variantId ? { ...v, stock: v.stock + unit.quantity } : v,
          ),
        },
      });
    }

    const refund: SaleRefund = {
      id: 0,
      sale_id: sale.id,
      reason: body.reason ?? '',
      amount: satangToBaht(amount),
      refund_method: method,
      parts: parts.map((p) => ({ method: p.method, amount: satangToBaht(p.amount) })),
      refunded_by: user.id,
      refunded_by_name: user.name,
      created_at: createdAt,
      edit_reason: null,
      edit_details: null,
      edited_by: null,
      edited_at: null,
      credit_note_number: creditNote,
      original_document_number: sale.document_number,
      // Worked out by the server when it records the refund.
      points_taken_back: 0,
      points_returned: 0,
      points_shortfall: 0,
      vat: satangToBaht(refundVat({ tax: bahtToSatang(sale.tax), total }, refundedBefore, amount)),
      buyer_address: null,
      stripe_refund_id: null,
      off_card_reason: body.offCardReason ?? null,
      lines: sale.items
        .filter((item) => wanted.has(item.id))
        .map((item) => ({
          sale_item_id: item.id,
          product_name: item.product_name,
          quantity: wanted.get(item.id)!,
          amount: satangToBaht(bahtToSatang(item.price) * wanted.get(item.id)!),
        })),
    };
    const items = sale.items.map((item) => ({
      ...item,
      refunded_quantity: item.refunded_quantity + (wanted.get(item.id) ?? 0),
    }));
    const status: SaleStatus = items.every((item) => item.refunded_quantity >= item.quantity)
      ? 'refunded'
      : 'partially_refunded';
    const refundedParts = new Map(parts.map((p) => [p.method, p.amount]));
    const updated: Sale = {
      ...sale,
      status,
      items,
      refunded_amount: satangToBaht(refundedBefore + amount),
      refunds: [...sale.refunds, refund],
      payments: sale.payments.map((p) => ({
        ...p,
        refunded: satangToBaht(bahtToSatang(p.refunded) + (refundedParts.get(p.method) ?? 0)),
      })),
    };
    await db.sales.put({ ...kept, sale: updated });
    return { refund, sale: updated };
  });
}
