import { z } from 'zod';
import { AMOUNT_BOUNDS, boundText } from '../bounds';
import { hasAtMostTwoDecimals } from '../money';
import { msg, type ValidationLabel } from '../validation';
import { Flag, Id, INT_MAX, ListLimit, MultiLineText, SingleLineText, textProblem, withoutInvisibles } from './common';
import { PAYMENT_METHODS, SALE_PAYMENT_METHODS } from './settings';
import { ClaimedTime, OfflineId } from './offline-ids';

/** Core's PricingSettings as an offline till sends the ones it priced with. */
const OfflinePricing = z.object({
  vatApplies: z.boolean().optional(),
  taxRate: z.number().min(0).max(100),
  pricesIncludeVat: z.boolean(),
  onePointValueInBaht: z.number().min(0).max(1_000_000),
  purchaseAmountForOnePoint: z.number().min(0).max(100_000_000),
});

/** Figures as browsers send them: baht with at most 2 decimals. */
const Baht = (label: ValidationLabel) =>
  z.coerce
    .number({ error: msg('number.type', { label }) })
    .min(0, msg('number.nonNegative', { label }))
    .max(100_000_000, msg('number.tooHigh', { label }))
    .refine(hasAtMostTwoDecimals, msg('money.decimals', { label }));

/** Optional text of a sale or refund: `label` names it in the messages. */
const Text = (label: ValidationLabel, max: number, kind: 'single' | 'multi' = 'single') =>
  (kind === 'single' ? SingleLineText : MultiLineText)(msg('text.type', { label })).max(
    max,
    msg('value.tooLong', { label }),
  );

/** A whole number of units on a line (`label`): 1 to AMOUNT_BOUNDS.quantity. */
const Units = (label: ValidationLabel) =>
  z
    .number({ error: msg('number.type', { label }) })
    .int(msg('number.int', { label }))
    .positive(msg('number.positive', { label }))
    .max(AMOUNT_BOUNDS.quantity, msg('value.tooMany', { label }));

