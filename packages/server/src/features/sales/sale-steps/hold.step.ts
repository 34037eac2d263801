import type { DbExecutor } from '../../../db/executor';
import { AppError, notFound } from '../../../http/app-error';
import { findCustomerName, findLiveCustomer } from '../../customers/customers.queries';
import { holdCounterSale } from '../sale-writes.queries';
import { nextInSeries } from '../../sale-records/document-counters.queries';
import { applySaleToCustomer, currentStock, lockStockRows, writeStockChanges } from '../sales.queries';
import type { HoldRequest, SaleHeld, SalePolicy } from './sale-context';
import { planStockTakes } from './stock-plan';
import { insufficientStock, readState, takeName } from './stock.step';

/**
 * A counter sale: whatever it can be refused for is refused, before any lock where it can be (its customer
 * is read first: the points are taken by a conditional update with the stock and the number, see
 * `holdCounterSale`).
 */
export async function holdCounterSaleOrRefuse(trx: DbExecutor, a: HoldRequest): Promise<SaleHeld> {
  const { input } = a;
  const customer = input.customerId ? await findLiveCustomer(trx, input.customerId) : undefined;
  if (input.customerId && !customer) throw notFound('CUSTOMER_NOT_FOUND');
  if (input.pointsUsed > 0 && !input.customerId) throw new AppError({ status: 400, code: 'POINTS_NEED_CUSTOMER' });
  if (customer && input.pointsUsed > customer.loyalty_points) {
    throw new AppError({ status: 400, code: 'INSUFFICIENT_POINTS', details: { points: customer.loyalty_points } });
  }
  const held = await holdCounterSale(trx, {
    takes: a.takes,
    changes: planStockTakes(a.takes, readState(a.takes), { paid: false }).changes,
    customer: customer
      ? {
          customerId: customer.id,
          pointsUsed: input.pointsUsed,
          pointsEarned: a.pointsEarned,
          total: a.total,
          balanceRead: customer.loyalty_points,
        }
      : null,
    series: a.series,
    lines: a.lines,
    now: a.nowIso,
  });
  if (held.short) {
    const short = [...a.takes].sort((x, y) => x.variantId! - y.variantId!).find((t) => !held.stock.has(t.productId))!;
    const name = takeName(short, a, a.products.get(short.productId)!);
    throw insufficientStock(name, short.productId, await currentStock(trx, short));
  }
  if (customer && held.balance === undefined) throw new AppError({ status: 409, code: 'INSUFFICIENT_POINTS' });
  return {
    newStock: held.stock,
    customer,
    keptCustomer: null,
    pointsTaken: customer ? input.pointsUsed : 0,
    finalPoints: customer ? held.balance! : null,
    sequence: held.sequence,
    ids: held.ids,
  };
}

/**
 * A card sale Stripe has been paid for: nothing is refused any more, what fell short meanwhile is
 * flagged. Its stock goes below zero rather than lie; its customer is locked after the stock, as every
 * writer takes them, so it never waits on a counter sale or a refund in a circle.
 */
export async function holdPaidSale(trx: DbExecutor, a: HoldRequest, policy: SalePolicy): Promise<SaleHeld> {
  const { input, products } = a;
  const state = await lockStockRows(trx, a.takes);
  const plan = planStockTakes(a.takes, state, { paid: true });
  await writeStockChanges(trx, plan.changes, a.nowIso);
  const newStock = new Map<number, number>();
  for (const [productId, { quantity }] of plan.changes.products) {
    const stock = state.stock.get(productId);
    if (stock !== undefined) newStock.set(productId, stock - quantity);
  }
  for (const { take, short } of plan.shortfalls) {
    const name = takeName(take, a, products.get(take.productId)!);
    policy.flag({ reason: 'stock_shortfall', products: [{ productId: take.productId, name, short }] });
  }
  const customer = input.customerId ? await findLiveCustomer(trx, input.customerId, { lock: true }) : undefined;
  let keptCustomer: SaleHeld['keptCustomer'] = null;
  if (input.customerId && !customer) {
    const row = await findCustomerName(trx, input.customerId);
    keptCustomer = { id: row?.id ?? null, name: row?.name ?? policy.terms?.customerName ?? null };
    policy.flag({
      reason: 'customer_deleted',
      ...(input.pointsUsed > 0 ? { pointsShort: input.pointsUsed } : {}),
    });
  }
  if (input.pointsUsed > 0 && !input.customerId) throw new AppError({ status: 400, code: 'POINTS_NEED_CUSTOMER' });
  let pointsTaken = customer ? input.pointsUsed : 0;
  if (customer && input.pointsUsed > customer.loyalty_points) {
    // Spent meanwhile: the discount stands (it was paid for), the points still there are taken.
    pointsTaken = Math.max(0, customer.loyalty_points);
    policy.flag({ reason: 'points_shortfall', pointsShort: input.pointsUsed - pointsTaken });
  }
  let finalPoints: number | null = null;
  if (customer) {
    const balance = await applySaleToCustomer(trx, customer.id, {
      pointsUsed: pointsTaken,
      pointsEarned: a.pointsEarned,
      total: a.total,
      now: a.nowIso,
      balanceRead: customer.loyalty_points,
    });
    if (balance === undefined) throw new AppError({ status: 409, code: 'INSUFFICIENT_POINTS' });
    finalPoints = balance;
  }
  const sequence = a.sequence ?? (await nextInSeries(trx, a.series));
  return { newStock, customer, keptCustomer, pointsTaken, finalPoints, sequence, ids: null };
}
