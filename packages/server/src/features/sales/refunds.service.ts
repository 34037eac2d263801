import {
  bahtToSatang,
  EDIT_SALE_REASON,
  ERROR_MESSAGES,
  refundVat,
  shareOf as share,
  type RefundSaleRequest,
  type RefundSaleResponse,
  type SaleStatus,
} from '@pos/core';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/app-error';
import type { SessionUser } from '../auth/sessions.queries';
import { RollupChanges } from '../reports/rollups.service';
import { answerText } from '../../http/utf8-answer';
import { claimOrReplay, requestHash } from '../idempotency/idempotency.service';
import { insertStockMovements } from '../products/products.queries';
import { documentSeries, formatDocumentNumber } from './document-number';
import {
  findCustomerForRefund,
  findLinesForRefund,
  findSaleForRefund,
  insertRefund,
  insertRefundItems,
  refundedSoFar,
  returnStock,
  setCustomerFigures,
  setSaleStatus,
} from './refunds.queries';
import { nextInSeries } from './sales.queries';
import { loadSale } from './sales.service';

type RefundInput = z.output<typeof RefundSaleRequest>;

/** floor(value × part / whole): points are whole, and a partial refund never takes back more than its share. */
function floorShare(value: number, part: number, whole: number): number {
  if (whole === 0) return 0;
  return Number((BigInt(value) * BigInt(part)) / BigInt(whole));
}

/** Credit notes: CN<Buddhist-era year>-<6 digits>, their own gapless series per year. */
function creditNoteSeries(now: Date, timeZone: string): string {
  return `CN${documentSeries(now, timeZone).slice(1)}`;
}

/**
 * Refunds units of a sale in one transaction: stock back on the shelf (movements of kind refund),
 * the customer's points and totals adjusted in proportion, a refund record with its lines and, for
 * a sale that had a tax invoice, a credit note number. Amounts and points are worked out on the
 * cumulative share refunded, so refunding a sale in parts gives back exactly its total and points.
 *
 * The customer may already have spent points this refund takes back: the balance never goes below 0,
 * and what could not be taken back is recorded on the refund as `points_shortfall`.
 */