/** Sizes and colours of a line: a list, or an object whose values are the list (spec 000 §3). */
const LineTags = z
  .preprocess(
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : (v ?? [])),
    z
      .array(
        z.coerce
          .string()
          .overwrite((tag) => withoutInvisibles(tag))
          .trim()
          .max(50, msg('value.tooLong', { label: 'text' })),
      )
      .max(50, msg('value.tooMany', { label: 'list' }))
      .superRefine((tags, ctx) => {
        const problem = tags.map((tag) => textProblem(tag)).find((p) => p !== null);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  )
  .transform((list) => [...new Set(list.filter((s) => s !== ''))]);

/** The one size or colour chosen for a line; blank means none. */
const LineChoice = Text('lineChoice', 50)
  .nullish()
  .transform((v) => (v === '' ? null : v));

/**
 * Spec 000's sanity bounds (AMOUNT_BOUNDS, the product form's too) are refused when the sale is made,
 * so reports never need to skip a sale.
 */
export const SaleItemInput = z
  .object({
    productId: Id(msg('value.invalid', { label: 'productId' })),
    /** The size × colour variant sold (issue 34); instead of it, `size`/`color` (or one-element lists) name it. */
    variantId: Id(msg('value.invalid', { label: 'variantId' })).nullish(),
    quantity: Units('quantity'),
    /** What the cart showed; compared with the database price. */
    price: Baht('price').refine(
      (v) => v <= AMOUNT_BOUNDS.unitPriceBaht,
      msg('sale.unitPriceLimit', { max: boundText(AMOUNT_BOUNDS.unitPriceBaht) }),
    ),
    name: Text('productName', 200).optional(),
    product_name: Text('productName', 200).optional(),
    total: Baht('lineTotal').optional(),
    sku: Text('sku', 100).nullish(),
    category: Text('category', 100).nullish(),
    /** The size sold: one of the product's sizes, required when it has any. */
    size: LineChoice,
    /** The colour sold: one of the product's colours, required when it has any. */
    color: LineChoice,
    /** Spec 000 §3 lists; a one-element list stands for the choice when `size`/`color` are not sent. */
    sizes: LineTags.optional(),
    colors: LineTags.optional(),
  })
  .refine((line) => Math.round(line.price * 100) * line.quantity <= AMOUNT_BOUNDS.lineTotalBaht * 100, {
    path: ['quantity'],
    message: msg('sale.lineTotalLimit', { max: boundText(AMOUNT_BOUNDS.lineTotalBaht) }),
  });

/**
 * A sale whose total is 0 (points cover everything) takes no money: it is
 * recorded with this method, received 0 and change 0, whichever payment
 * methods the shop has switched on.
 */
export const ZERO_TOTAL_PAYMENT_METHOD = 'cash' satisfies (typeof PAYMENT_METHODS)[number];

/** One part of a split bill: its method, baht (for cash, what was handed over) and a transfer's reference. */
export const PaymentPartInput = z.object({
  method: z.enum(PAYMENT_METHODS, { error: msg('value.invalid', { label: 'paymentMethod' }) }),
  amount: Baht('paymentAmount').refine((v) => v > 0, msg('number.positive', { label: 'paymentAmount' })),
  reference: Text('paymentReference', 100).nullish(),
});

/** `POST /api/sales` (spec 000 §3 sale payload, plus payment details and the edit link). */
export const CreateSaleRequest = z.object({
  customerId: Id(msg('value.invalid', { label: 'customerId' })).nullish(),
  items: z
    .array(SaleItemInput, { error: msg('value.invalid', { label: 'items' }) })
    .min(1, msg('sale.cartEmpty'))
    .max(200),
  subtotal: Baht('subtotal'),
  discount: Baht('discount').default(0),
  tax: Baht('tax').default(0),
  total: Baht('total').refine(
    (v) => v <= AMOUNT_BOUNDS.billTotalBaht,
    msg('sale.totalLimit', { max: boundText(AMOUNT_BOUNDS.billTotalBaht) }),
  ),
  excludeVAT: Flag.default(false),
  /** From POST /api/sales/vat-exclusion-approvals, when the shop requires approval to exclude VAT. */
  vatApprovalToken: SingleLineText(msg('value.invalid', { label: 'approval' }))
    .max(200, msg('value.invalid', { label: 'approval' }))
    .nullish(),
  /** "split": paid by several methods, the parts in `payments` (only when the shop allows it). */
  paymentMethod: z.enum(SALE_PAYMENT_METHODS, { error: msg('value.invalid', { label: 'paymentMethod' }) }),
  /** The parts of a split bill (core's planSplitPayment rules); sent only with paymentMethod "split". */
  payments: z
    .array(PaymentPartInput, { error: msg('value.invalid', { label: 'payments' }) })
    .max(PAYMENT_METHODS.length, msg('value.tooMany', { label: 'payments' }))
    .optional(),
  notes: Text('notes', 500, 'multi').nullish(),
  pointsUsed: z
    .number({ error: msg('number.type', { label: 'pointsUsed' }) })
    .int(msg('number.int', { label: 'pointsUsed' }))
    .min(0, msg('number.nonNegative', { label: 'pointsUsed' }))
    .max(INT_MAX, msg('value.tooMany', { label: 'pointsUsed' }))
    .default(0),
  pointsEarned: z.number().int().min(0).max(INT_MAX).optional(),
  /** Cash tendered, for the change; must cover the total. */
  cashReceived: Baht('cashReceived').nullish(),
  /** Bank transfer reference (optional). */
  paymentReference: Text('paymentReference', 100).nullish(),
  /** Set by the edit flow: the refunded sale this one replaces. */
  replacesSaleId: Id(msg('value.invalid', { label: 'replacesSaleId' })).nullish(),
  /** The till (cash drawer) selling: the sale joins its open shift (issue 35). */
  tillId: Id(msg('value.invalid', { label: 'tillId' })).nullish(),
  /**
   * A sale made while the till was offline (issue 38): its device-made id, answered with the same sale however
   * late and however often it is sent again. Such a sale has happened (the goods left the shop): what is out of
   * line is flagged for a manager instead of refused.
   */
  offlineId: OfflineId.nullish(),
  /** When an offline sale was made, by the till's clock (checked: after its number block and shift, not ahead). */
  createdAt: ClaimedTime('createdAt').nullish(),
  /** The number an offline sale printed with, from a block reserved for its till (`R2569-T01-000001`). */
  documentNumber: SingleLineText(msg('value.invalid', { label: 'documentNumber' }))
    .max(40, msg('value.invalid', { label: 'documentNumber' }))
    .nullish(),
  /** When the till last refreshed its catalogue (server time): its prices are checked against those since. */
  syncedAt: ClaimedTime('syncedAt').nullish(),
  /** The VAT and points rules the offline till priced with (its cached settings); flagged when not the shop's. */
  pricing: OfflinePricing.nullish(),
});
export type CreateSaleRequest = z.input<typeof CreateSaleRequest>;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const SaleItem = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  category: z.string().nullable(),
  price: z.number(),
  /** The product's usual price when sold, if it was above `price` (shown struck through). */
  original_price: z.number().nullable(),
  quantity: z.number(),
  total: z.number(),
  /** The variant sold; null for lines older than variants, or a product removed since. */
  variant_id: z.number().nullable(),
  /** The size and colour sold (null: none chosen). */
  size: z.string().nullable(),
  color: z.string().nullable(),
  /** Spec 000 §3 shape: the chosen value as a one-element list. */
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  /** How many of this line have been refunded so far. */
  refunded_quantity: z.number(),
});
export type SaleItem = z.infer<typeof SaleItem>;

