import { z } from 'zod';
import { CreateSaleResponse } from './sales';

/** A provider's checkout session id as Stripe writes them (cs_test_…, cs_live_…). */
export const ProviderSessionId = z
  .string({ error: 'กรุณาระบุรหัสการชำระเงิน' })
  .regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'รหัสการชำระเงินไม่ถูกต้อง');

/** `POST /api/payments/stripe/checkout` (body: the sale, as `POST /api/sales`) → 201. */
export const CardCheckoutResponse = z.object({
  sessionId: z.string(),
  /** The provider's hosted checkout page to send the browser to. */
  url: z.string(),
});
export type CardCheckoutResponse = z.infer<typeof CardCheckoutResponse>;

/** `POST /api/payments/stripe/confirm` → 201 with the `POST /api/sales` answer once paid. */
export const ConfirmCardPaymentRequest = z.object({ sessionId: ProviderSessionId });
export type ConfirmCardPaymentRequest = z.input<typeof ConfirmCardPaymentRequest>;

/**
 * Why a paid card sale was flagged for the manager: something changed between the checkout and the
 * payment, and the sale was recorded anyway (the money was taken) at the prices and terms checked at
 * checkout. Stable codes, worded by the web.
 */
export const CARD_SALE_FLAG_REASONS = [
  /** Stock ran out: taken below zero (`products[].short` units missing). */
  'stock_shortfall',
  /** A product was deleted: the line keeps the name and price of the checkout. */
  'product_unavailable',
  /** A product's price changed: the line keeps the checkout's price. */
  'price_changed',
  /** A size or colour is no longer offered. */
  'variant_unavailable',
  /** The customer was deleted: the name is kept, no points used or earned (`pointsShort`: points not taken). */
  'customer_deleted',
  /** The customer spent points meanwhile: what was there was used (`pointsShort`: points not taken). */
  'points_shortfall',
  /** The VAT-exclusion approval expired or was used meanwhile: VAT stays excluded, approver as at checkout. */
  'vat_approval_invalid',
  /** The seller's account was deactivated or deleted. */
  'seller_inactive',
  /** The card payment method was switched off in settings. */
  'payment_method_disabled',
  /** Tax or points settings changed: the checkout's terms were used. */
  'settings_changed',
  /** The sale it was to replace (an edit) was replaced or changed meanwhile: recorded without the link. */
  'replacement_invalid',
  /**
   * The provider says it was paid, but not the amount or currency asked: recorded at the checkout's
   * figures; `amountAsked` (baht), `amountPaid` and `currency` say what was asked and what was taken.
   */
  'amount_mismatch',
  /** The till had no open shift when the payment came (closed meanwhile): recorded in no shift. */
  'no_open_shift',
  /**
   * An offline sale's time (`claimed`) is before its number block was reserved or its shift opened, or ahead of
   * the server's clock: recorded when it reached the server.
   */
  'time_invalid',
  /**
   * An offline sale's printed number (`claimed`) is not one of its till's reserved numbers, or was used already:
   * recorded under a number of the shop's series.
   */
  'number_invalid',
  /** An offline sale sold products at prices they have not had since the till last synced: recorded as sold. */
  'price_unknown',
  /**
   * An offline refund the sale could no longer take as made (refunded elsewhere meanwhile, its shift closed, ...;
   * `code` says why): kept unrecorded, with the money the till handed back, for a manager.
   */
  'refund_conflict',
] as const;
export type CardSaleFlagReason = (typeof CARD_SALE_FLAG_REASONS)[number];

export const CardSaleFlag = z.object({
  reason: z.enum(CARD_SALE_FLAG_REASONS),
  products: z.array(z.object({ productId: z.number(), name: z.string(), short: z.number().optional() })).optional(),
  pointsShort: z.number().optional(),
  /** `amount_mismatch`: the total asked of the provider, in baht (THB). */
  amountAsked: z.number().optional(),
  /** `amount_mismatch`: what the provider took, in whole units of `currency` (null: it gave none). */
  amountPaid: z.number().nullable().optional(),
  /** `amount_mismatch`: the currency paid in, an ISO 4217 code in capitals (THB, USD, ...). */
  currency: z.string().optional(),
  /** `time_invalid`, `number_invalid`: what the offline till claimed (its time, its printed number). */
  claimed: z.string().optional(),
  /** `refund_conflict`: the refusal the refund met (an error code, e.g. REFUND_QUANTITY_EXCEEDED). */
  code: z.string().optional(),
});
export type CardSaleFlag = z.infer<typeof CardSaleFlag>;

/**
 * `POST /api/payments/stripe/confirm` → 201: the `POST /api/sales` answer, and what was flagged for the
 * manager when the sale was recorded (empty when nothing changed), so the till can tell the cashier.
 */
export const ConfirmCardPaymentResponse = CreateSaleResponse.extend({ flags: z.array(CardSaleFlag) });
export type ConfirmCardPaymentResponse = z.infer<typeof ConfirmCardPaymentResponse>;

export const FlaggedCardSale = z.object({
  sessionId: z.string(),
  saleId: z.number(),
  documentNumber: z.string(),
  /** Baht, as paid. */
  total: z.number(),
  sellerName: z.string(),
  customerName: z.string().nullable(),
  completedAt: z.string(),
  reasons: z.array(CardSaleFlag),
  /** The `stock_shortfall` reason's products (the first version of this answer). */
  shortfall: z.array(z.object({ productId: z.number(), name: z.string(), short: z.number() })),
  handledAt: z.string().nullable(),
  /** Name of who marked it handled. */
  handledBy: z.string().nullable(),
});
export type FlaggedCardSale = z.infer<typeof FlaggedCardSale>;

/** `GET /api/payments/stripe/flagged?handled=open|all`: open (default) or every flagged card sale. */
export const FlaggedCardSalesQuery = z.object({ handled: z.enum(['open', 'all']).default('open') });

/** `GET /api/payments/stripe/flagged`: card sales recorded although something had changed, newest first. */
export const FlaggedCardSalesResponse = z.object({ checkouts: z.array(FlaggedCardSale) });
export type FlaggedCardSalesResponse = z.infer<typeof FlaggedCardSalesResponse>;