export async function refundSale(
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  user: SessionUser,
  saleId: number,
  input: RefundInput,
  idempotencyKey: string | undefined,
): Promise<RefundSaleResponse> {
  return deps.db.writeTransaction(async (trx, beforeCommit) => {
    const now = deps.now();
    const nowIso = now.toISOString();
    const claim = idempotencyKey
      ? await claimOrReplay(
          trx,
          deps,
          { key: idempotencyKey, userId: user.id, requestHash: requestHash({ saleId, input }) },
          now,
        )
      : undefined;
    if (claim?.replay !== undefined) return JSON.parse(answerText(claim.replay)) as RefundSaleResponse;
    const sale = await findSaleForRefund(trx, saleId);
    if (!sale) throw notFound('SALE_NOT_FOUND');
    const lines = await findLinesForRefund(trx, saleId);
    const remaining = (line: (typeof lines)[number]) => line.quantity - line.refunded;
    if (lines.every((line) => remaining(line) === 0))
      throw new AppError({ status: 409, code: 'SALE_ALREADY_REFUNDED' });

    const wanted = new Map<number, number>();
    if (input.lines) {
      for (const { saleItemId, quantity } of input.lines)
        wanted.set(saleItemId, (wanted.get(saleItemId) ?? 0) + quantity);
    } else {
      for (const line of lines) if (remaining(line) > 0) wanted.set(line.id, remaining(line));
    }
    for (const [itemId, quantity] of wanted) {
      const line = lines.find((l) => l.id === itemId);
      if (!line) throw new AppError({ status: 400, code: 'REFUND_LINE_NOT_FOUND', details: { saleItemId: itemId } });
      if (quantity > line.quantity) {
        throw new AppError({
          status: 400,
          code: 'REFUND_EXCEEDS_SALE',
          details: {
            saleItemId: itemId,
            sold: line.quantity,
          },
        });
      }
      if (quantity > remaining(line)) {
        throw new AppError({
          status: 409,
          code: 'SALE_ALREADY_REFUNDED',
          details: {
            saleItemId: itemId,
            refundable: remaining(line),
          },
        });
      }
    }
    const fully = lines.every((line) => (wanted.get(line.id) ?? 0) === remaining(line));
    const editing = input.reason === EDIT_SALE_REASON;
    if (editing && !input.edit_reason?.trim()) {
      throw new AppError({
        status: 400,
        code: 'EDIT_REASON_REQUIRED',
        fields: { edit_reason: ERROR_MESSAGES.EDIT_REASON_REQUIRED },
      });
    }
    if (editing && !fully) throw new AppError({ status: 400, code: 'EDIT_REFUND_MUST_BE_WHOLE' });

    const before = await refundedSoFar(trx, saleId);
    const valueAfter = lines.reduce((sum, l) => sum + l.price * (l.refunded + (wanted.get(l.id) ?? 0)), 0);
    const subtotal = lines.reduce((sum, l) => sum + l.line_total, 0);
    const amountAfter = fully ? sale.total : share(sale.total, valueAfter, subtotal);
    const amount = amountAfter - before.amount;
    if (input.refundAmount !== undefined) {
      const asked = bahtToSatang(input.refundAmount);
      if (asked > sale.total - before.amount) {
        throw new AppError({
          status: 400,
          code: 'REFUND_EXCEEDS_SALE',
          details: {
            refundable: (sale.total - before.amount) / 100,
          },
        });
      }
      if (asked !== amount) {
        throw new AppError({ status: 400, code: 'REFUND_AMOUNT_MISMATCH', details: { amount: amount / 100 } });
      }
    }

    // Stock back first, in product-id order: a sale locks its products before its customer, its document
    // counter and the report rollups, and a refund takes them in that same order, so the two never wait
    // on each other in a circle (PostgreSQL answered such a circle with a deadlock, a 500).
    const back = new Map<number, number>();
    for (const line of lines) {
      const quantity = wanted.get(line.id);
      if (quantity && line.product_id !== null) back.set(line.product_id, (back.get(line.product_id) ?? 0) + quantity);
    }
    const returned: { productId: number; quantity: number; stock: number }[] = [];
    for (const productId of [...back.keys()].sort((a, b) => a - b)) {
      const quantity = back.get(productId)!;
      const stock = await returnStock(trx, productId, quantity, nowIso);
      if (stock !== undefined) returned.push({ productId, quantity, stock });
    }

    // Points: earned ones taken back, used ones given back, each in proportion to what is refunded.
    let pointsTaken = 0;
    let pointsShortfall = 0;
    let pointsReturned = 0;
    let buyerAddress: string | null = null;
    if (sale.customer_id !== null) {
      const dueAfter = fully ? sale.points_earned : floorShare(sale.points_earned, valueAfter, subtotal);
      const returnedAfter = fully ? sale.points_used : floorShare(sale.points_used, valueAfter, subtotal);
      const due = dueAfter - before.pointsDue;
      pointsReturned = returnedAfter - before.pointsReturned;
      const customer = await findCustomerForRefund(trx, sale.customer_id);
      if (customer) {
        buyerAddress = customer.address?.trim() ? customer.address : null;
        const balance = customer.loyalty_points + pointsReturned - due;
        pointsShortfall = balance < 0 ? -balance : 0;
        pointsTaken = due - pointsShortfall;
        await setCustomerFigures(trx, customer.id, {
          loyalty_points: Math.max(0, balance),
          total_purchases: Math.max(0, customer.total_purchases - (fully ? 1 : 0)),
          total_spent: Math.max(0, customer.total_spent - amount),
          updated_at: nowIso,
        });
      }
    }

    const creditNote =
      sale.exclude_vat === 1
        ? null
        : formatDocumentNumber(
            creditNoteSeries(now, deps.config.shopTimezone),
            await nextInSeries(trx, creditNoteSeries(now, deps.config.shopTimezone)),
          );
    // Whatever earlier refunds kept, the refunds of a sale never give back more VAT than it charged.
    const vatLeft = sale.tax - before.vat;
    const vat = fully ? vatLeft : Math.min(refundVat(sale, before.amount, amount), vatLeft);
    const refundId = await insertRefund(trx, {
      sale_id: saleId,
      reason: input.reason,
      amount,
      refund_method: input.refundMethod,
      edit_reason: editing ? (input.edit_reason ?? null) : null,
      edit_details: editing ? (input.edit_details ?? null) : null,
      // Who edited and when are the signed-in user and the server's clock, whatever the client sent.
      edited_by: editing ? user.id : null,
      edited_at: editing ? nowIso : null,
      refunded_by: user.id,
      created_at: nowIso,
      credit_note_number: creditNote,
      points_taken_back: pointsTaken,
      points_returned: pointsReturned,
      points_shortfall: pointsShortfall,
      vat: Math.max(0, vat),
      buyer_address: buyerAddress,
    });
    // Each line's amount is its share of the cumulative figure, so the lines add up to the refund.
    let runningValue = lines.reduce((sum, l) => sum + l.price * l.refunded, 0);
    let runningAmount = before.amount;
    const refundLines = lines
      .filter((l) => wanted.has(l.id))
      .map((l, index, all) => {
        runningValue += l.price * wanted.get(l.id)!;
        const cumulative = fully && index === all.length - 1 ? sale.total : share(sale.total, runningValue, subtotal);
        const lineAmount = cumulative - runningAmount;
        runningAmount = cumulative;
        return { refund_id: refundId, sale_item_id: l.id, quantity: wanted.get(l.id)!, amount: lineAmount };
      });
    await insertRefundItems(trx, refundLines);
    beforeCommit.add(
      new RollupChanges(deps.config.shopTimezone).refund(sale, {
        amount,
        whole: fully,
        lines: lines.filter((l) => wanted.has(l.id)).map((l) => ({ ...l, quantity: wanted.get(l.id)! })),
      }),
    );

    const movements = returned.map(({ productId, quantity, stock }) => ({
      product_id: productId,
      user_id: user.id,
      kind: 'refund' as const,
      old_quantity: stock - quantity,
      new_quantity: stock,
      reason: creditNote ?? sale.document_number,
      sale_id: saleId,
      created_at: nowIso,
    }));
    await insertStockMovements(trx, movements);

    const status: SaleStatus = fully ? 'refunded' : 'partially_refunded';
    await setSaleStatus(trx, saleId, status);

    const updated = await loadSale(trx, saleId);
    const body: RefundSaleResponse = { refund: updated.refunds.find((r) => r.id === refundId)!, sale: updated };
    await claim?.remember(trx, 201, JSON.stringify(body));
    return body;
  });
}