/** How the sale was paid, in one: a split sale's method is "split", its cash handed over and change. */
export const SalePayment = z.object({
  method: z.enum(SALE_PAYMENT_METHODS),
  amount: z.number(),
  cash_received: z.number().nullable(),
  change: z.number().nullable(),
  reference: z.string().nullable(),
});

/** One payment of a sale (a one-method sale has one, a split sale one per part), with what went back through it. */
export const SalePaymentPart = z.object({
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  cash_received: z.number().nullable(),
  change: z.number().nullable(),
  reference: z.string().nullable(),
  /** Baht refunded through this part so far. */
  refunded: z.number(),
});
export type SalePaymentPart = z.infer<typeof SalePaymentPart>;

/** How much of a refund went back through one method. */
export const RefundPart = z.object({ method: z.enum(PAYMENT_METHODS), amount: z.number() });

/** completed → partially_refunded (some lines or units returned) → refunded (nothing left to refund). */
export const SALE_STATUSES = ['completed', 'partially_refunded', 'refunded'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** The reason the edit flow's refund carries (spec 001 §4): the sale is replaced by a new one. */
export const EDIT_SALE_REASON = 'edit_sale';

/**
 * The refund reasons the refund dialog offers, stored as these codes (and shown in words by the
 * web). The spec's body takes any reason text, so a reason typed under "other" is stored as typed.
 */
export const REFUND_REASONS = ['customer_request', 'defective', 'wrong_item', 'price_error'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/**
 * The reasons in Thai as tax documents state them (a credit note, 86/10, must say why): printed and written
 * into the e-Tax XML in Thai whatever the screen's language. A reason typed under "other" is used as typed.
 */
export const REFUND_REASON_DOCUMENT_TEXT: Readonly<Record<RefundReason | typeof EDIT_SALE_REASON, string>> = {
  customer_request: 'ลูกค้าขอคืนสินค้า',
  defective: 'สินค้าชำรุดหรือเสียหาย',
  wrong_item: 'ได้รับสินค้าผิด',
  price_error: 'คิดราคาผิด',
  edit_sale: 'แก้ไขรายการขาย',
};

/** What a refund without a reason records (spec 001's body). */
export const DEFAULT_REFUND_REASON: RefundReason = 'customer_request';

export const RefundLine = z.object({
  sale_item_id: z.number(),
  product_name: z.string(),
  quantity: z.number(),
  /** Baht given back for these units (their share of the sale's total after discount and tax). */
  amount: z.number(),
});

/**
 * One refund of a sale, never changed or deleted afterwards. A sale with a tax invoice gets a
 * credit note (ใบลดหนี้, Revenue Code 86/10) numbered in its own gapless series.
 */
export const SaleRefund = z.object({
  id: z.number(),
  sale_id: z.number(),
  reason: z.string(),
  amount: z.number(),
  /** "split" when the money went back through several of a split sale's parts (see `parts`). */
  refund_method: z.enum(SALE_PAYMENT_METHODS),
  /** Where the money went, per method (one element for a refund by one method). */
  parts: z.array(RefundPart),
  refunded_by: z.number(),
  refunded_by_name: z.string(),
  created_at: z.string(),
  edit_reason: z.string().nullable(),
  edit_details: z.string().nullable(),
  edited_by: z.number().nullable(),
  edited_at: z.string().nullable(),
  /** CN<Buddhist-era year>-<6 digits>; null when the sale had no tax invoice (VAT excluded). */
  credit_note_number: z.string().nullable(),
  /** The sale's document number the credit note refers to. */
  original_document_number: z.string(),
  /** Earned points taken back, used points given back, and what could not be taken back (already spent). */
  points_taken_back: z.number(),
  points_returned: z.number(),
  points_shortfall: z.number(),
  /** Baht: the VAT this refund gives back (its credit note's VAT on the difference); 0 without VAT. */
  vat: z.number(),
  /** The customer's address when refunded, for the credit note; null for a walk-in sale. */
  buyer_address: z.string().nullable(),
  /** Stripe's refund (`re_…`) that gave a card sale's money back to the card; null for any other refund. */
  stripe_refund_id: z.string().nullable(),
  /** Why a card sale's money was paid back another way than to the card; null otherwise. */
  off_card_reason: z.string().nullable(),
  lines: z.array(RefundLine),
});
export type SaleRefund = z.infer<typeof SaleRefund>;

export const Sale = z.object({
  id: z.number(),
  document_number: z.string(),
  status: z.enum(SALE_STATUSES),
  created_at: z.string(),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  created_by: z.number(),
  created_by_name: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  total: z.number(),
  tax_rate: z.number(),
  exclude_vat: z.boolean(),
  /** Who ticked "exclude VAT" (the seller) and, when the shop requires it, who approved it. */
  vat_excluded_by: z.number().nullable(),
  vat_excluded_by_name: z.string().nullable(),
  vat_exclusion_approved_by: z.number().nullable(),
  vat_exclusion_approved_by_name: z.string().nullable(),
  prices_include_vat: z.boolean(),
  payment_method: z.enum(SALE_PAYMENT_METHODS),
  payment: SalePayment,
  /** Every payment of the sale: one, or a split sale's parts. */
  payments: z.array(SalePaymentPart),
  points_used: z.number(),
  points_earned: z.number(),
  /** The customer's balance right after this sale. */
  final_loyalty_points: z.number().nullable(),
  replaces_sale_id: z.number().nullable(),
  replaces_document_number: z.string().nullable(),
  /** The sale recorded by the edit flow in place of this one. */
  replaced_by_sale_id: z.number().nullable(),
  replaced_by_document_number: z.string().nullable(),
  notes: z.string().nullable(),
  /** The till (cash drawer) that sold it, its name printed on the receipt, and the shift it belongs to (issue 35). */
  till_id: z.number().nullable(),
  till_name: z.string().nullable(),
  shift_id: z.number().nullable(),
  /**
   * The full tax invoice (86/4) issued in place of this sale's short one (issue 36): the short one is kept,
   * marked replaced by it. Null while none was issued.
   */
  tax_invoice_id: z.number().nullable(),
  tax_invoice_number: z.string().nullable(),
  items: z.array(SaleItem),
  /** Baht refunded so far, and every refund, oldest first. */
  refunded_amount: z.number(),
  refunds: z.array(SaleRefund),
});
export type Sale = z.infer<typeof Sale>;

export const CreateSaleResponse = z.object({
  sale: Sale,
  pointsEarned: z.number(),
  total: z.number(),
  items: z.array(SaleItem),
  paymentMethod: z.enum(SALE_PAYMENT_METHODS),
});
export type CreateSaleResponse = z.infer<typeof CreateSaleResponse>;

/** `POST /api/sales/vat-exclusion-approvals`: a user holding pos_refund signs in at the till. */
export const VatExclusionApprovalRequest = z.object({
  username: SingleLineText(msg('sale.approverUsernameRequired')).min(1, msg('sale.approverUsernameRequired')).max(100),
  password: z
    .string({ error: msg('sale.approverPasswordRequired') })
    .min(1, msg('sale.approverPasswordRequired'))
    .max(200),
});
export type VatExclusionApprovalRequest = z.input<typeof VatExclusionApprovalRequest>;

/** A single-use token for the next sale of the cashier who asked, valid for a few minutes. */
export const VatExclusionApprovalResponse = z.object({
  approvalToken: z.string(),
  approvedBy: z.object({ id: z.number(), name: z.string() }),
  expiresAt: z.string(),
});
export type VatExclusionApprovalResponse = z.infer<typeof VatExclusionApprovalResponse>;

export const VAT_APPROVAL_TTL_MINUTES = 10;

export const SaleResponse = z.object({ sale: Sale });

/** The server's figures, sent with TOTALS_CHANGED so the screen can show the new total. */
export const ServerFigures = z.object({
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  total: z.number(),
  pointsEarned: z.number(),
  items: z.array(z.object({ productId: z.number(), price: z.number() })),
});
export type ServerFigures = z.infer<typeof ServerFigures>;

export const SALES_LIST_LIMIT_DEFAULT = 1000;
export const SALES_LIST_LIMIT_MAX = 1000;
export const SALES_SEARCH_MAX_LENGTH = 100;

/** A shop day (YYYY-MM-DD in SHOP_TIMEZONE) as a query sends it: a real calendar date. */
export const ShopDay = (label: ValidationLabel) =>
  z
    .string({ error: msg('date.format', { label }) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, msg('date.format', { label }))
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
      },
      msg('date.notReal', { label }),
    );

/**
 * `GET /api/sales`: the shop's days (SHOP_TIMEZONE), end day included; search matches the customer's
 * name or phone, the document number, or a product name or SKU on the sale. Newest first.
 */
/** What narrows the sales history: its list and its export. */
const SalesFilterFields = {
  startDate: ShopDay('startDate').optional(),
  endDate: ShopDay('endDate').optional(),
  search: SingleLineText(msg('text.type', { label: 'search' }))
    .max(SALES_SEARCH_MAX_LENGTH, msg('text.tooLong', { label: 'search', max: SALES_SEARCH_MAX_LENGTH }))
    .optional(),
  status: z.enum(SALE_STATUSES, { error: msg('value.invalid', { label: 'status' }) }).optional(),
  /** A method matches the sales with a payment by it (a split sale under each of its parts' methods); "split" the split ones. */
  paymentMethod: z.enum(SALE_PAYMENT_METHODS, { error: msg('value.invalid', { label: 'paymentMethod' }) }).optional(),
  /** The sales of one till (issue 35). */
  tillId: Id(msg('value.invalid', { label: 'tillId' })).optional(),
};

/** A range of shop days whose start is not after its end (either may be left out); one rule for every list. */
export const dateRangeInOrder = (q: { startDate?: string | undefined; endDate?: string | undefined }) =>
  !q.startDate || !q.endDate || q.startDate <= q.endDate;
/** The refusal of a range out of order, on its end date. */
export const dateRangeRefusal = () => ({ message: msg('sale.dateRange'), path: ['endDate'] });

export const ListSalesQuery = z
  .object({
    ...SalesFilterFields,
    limit: ListLimit(SALES_LIST_LIMIT_MAX).default(SALES_LIST_LIMIT_DEFAULT),
    /** `nextCursor` of the previous page. */
    cursor: z
      .string({ error: msg('value.invalid', { label: 'cursor' }) })
      .regex(/^[A-Za-z0-9_-]{1,200}$/, msg('value.invalid', { label: 'cursor' }))
      .optional(),
  })
  .refine(dateRangeInOrder, dateRangeRefusal());
export type ListSalesQuery = z.input<typeof ListSalesQuery>;

/** Which export: the sales history's (newest first, every filter) or the reports' (oldest first). */
export const SALES_CSV_LAYOUTS = ['history', 'report'] as const;
export type SalesCsvLayout = (typeof SALES_CSV_LAYOUTS)[number];

/**
 * `GET /api/sales/export.csv`: every sale the filters match, as CSV written row by row. `layout`
 * `history` (default): the sales history's columns, newest first; `report`: the reports' columns,
 * oldest first.
 */
export const SalesExportQuery = z
  .object({
    ...SalesFilterFields,
    layout: z.enum(SALES_CSV_LAYOUTS, { error: msg('value.invalid', { label: 'layout' }) }).default('history'),
  })
  .refine(dateRangeInOrder, dateRangeRefusal());
export type SalesExportQuery = z.input<typeof SalesExportQuery>;

/** The sales history's summary cards, over every sale matching the filters (not one page). */
export const SalesSummary = z.object({
  /** Baht of the matching sales' totals, before refunds. */
  totalAmount: z.number(),
  /** Baht refunded from those sales so far. */
  refundedAmount: z.number(),
  /** Units sold on those sales (refunded units included: they were sold). */
  itemsSold: z.number(),
  /** Distinct registered customers among them (walk-in sales count none). */
  uniqueCustomers: z.number(),
});
export type SalesSummary = z.infer<typeof SalesSummary>;

export const SalesListResponse = z.object({
  sales: z.array(Sale),
  /** How many sales match the filters, over every page. */
  total: z.number(),
  summary: SalesSummary,
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type SalesListResponse = z.infer<typeof SalesListResponse>;

export const RefundLineInput = z.object({
  saleItemId: Id(msg('value.invalid', { label: 'saleItemId' })),
  quantity: Units('refundQuantity'),
});

/**
 * `POST /api/sales/:id/refund` (spec 001 §6): reason, refundAmount, refundMethod; the edit flow adds
 * edit_reason, edit_details, edited_by, edited_at. `lines` (beyond the spec) picks lines and
 * quantities; without it everything not yet refunded is refunded. `refundAmount`, when sent, must be
 * what those units come to. Who edited and when are the signed-in user and the server's clock.
 *
 * `refundMethod` left out is `defaultRefundMethod` of the sale's method: back to the card for a card
 * sale, cash otherwise. A card sale's money paid back any other way needs `offCardReason` (why not to
 * the card); it is ignored when the money goes back the way it was paid.
 */
export const RefundSaleRequest = z.object({
  reason: Text('reason', 100).min(1, msg('sale.refundReasonRequired')).default(DEFAULT_REFUND_REASON),
  refundAmount: Baht('refundAmount').optional(),
  refundMethod: z.enum(SALE_PAYMENT_METHODS, { error: msg('value.invalid', { label: 'refundMethod' }) }).optional(),
  /**
   * A split sale's refund: baht back through each of its parts (adding up to the refund, none above what
   * that part has left). Left out: in proportion to what the parts have left (core's defaultRefundParts).
   */
  refundParts: z
    .array(
      z.object({
        method: z.enum(PAYMENT_METHODS, { error: msg('value.invalid', { label: 'refundMethod' }) }),
        amount: Baht('refundAmount'),
      }),
      { error: msg('value.invalid', { label: 'refundParts' }) },
    )
    .min(1, msg('value.invalid', { label: 'refundParts' }))
    .max(PAYMENT_METHODS.length, msg('value.tooMany', { label: 'refundParts' }))
    .optional(),
  offCardReason: Text('offCardReason', 200).nullish(),
  /** The till refunding: cash back needs its shift open (when the shop requires shifts), and is tied to it. */
  tillId: Id(msg('value.invalid', { label: 'tillId' })).nullish(),
  edit_reason: Text('editReason', 200).nullish(),
  edit_details: Text('description', 1000, 'multi').nullish(),
  edited_by: Id(msg('value.invalid', { label: 'editedBy' })).nullish(),
  edited_at: SingleLineText(msg('text.type', { label: 'editedAt' }))
    .max(50, msg('value.invalid', { label: 'editedAt' }))
    .nullish(),
  lines: z
    .array(RefundLineInput, { error: msg('value.invalid', { label: 'refundLines' }) })
    .min(1, msg('sale.refundLinesEmpty'))
    .max(200)
    .optional(),
  /**
   * A refund made while the till was offline (issue 38), sent later from its outbox: its device-made id (the same
   * id answers the same refund forever), when it was made, and the credit note number it printed (from the till's
   * credit-note block; none for a sale without VAT). What does not hold is recorded and flagged, never refused.
   */
  offlineId: OfflineId.optional(),
  createdAt: ClaimedTime('createdAt').optional(),
  documentNumber: SingleLineText(msg('value.invalid', { label: 'documentNumber' }))
    .max(40, msg('value.invalid', { label: 'documentNumber' }))
    .optional(),
});
export type RefundSaleRequest = z.input<typeof RefundSaleRequest>;

export const RefundSaleResponse = z.object({ refund: SaleRefund, sale: Sale });
export type RefundSaleResponse = z.infer<typeof RefundSaleResponse>;

/**
 * Whether a refund of this sale gets a credit note (and its number): it corrects a tax invoice, which a sale without
 * VAT (excluded, or a shop that charged none) never had. One rule for the server and the offline till.
 */
export function refundHasCreditNote(sale: Pick<Sale, 'exclude_vat' | 'tax_rate'>): boolean {
  return !sale.exclude_vat && sale.tax_rate > 0;
}
