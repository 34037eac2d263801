import {
  bahtToSatang,
  chargesVat,
  msg,
  originalPriceShown,
  PAYMENT_METHOD_RULES,
  paymentMethodState,
  planSplitPayment,
  pointsForCustomer,
  priceSale,
  PricingError,
  pricingSettingsOf,
  satangToBaht,
  SPLIT_PAYMENT,
  takesReference,
  ZERO_TOTAL_PAYMENT_METHOD,
  type CreateSaleRequest,
  type CreateSaleResponse,
  type ListSalesQuery,
  type SalesListResponse,
  type PaymentMethod,
  type PricingProblem,
  type PricingSettings,
  type Sale,
  type ServerFigures,
  type StoredSettings,
  variantProblem,
  type VariantChoice,
} from '@pos/core';
import type { z } from 'zod';
import type { BeforeCommit } from '../../db/before-commit';
import type { DbExecutor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/app-error';
import { answerText, utf8Answer } from '../../http/utf8-answer';
import type { SessionUser } from '../auth/sessions.queries';
import { hashToken } from '../auth/tokens';
import { findCustomerName, findLiveCustomer, type CustomerRow } from '../customers/customers.queries';
import { saleNotification } from '../notifications/notifications.service';
import { RollupChanges } from '../reports/rollups.service';
import { readSettingsShared } from '../settings/settings.service';
import { documentSeries, formatDocumentNumber } from './document-number';
import { claimOrReplay, purgeExpiredIdempotencyKeysIfDue, requestHash } from '../idempotency/idempotency.service';
import { readSale, readSales, recordedSale } from './sale-read.queries';
import { pageAndSummary, type SaleFilter } from './sale-search.queries';
import {
  applySaleToCustomer,
  currentStock,
  findProductsForSale,
  nextInSeries,
  replaceableDocumentNumber,
  lockSale,
  takeStockOfLines,
  type ProductForSale,
  type StockTake,
} from './sales.queries';
import { saleAnswerJson } from './sale-answer-json';
import { addFlag, refuseOrFlag, sameFigures, type CheckoutTerms, type PaidSale } from './paid-sale';
import { shopDayEnd, shopDayStart } from '../../calendar/shop-day';
import { consumeApproval } from './vat-approvals.queries';
import { holdCounterSale, writeSaleRows } from './sale-writes.queries';

type SaleInput = z.output<typeof CreateSaleRequest>;

/** A new error per refusal: a shared instance would carry the first throw's stack and could be changed by a handler. */
function pricingRefusal(problem: PricingProblem): AppError {
  switch (problem) {
    case 'EMPTY_CART':
    case 'DISCOUNT_OVER_SUBTOTAL':
      return new AppError({ status: 400, code: problem });
    case 'BAD_QUANTITY':
      return new AppError({ status: 400, code: 'VALIDATION_FAILED', message: msg('server.quantityInvalid') });
    case 'BAD_PRICE':
      return new AppError({ status: 400, code: 'VALIDATION_FAILED', message: msg('server.priceInvalid') });
    case 'BAD_POINTS':
      return new AppError({ status: 400, code: 'VALIDATION_FAILED', message: msg('server.pointsInvalid') });
  }
}

/**
 * Refuses a method the shop has not enabled or set up (core's method table), and a provider's method
 * (card): its sale is recorded only once the provider confirms payment (`/api/payments/stripe/*`).
 */
export function assertPaymentMethodUsable(
  method: PaymentMethod,
  settings: StoredSettings,
  via: 'counter' | 'provider' = 'counter',
): void {
  const state = paymentMethodState(method, settings.payment);
  if (state === 'off') throw new AppError({ status: 400, code: 'PAYMENT_METHOD_DISABLED' });
  const rule = PAYMENT_METHOD_RULES[method];
  if (state === 'unconfigured' && rule.needsSetting) {
    throw new AppError({ status: 400, code: rule.needsSetting.refusal });
  }
  if (via === 'counter' && rule.provider !== null) {
    throw new AppError({ status: 400, code: 'PAYMENT_NEEDS_PROVIDER' });
  }
}

/**
 * A split bill's refusals that do not depend on the total: the shop must allow several methods per
 * bill; at least two parts, one per method; a card part only through the card checkout (`via`
 * 'provider', which charges that part); each part's method enabled and set up as for a one-method
 * sale. The sum is checked once the total is known.
 */
function assertSplitUsable(input: SaleInput, settings: StoredSettings, via: SaleMode['via']): void {
  if (!settings.payment.allowMultiplePaymentMethods)
    throw new AppError({ status: 400, code: 'SPLIT_PAYMENT_DISABLED' });
  const parts = input.payments ?? [];
  if (parts.length < 2) throw new AppError({ status: 400, code: 'SPLIT_PAYMENT_PARTS_REQUIRED' });
  if (new Set(parts.map((p) => p.method)).size !== parts.length) {
    throw new AppError({ status: 400, code: 'SPLIT_PAYMENT_DUPLICATE_METHOD' });
  }
  if (via === 'counter' && parts.some((p) => p.method === 'card')) {
    throw new AppError({ status: 400, code: 'SPLIT_PAYMENT_CARD' });
  }
  for (const part of parts) assertPaymentMethodUsable(part.method, settings, part.method === 'card' ? via : 'counter');
}

/** The payment rows of a sale of `total` satang: one for its method, or a split bill's parts. */
function paymentRowsOf(input: SaleInput, total: number, cashReceived: number | null) {
  if (input.paymentMethod !== SPLIT_PAYMENT) {
    return [
      {
        method: input.paymentMethod,
        amount: total,
        cash_received: cashReceived,
        change_given: cashReceived === null ? null : cashReceived - total,
        reference: takesReference(input.paymentMethod) ? (input.paymentReference ?? null) : null,
      },
    ];
  }
  const plan = planSplitPayment(
    total,
    (input.payments ?? []).map((p) => ({ method: p.method, amount: bahtToSatang(p.amount), reference: p.reference })),
  );
  if (!plan.ok) {
    const paid = (input.payments ?? []).reduce((sum, p) => sum + bahtToSatang(p.amount), 0);
    throw new AppError({
      status: 400,
      code: plan.problem,
      details: { total: satangToBaht(total), paid: satangToBaht(paid) },
    });
  }
  return plan.parts;
}

/** Quantities per product, for the stock check (a product may appear on two lines). */
function quantitiesByProduct(input: SaleInput): Map<number, number> {
  const totals = new Map<number, number>();
  for (const item of input.items) totals.set(item.productId, (totals.get(item.productId) ?? 0) + item.quantity);
  return totals;
}

type LineInput = SaleInput['items'][number];

/** The usual price a line keeps for the receipt: only one above the price (core's shelf rule). */
function usualPriceKept(product: ProductForSale): number | null {
  const shown = originalPriceShown(
    satangToBaht(product.price),
    product.original_price === null ? null : satangToBaht(product.original_price),
  );
  return shown === null ? null : bahtToSatang(shown);
}

/**
 * The size and colour a line asks for: `size`/`color` when sent, else a
 * one-element `sizes`/`colors` list (the spec's payload shape), else none.
 */
function requestedVariant(item: LineInput): VariantChoice {
  const pick = (chosen: string | null | undefined, list: string[] | undefined) =>
    chosen !== undefined ? chosen : list?.length === 1 ? list[0]! : null;
  return { size: pick(item.size, item.sizes), color: pick(item.color, item.colors) };
}

/** Refuses a line whose size or colour the product does not offer, or that lacks one it needs. */
function assertVariant(product: ProductForSale, choice: VariantChoice): void {
  const problem = variantProblem(product, choice);
  if (problem === null) return;
  throw new AppError({
    status: 400,
    code: problem,
    details: { productId: product.id, name: product.name, sizes: product.sizes, colors: product.colors },
  });
}

function insufficientStock(product: Pick<ProductForSale, 'id' | 'name'>, available: number): AppError {
  return new AppError({
    status: 409,
    code: 'INSUFFICIENT_STOCK',
    details: { productId: product.id, name: product.name, available },
  });
}

/**
 * When the shop requires approval to exclude VAT, uses the approval token the
 * sale carries (single use, this seller's, unexpired). Inside the sale's
 * transaction, so a sale refused later leaves the approval unused.
 */
async function useVatApproval(
  trx: DbExecutor,
  settings: StoredSettings,
  seller: SessionUser,
  input: SaleInput,
  now: string,
): Promise<{ approverId: number; approverName: string | null; tokenHash: string } | null> {
  if (!input.excludeVAT || !settings.system.vatExclusionNeedsApproval) return null;
  if (!input.vatApprovalToken) throw new AppError({ status: 403, code: 'VAT_APPROVAL_REQUIRED' });
  const tokenHash = hashToken(input.vatApprovalToken);
  const approver = await consumeApproval(trx, { tokenHash, sellerId: seller.id, now });
  if (approver === undefined) throw new AppError({ status: 403, code: 'VAT_APPROVAL_INVALID' });
  return { approverId: approver.id, approverName: approver.name, tokenHash };
}

/** How a sale is being recorded: at the counter, or for a card checkout (checked first, then paid). */
export interface SaleMode {
  /** 'provider': the method's provider took (or will take) the money; see assertPaymentMethodUsable. */
  via: 'counter' | 'provider';
  /** The provider's session, kept on the payment. */
  providerSessionId?: string;
  /**
   * Paid already (card money taken): nothing that changed since the checkout refuses the sale. It is
   * recorded at the checkout's prices and terms, and each refusal it would have met becomes a flag
   * (stock that ran out is taken below zero, a deleted customer keeps only the name, ...).
   */
  paid?: PaidSale;
  /** Runs in the sale's transaction once it is written (a card checkout links itself to the sale). */
  onRecorded?: (trx: DbExecutor, answer: CreateSaleResponse) => Promise<void>;
}

/**
 * Records a sale in one transaction, the server deciding every figure:
 * prices from the database, tax and points from current settings, stock taken
 * only if it is there, the customer's points and totals updated, the next
 * document number assigned. A retry with the same Idempotency-Key gets the
 * first answer; the same key with a different body is refused.
 */
export async function createSale(
  deps: Deps,
  seller: SessionUser,
  input: SaleInput,
  idempotencyKey: string,
  mode: SaleMode = { via: 'counter' },
): Promise<CreateSaleResponse> {
  const answer = await createSaleAnswer(deps, seller, input, idempotencyKey, mode);
  return answer.body ?? (JSON.parse(answerText(answer.json)) as CreateSaleResponse);
}

/**
 * `createSale`, answering the JSON to send: written once, encoded to UTF-8 once (`utf8Answer`), kept as
 * it is for retries and sent as it is (serialising the answer twice, and checking it against its schema
 * on the way out, was ~3 % of a sale's CPU; issue 17). A replay has only the JSON (text or bytes, as it
 * was kept); a new sale also its answer as an object.
 */
export async function createSaleAnswer(
  deps: Deps,
  seller: SessionUser,
  input: SaleInput,
  idempotencyKey: string,
  mode: SaleMode = { via: 'counter' },
): Promise<{ json: string | Buffer; body?: CreateSaleResponse }> {
  const hash = requestHash(input);
  let notificationQueued = false;
  const answer = await deps.db.writeTransaction(async (trx, beforeCommit) => {
    // One clock reading: the key is claimed at the sale's own time.
    const now = deps.now();
    const claim = await claimOrReplay(trx, deps, { key: idempotencyKey, userId: seller.id, requestHash: hash }, now);
    if (claim.replay !== undefined) return { json: claim.replay };
    const written = await writeSale(trx, beforeCommit, deps, seller, input, mode, now);
    notificationQueued = written.notificationQueued;
    await mode.onRecorded?.(trx, written.body);
    const json = utf8Answer(saleAnswerJson(written.body));
    await claim.remember(trx, beforeCommit, 201, json);
    return { json, body: written.body };
  });
  // After the commit: the worker sends it in the background; the sale's answer never waits for LINE.
  if (notificationQueued) deps.notifications.wake();
  await purgeExpiredIdempotencyKeysIfDue(deps).catch(() => {
    // The sale is recorded and must be answered; the next pass deletes what this one could not.
  });
  return answer;
}

type ApprovalUsed = { approverId: number; approverName: string | null; tokenHash: string | null };

/** The VAT approval; for a paid sale whose approval lapsed meanwhile, the approver checked at checkout. */
async function approvalOf(
  trx: DbExecutor,
  settings: StoredSettings,
  seller: SessionUser,
  input: SaleInput,
  nowIso: string,
  paid: PaidSale | undefined,
): Promise<ApprovalUsed | null> {
  try {
    return await useVatApproval(trx, settings, seller, input, nowIso);
  } catch (err) {
    refuseOrFlag(paid, err, { reason: 'vat_approval_invalid' });
    const approver = paid?.terms?.vatApprover;
    return approver ? { approverId: approver.id, approverName: approver.name, tokenHash: null } : null;
  }
}

/**
 * The sale an edit replaces: an existing sale refunded whole for editing and not replaced yet. Its row
 * is locked first, so of concurrent replacements (on any server process) one records and each other
 * then finds it replaced: 409 SALE_NOT_REPLACEABLE, never the replacement index's duplicate key (a
 * 500). A paid card sale is recorded without the link, flagged.
 */
async function replacementOf(
  trx: DbExecutor,
  input: SaleInput,
  paid: PaidSale | undefined,
): Promise<{ replacesSaleId: number | null; replacesDocumentNumber: string | null }> {
  const none = { replacesSaleId: null, replacesDocumentNumber: null };
  if (!input.replacesSaleId) return none;
  try {
    if (!(await lockSale(trx, input.replacesSaleId))) throw notFound('SALE_NOT_FOUND');
    const documentNumber = await replaceableDocumentNumber(trx, input.replacesSaleId);
    if (documentNumber === undefined) throw new AppError({ status: 409, code: 'SALE_NOT_REPLACEABLE' });
    return { replacesSaleId: input.replacesSaleId, replacesDocumentNumber: documentNumber };
  } catch (err) {
    refuseOrFlag(paid, err, { reason: 'replacement_invalid' });
    return none;
  }
}

/**
 * The products of the sale by id. At the counter a deleted one refuses the sale; a paid sale takes
 * it as it was at checkout (flagged), even one removed altogether (`gone`: no stock to take).
 */
async function productsOf(
  trx: DbExecutor,
  input: SaleInput,
  wanted: Map<number, number>,
  paid: PaidSale | undefined,
): Promise<Map<number, ProductForSale & { gone?: true }>> {
  const found = await findProductsForSale(trx, [...wanted.keys()], { withDeleted: paid !== undefined });
  const products = new Map<number, ProductForSale & { gone?: true }>(found.map((p) => [p.id, p]));
  const unavailable: { productId: number; name: string }[] = [];
  for (const [productId] of wanted) {
    const product = products.get(productId);
    if (product && product.deleted_at === null) continue;
    const line = input.items.find((i) => i.productId === productId)!;
    const kept = paid?.terms?.products.find((p) => p.id === productId);
    const name = product?.name ?? kept?.name ?? line.product_name ?? line.name ?? `#${productId}`;
    if (!paid) throw new AppError({ status: 409, code: 'PRODUCT_UNAVAILABLE', details: { productId, name } });
    unavailable.push({ productId, name });
    if (!product) {
      products.set(productId, {
        id: productId,
        name,
        sku: kept?.sku ?? line.sku ?? '',
        barcode: kept?.barcode ?? null,
        category: kept?.category ?? line.category ?? null,
        price: bahtToSatang(line.price),
        original_price: kept?.original_price ?? null,
        stock: 0,
        sizes: [],
        colors: [],
        deleted_at: null,
        gone: true,
      });
    }
  }
  if (paid && unavailable.length > 0) addFlag(paid, { reason: 'product_unavailable', products: unavailable });
  return products;
}

/**
 * A paid sale's line keeps the checkout's facts (the customer paid that price for that product);
 * a price changed since is flagged.
 */
function paidLineProduct(paid: PaidSale, product: ProductForSale & { gone?: true }, item: LineInput) {
  const price = bahtToSatang(item.price);
  if (product.deleted_at === null && !product.gone && product.price !== price) {
    addFlag(paid, { reason: 'price_changed', products: [{ productId: product.id, name: product.name }] });
  }
  const kept = paid.terms?.products.find((p) => p.id === product.id);
  return { ...product, ...kept, price };
}

/**
 * Every check and write of a sale, inside the caller's transaction (a card checkout runs it and rolls
 * back to refuse exactly what a sale would, before asking for the money). Answers also the terms it
 * was checked at, which the checkout keeps.
 */
export async function writeSale(
  trx: DbExecutor,
  beforeCommit: BeforeCommit<DB>,
  deps: Deps,
  seller: SessionUser,
  input: SaleInput,
  mode: SaleMode,
  now: Date = deps.now(),
): Promise<{ body: CreateSaleResponse; notificationQueued: boolean; terms: CheckoutTerms }> {
  const nowIso = now.toISOString();
  const { paid } = mode;
  const settings = await readSettingsShared(trx);
  // Nothing is paid on a zero total, so the method switches do not apply. The client's total is
  // trusted here only because TOTALS_CHANGED below refuses it unless the server agrees.
  const nothingToPay = input.paymentMethod === ZERO_TOTAL_PAYMENT_METHOD && bahtToSatang(input.total) === 0;
  // A list of parts belongs to a split bill only (a card checkout's sale with parts is split: see checkoutSaleOf).
  if (input.payments !== undefined && input.paymentMethod !== SPLIT_PAYMENT && !paid) {
    throw new AppError({ status: 400, code: 'SPLIT_PAYMENT_NOT_SPLIT' });
  }
  try {
    if (input.paymentMethod === SPLIT_PAYMENT) assertSplitUsable(input, settings, mode.via);
    else if (!nothingToPay) assertPaymentMethodUsable(input.paymentMethod, settings, mode.via);
  } catch (err) {
    refuseOrFlag(paid, err, { reason: 'payment_method_disabled' });
  }
  // First of the sale's locks: a sale is locked before anything else by its refunds too, so the two
  // never wait on each other in a circle.
  const { replacesSaleId, replacesDocumentNumber } = await replacementOf(trx, input, paid);
  const vatApproval = await approvalOf(trx, settings, seller, input, nowIso, paid);

  const wanted = quantitiesByProduct(input);
  const products = await productsOf(trx, input, wanted, paid);
  const lines = input.items.map((item) => {
    const product = products.get(item.productId)!;
    return {
      item,
      product: paid ? paidLineProduct(paid, product, item) : product,
      variant: requestedVariant(item),
    };
  });
  for (const { product, variant } of lines) {
    if (product.gone || product.deleted_at !== null) continue; // flagged as unavailable already
    try {
      assertVariant(product, variant);
    } catch (err) {
      refuseOrFlag(paid, err, {
        reason: 'variant_unavailable',
        products: [{ productId: product.id, name: product.name }],
      });
    }
  }
  for (const [productId, quantity] of wanted) {
    const product = products.get(productId)!;
    if (product.stock < quantity && !paid) throw insufficientStock(product, Math.max(0, product.stock));
  }

  const currentPricing = pricingSettingsOf(settings);
  const pricing = paid?.terms?.pricing ?? currentPricing;
  const price = (terms: PricingSettings) =>
    priceSale(
      lines.map(({ item, product }) => ({ price: product.price, quantity: item.quantity })),
      { pointsUsed: input.pointsUsed, excludeVat: input.excludeVAT, settings: terms },
    );
  let figures;
  try {
    figures = price(pricing);
  } catch (err) {
    if (err instanceof PricingError) throw pricingRefusal(err.problem);
    throw err;
  }
  if (paid && pricing !== currentPricing && !sameFigures(figures, price(currentPricing))) {
    addFlag(paid, { reason: 'settings_changed' });
  }

  const serverFigures: ServerFigures = {
    subtotal: satangToBaht(figures.subtotal),
    discount: satangToBaht(figures.discount),
    tax: satangToBaht(figures.tax),
    total: satangToBaht(figures.total),
    pointsEarned: figures.pointsEarned,
    items: lines.map(({ product }) => ({ productId: product.id, price: satangToBaht(product.price) })),
  };
  const clientAgrees =
    bahtToSatang(input.subtotal) === figures.subtotal &&
    bahtToSatang(input.discount) === figures.discount &&
    bahtToSatang(input.tax) === figures.tax &&
    bahtToSatang(input.total) === figures.total &&
    (input.pointsEarned === undefined || input.pointsEarned === figures.pointsEarned) &&
    lines.every(({ item, product }) => bahtToSatang(item.price) === product.price);
  if (!clientAgrees) {
    if (!paid) throw new AppError({ status: 409, code: 'TOTALS_CHANGED', details: { server: serverFigures } });
    // A checkout kept before checkouts kept their terms, paid after the pricing settings changed: its
    // request's figures are the ones the server agreed to at checkout and Stripe charged, so they stand.
    figures = {
      subtotal: bahtToSatang(input.subtotal),
      discount: bahtToSatang(input.discount),
      tax: bahtToSatang(input.tax),
      total: bahtToSatang(input.total),
      pointsEarned: input.pointsEarned ?? figures.pointsEarned,
    };
    addFlag(paid, { reason: 'settings_changed' });
  }

  const cashReceived =
    input.paymentMethod === 'cash' && input.cashReceived != null ? bahtToSatang(input.cashReceived) : null;
  if (cashReceived !== null && cashReceived < figures.total) throw new AppError({ status: 400, code: 'CASH_TOO_LOW' });
  const paymentRows = paymentRowsOf(input, figures.total, cashReceived);

  const takes = [...wanted.entries()]
    .filter(([productId]) => !products.get(productId)!.gone)
    .map(([productId, quantity]) => ({ productId, quantity, stockRead: products.get(productId)!.stock }));
  const series = documentSeries(now, deps.config.shopTimezone);
  const hold: HoldRequest = {
    input,
    products,
    takes,
    pointsEarned: figures.pointsEarned,
    total: figures.total,
    series,
    nowIso,
  };
  const held = paid
    ? await holdPaidSale(trx, { ...hold, paid })
    : await holdCounterSaleOrRefuse(trx, { ...hold, lines: lines.length });
  const { newStock, customer, keptCustomer, pointsTaken, finalPoints } = held;

  const customerName = customer?.name ?? keptCustomer?.name ?? null;
  const documentNumber = formatDocumentNumber(series, held.sequence);
  const units = input.items.reduce((sum, item) => sum + item.quantity, 0);
  const saleValues = {
    document_number: documentNumber,
    status: 'completed',
    customer_id: customer?.id ?? keptCustomer?.id ?? null,
    customer_name: customerName,
    created_by: seller.id,
    subtotal: figures.subtotal,
    discount: figures.discount,
    tax: figures.tax,
    total: figures.total,
    tax_rate_bp: input.excludeVAT || !chargesVat(pricing) ? 0 : Math.round(pricing.taxRate * 100),
    prices_include_vat: pricing.pricesIncludeVat ? 1 : 0,
    exclude_vat: input.excludeVAT ? 1 : 0,
    vat_excluded_by: input.excludeVAT ? seller.id : null,
    vat_exclusion_approved_by: vatApproval?.approverId ?? null,
    points_used: pointsTaken,
    points_earned: pointsForCustomer(figures, customer !== undefined) ?? 0,
    final_loyalty_points: finalPoints,
    replaces_sale_id: replacesSaleId,
    notes: input.notes ?? null,
    payment_method: input.paymentMethod,
    created_at: nowIso,
    units,
  };
  const itemValues = lines.map(({ item, product, variant }) => ({
    product_id: product.gone ? null : product.id,
    product_name: product.name,
    sku: product.sku,
    barcode: product.barcode,
    category: product.category,
    price: product.price,
    original_price: usualPriceKept(product),
    quantity: item.quantity,
    line_total: product.price * item.quantity,
    size: variant.size,
    color: variant.color,
    sizes: JSON.stringify(variant.size === null ? [] : [variant.size]),
    colors: JSON.stringify(variant.color === null ? [] : [variant.color]),
  }));
  const notification = saleNotification(
    settings,
    {
      documentNumber,
      total: figures.total,
      customerName,
      itemCount: units,
      paymentMethod: input.paymentMethod,
    },
    nowIso,
  );
  const { saleId, itemIds } = await writeSaleRows(
    trx,
    beforeCommit,
    {
      sale: saleValues,
      items: itemValues,
      payments: paymentRows.map((row) => ({
        // The provider's session belongs to the part it took (a split bill's card part).
        provider_session_id: row.method === 'card' ? (mode.providerSessionId ?? null) : null,
        created_at: nowIso,
        ...row,
      })),
      movements: [...newStock.entries()].map(([productId, left]) => ({
        product_id: productId,
        user_id: seller.id,
        kind: 'sale' as const,
        old_quantity: left + wanted.get(productId)!,
        new_quantity: left,
        reason: documentNumber,
        created_at: nowIso,
      })),
      approvalTokenHash: vatApproval?.tokenHash ?? null,
      notification,
    },
    held.ids,
  );
  const itemRows = itemValues.map((row, i) => ({ id: itemIds[i]!, sale_id: saleId, ...row }));
  beforeCommit.add(
    new RollupChanges(deps.config.shopTimezone).sale(
      {
        created_at: nowIso,
        payment_method: input.paymentMethod,
        total: figures.total,
        customer_id: saleValues.customer_id,
      },
      itemRows,
      paymentRows,
    ),
  );
  const notificationQueued = notification !== null;

  // Built from what was written rather than read back (issue 17); a test holds it equal to GET /sales/:id.
  // Keys of their own before a spread, never after: V8 (Node 20) adds keys that follow a spread one by
  // one through its runtime, ~14 µs for the sale's five (issue 17).
  const sale = recordedSale(
    {
      id: saleId,
      created_by_name: seller.name,
      vat_excluded_by_name: input.excludeVAT ? seller.name : null,
      vat_exclusion_approved_by_name: vatApproval?.approverName ?? null,
      replaces_document_number: replacesSaleId === null ? null : replacesDocumentNumber,
      replaced_by_sale_id: null,
      replaced_by_document_number: null,
      ...saleValues,
    },
    itemRows,
    paymentRows,
  );
  const body: CreateSaleResponse = {
    sale,
    pointsEarned: sale.points_earned,
    total: sale.total,
    items: sale.items,
    paymentMethod: sale.payment_method,
  };
  const terms: CheckoutTerms = {
    pricing,
    vatApprover: vatApproval ? { id: vatApproval.approverId, name: vatApproval.approverName } : null,
    customerName,
    products: lines.map(({ product }) => ({
      id: product.id,
      name: product.name,
      sku: product.sku,
      barcode: product.barcode,
      category: product.category,
      price: product.price,
      original_price: product.original_price,
    })),
  };
  return { body, notificationQueued, terms };
}

type ProductsOfSale = Map<number, ProductForSale & { gone?: true }>;

/** What a sale holds once its stock, customer and number are taken, to write its rows with. */
interface SaleHeld {
  newStock: Map<number, number>;
  customer: CustomerRow | undefined;
  /** A paid sale's customer deleted meanwhile: the name (and the link while the row is kept). */
  keptCustomer: { id: number | null; name: string | null } | null;
  pointsTaken: number;
  finalPoints: number | null;
  sequence: number;
  /** PostgreSQL counter sales: the ids drawn for the sale and its lines (see `holdCounterSale`). */
  ids: { saleId: number; itemIds: number[] } | null;
}

interface HoldRequest {
  input: SaleInput;
  products: ProductsOfSale;
  takes: StockTake[];
  pointsEarned: number;
  total: number;
  series: string;
  nowIso: string;
}

/**
 * A counter sale: whatever it can be refused for is refused, before any lock where it can be (its customer
 * is read first: the points are taken by a conditional update with the stock and the number, see
 * `holdCounterSale`).
 */
async function holdCounterSaleOrRefuse(trx: DbExecutor, a: HoldRequest & { lines: number }): Promise<SaleHeld> {
  const { input } = a;
  const customer = input.customerId ? await findLiveCustomer(trx, input.customerId) : undefined;
  if (input.customerId && !customer) throw notFound('CUSTOMER_NOT_FOUND');
  if (input.pointsUsed > 0 && !input.customerId) throw new AppError({ status: 400, code: 'POINTS_NEED_CUSTOMER' });
  if (customer && input.pointsUsed > customer.loyalty_points) {
    throw new AppError({ status: 400, code: 'INSUFFICIENT_POINTS', details: { points: customer.loyalty_points } });
  }
  const held = await holdCounterSale(trx, {
    takes: a.takes,
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
    const short = [...a.takes].sort((x, y) => x.productId - y.productId).find((t) => !held.stock.has(t.productId))!;
    throw insufficientStock(a.products.get(short.productId)!, await currentStock(trx, short.productId));
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
async function holdPaidSale(trx: DbExecutor, a: HoldRequest & { paid: PaidSale }): Promise<SaleHeld> {
  const { input, paid, products } = a;
  const newStock = await takeStockOfLines(trx, a.takes, { now: a.nowIso, paid: true });
  for (const { productId, quantity } of [...a.takes].sort((x, y) => x.productId - y.productId)) {
    const left = newStock.get(productId);
    if (left !== undefined && left < 0) {
      addFlag(paid, {
        reason: 'stock_shortfall',
        products: [{ productId, name: products.get(productId)!.name, short: Math.min(quantity, -left) }],
      });
    }
  }
  const customer = input.customerId ? await findLiveCustomer(trx, input.customerId, { lock: true }) : undefined;
  let keptCustomer: SaleHeld['keptCustomer'] = null;
  if (input.customerId && !customer) {
    const row = await findCustomerName(trx, input.customerId);
    keptCustomer = { id: row?.id ?? null, name: row?.name ?? paid.terms?.customerName ?? null };
    addFlag(paid, {
      reason: 'customer_deleted',
      ...(input.pointsUsed > 0 ? { pointsShort: input.pointsUsed } : {}),
    });
  }
  if (input.pointsUsed > 0 && !input.customerId) throw new AppError({ status: 400, code: 'POINTS_NEED_CUSTOMER' });
  let pointsTaken = customer ? input.pointsUsed : 0;
  if (customer && input.pointsUsed > customer.loyalty_points) {
    // Spent meanwhile: the discount stands (it was paid for), the points still there are taken.
    pointsTaken = Math.max(0, customer.loyalty_points);
    addFlag(paid, { reason: 'points_shortfall', pointsShort: input.pointsUsed - pointsTaken });
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
  const sequence = await nextInSeries(trx, a.series);
  return { newStock, customer, keptCustomer, pointsTaken, finalPoints, sequence, ids: null };
}

/** A sale as the API shows it (the one read model, sale-read.queries). */
export async function loadSale(db: DbExecutor, id: number): Promise<Sale> {
  const sale = await readSale(db, id);
  if (!sale) throw notFound('SALE_NOT_FOUND');
  return sale;
}

export async function getSale(deps: Deps, id: number): Promise<Sale> {
  return loadSale(deps.db.kysely, id);
}

/** `nextCursor`: the last sale's position on the page, opaque to clients. */
function encodeCursor(sale: { created_at: string; id: number }): string {
  return Buffer.from(JSON.stringify([sale.created_at, sale.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      value[0].length <= 40 &&
      Number.isSafeInteger(value[1])
    ) {
      return { createdAt: value[0], id: value[1] as number };
    }
  } catch {
    // falls through to the refusal
  }
  throw new AppError({ status: 400, code: 'SALE_CURSOR_INVALID' });
}

/** The sales history's filters (shop days, search, status, method) as the read model's. */
export function saleFilterOf(
  query: Pick<z.output<typeof ListSalesQuery>, 'startDate' | 'endDate' | 'search' | 'status' | 'paymentMethod'>,
  timeZone: string,
): SaleFilter {
  return {
    ...(query.startDate ? { from: shopDayStart(query.startDate, timeZone) } : {}),
    ...(query.endDate ? { to: shopDayEnd(query.endDate, timeZone) } : {}),
    ...(query.search ? { search: query.search } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.paymentMethod ? { paymentMethod: query.paymentMethod } : {}),
  };
}

/** Sales history: newest first, one page and the number that match over every page. */
export async function listSales(
  deps: Pick<Deps, 'db' | 'config'>,
  query: z.output<typeof ListSalesQuery>,
): Promise<SalesListResponse> {
  const filter: SaleFilter = {
    ...saleFilterOf(query, deps.config.shopTimezone),
    ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}),
  };
  return deps.db.reader.transaction().execute(async (trx) => {
    const { page, summary } = await pageAndSummary(trx, filter, query.limit + 1);
    const shown = page.slice(0, query.limit);
    const last = shown.at(-1);
    return {
      sales: await readSales(
        trx,
        shown.map((s) => s.id),
      ),
      total: summary.count,
      summary: {
        totalAmount: satangToBaht(summary.total),
        refundedAmount: satangToBaht(summary.refunded),
        itemsSold: summary.items,
        uniqueCustomers: summary.customers,
      },
      nextCursor: page.length > query.limit && last ? encodeCursor(last) : null,
    };
  });
}
