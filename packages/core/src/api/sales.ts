import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money';
import { Flag, Id, INT_MAX, MultiLineText, SingleLineText, textProblem } from './common';
import { PAYMENT_METHODS } from './settings';

/** Figures as browsers send them: baht with at most 2 decimals. */
const Baht = (label: string) =>
  z.coerce
    .number({ error: `${label}ต้องเป็นตัวเลข` })
    .min(0, `${label}ต้องไม่ติดลบ`)
    .max(100_000_000, `${label}สูงเกินไป`)
    .refine(hasAtMostTwoDecimals, `${label}มีทศนิยมได้ไม่เกิน 2 ตำแหน่ง`);

/** Sizes and colours of a line: a list, or an object whose values are the list (spec 000 §3). */
const LineTags = z
  .preprocess(
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : (v ?? [])),
    z
      .array(z.coerce.string().trim().max(50, 'ข้อความยาวเกินไป'))
      .max(50, 'รายการมากเกินไป')
      .superRefine((tags, ctx) => {
        const problem = tags.map((tag) => textProblem(tag)).find((p) => p !== null);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  )
  .transform((list) => [...new Set(list.filter((s) => s !== ''))]);

/** The one size or colour chosen for a line; blank means none. */
const LineChoice = SingleLineText('ไซส์หรือสีที่เลือกต้องเป็นข้อความ')
  .max(50, 'ไซส์หรือสีที่เลือกยาวเกินไป')
  .nullish()
  .transform((v) => (v === '' ? null : v));

/**
 * Spec 000's sanity bounds, refused when the sale is made (so reports never need to skip a sale):
 * a unit price up to 100,000 baht, a line's quantity up to 10,000, a sale's total up to 1,000,000.
 */
export const SALE_LIMITS = { unitPriceBaht: 100_000, quantity: 10_000, totalBaht: 1_000_000 } as const;

const bahtLimit = (n: number) => n.toLocaleString('en-US');

export const SaleItemInput = z.object({
  productId: Id('รหัสสินค้าไม่ถูกต้อง'),
  quantity: z
    .number({ error: 'จำนวนสินค้าต้องเป็นตัวเลข' })
    .int('จำนวนสินค้าต้องเป็นจำนวนเต็ม')
    .positive('จำนวนสินค้าต้องมากกว่า 0')
    .max(SALE_LIMITS.quantity, `จำนวนสินค้าต้องไม่เกิน ${bahtLimit(SALE_LIMITS.quantity)} ชิ้นต่อรายการ`),
  /** What the cart showed; compared with the database price. */
  price: Baht('ราคาสินค้า').refine(
    (v) => v <= SALE_LIMITS.unitPriceBaht,
    `ราคาสินค้าต้องไม่เกิน ${bahtLimit(SALE_LIMITS.unitPriceBaht)} บาทต่อชิ้น`,
  ),
  name: SingleLineText('ชื่อสินค้าต้องเป็นข้อความ').max(200, 'ชื่อสินค้ายาวเกินไป').optional(),
  product_name: SingleLineText('ชื่อสินค้าต้องเป็นข้อความ').max(200, 'ชื่อสินค้ายาวเกินไป').optional(),
  total: Baht('ยอดรวมรายการ').optional(),
  sku: SingleLineText('SKU ต้องเป็นข้อความ').max(100, 'SKU ยาวเกินไป').nullish(),
  category: SingleLineText('หมวดหมู่ต้องเป็นข้อความ').max(100, 'หมวดหมู่ยาวเกินไป').nullish(),
  /** The size sold: one of the product's sizes, required when it has any. */
  size: LineChoice,
  /** The colour sold: one of the product's colours, required when it has any. */
  color: LineChoice,
  /** Spec 000 §3 lists; a one-element list stands for the choice when `size`/`color` are not sent. */
  sizes: LineTags.optional(),
  colors: LineTags.optional(),
});

/**
 * A sale whose total is 0 (points cover everything) takes no money: it is
 * recorded with this method, received 0 and change 0, whichever payment
 * methods the shop has switched on.
 */
export const ZERO_TOTAL_PAYMENT_METHOD = 'cash' satisfies (typeof PAYMENT_METHODS)[number];

/** `POST /api/sales` (spec 000 §3 sale payload, plus payment details and the edit link). */
export const CreateSaleRequest = z.object({
  customerId: Id('รหัสลูกค้าไม่ถูกต้อง').nullish(),
  items: z.array(SaleItemInput, { error: 'รายการสินค้าไม่ถูกต้อง' }).min(1, 'ไม่มีสินค้าในตะกร้า').max(200),
  subtotal: Baht('ยอดรวมสินค้า'),
  discount: Baht('ส่วนลด').default(0),
  tax: Baht('ภาษี').default(0),
  total: Baht('ยอดสุทธิ').refine(
    (v) => v <= SALE_LIMITS.totalBaht,
    `ยอดสุทธิต้องไม่เกิน ${bahtLimit(SALE_LIMITS.totalBaht)} บาทต่อรายการขาย`,
  ),
  excludeVAT: Flag.default(false),
  /** From POST /api/sales/vat-exclusion-approvals, when the shop requires approval to exclude VAT. */
  vatApprovalToken: SingleLineText('การอนุมัติไม่ถูกต้อง').max(200, 'การอนุมัติไม่ถูกต้อง').nullish(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'วิธีชำระเงินไม่ถูกต้อง' }),
  notes: MultiLineText('หมายเหตุต้องเป็นข้อความ').max(500, 'หมายเหตุยาวเกินไป').nullish(),
  pointsUsed: z
    .number({ error: 'แต้มที่ใช้ต้องเป็นตัวเลข' })
    .int('แต้มที่ใช้ต้องเป็นจำนวนเต็ม')
    .min(0, 'แต้มที่ใช้ต้องไม่ติดลบ')
    .max(INT_MAX, 'แต้มที่ใช้มากเกินไป')
    .default(0),
  pointsEarned: z.number().int().min(0).max(INT_MAX).optional(),
  /** Cash tendered, for the change; must cover the total. */
  cashReceived: Baht('จำนวนเงินที่รับ').nullish(),
  /** Bank transfer reference (optional). */
  paymentReference: SingleLineText('เลขอ้างอิงต้องเป็นข้อความ').max(100, 'เลขอ้างอิงยาวเกินไป').nullish(),
  /** Set by the edit flow: the refunded sale this one replaces. */
  replacesSaleId: Id('รหัสรายการขายที่แก้ไขไม่ถูกต้อง').nullish(),
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

export const SalePayment = z.object({
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  cash_received: z.number().nullable(),
  change: z.number().nullable(),
  reference: z.string().nullable(),
});

/** completed → partially_refunded (some lines or units returned) → refunded (nothing left to refund). */
export const SALE_STATUSES = ['completed', 'partially_refunded', 'refunded'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** The reason the edit flow's refund carries (spec 001 §4): the sale is replaced by a new one. */
export const EDIT_SALE_REASON = 'edit_sale';

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
  refund_method: z.enum(PAYMENT_METHODS),
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
  payment_method: z.enum(PAYMENT_METHODS),
  payment: SalePayment,
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
  paymentMethod: z.enum(PAYMENT_METHODS),
});
export type CreateSaleResponse = z.infer<typeof CreateSaleResponse>;

/** `POST /api/sales/vat-exclusion-approvals`: a user holding pos_refund signs in at the till. */
export const VatExclusionApprovalRequest = z.object({
  username: SingleLineText('กรุณากรอกชื่อผู้ใช้ของผู้อนุมัติ').min(1, 'กรุณากรอกชื่อผู้ใช้ของผู้อนุมัติ').max(100),
  password: z.string({ error: 'กรุณากรอกรหัสผ่านของผู้อนุมัติ' }).min(1, 'กรุณากรอกรหัสผ่านของผู้อนุมัติ').max(200),
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
export const ShopDay = (label: string) =>
  z
    .string({ error: `${label}ต้องเป็นวันที่ YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}ต้องเป็นวันที่ YYYY-MM-DD`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, `${label}ไม่ใช่วันที่ที่มีอยู่จริง`);

/**
 * `GET /api/sales`: the shop's days (SHOP_TIMEZONE), end day included; search matches the customer's
 * name or phone, the document number, or a product name or SKU on the sale. Newest first.
 */
export const ListSalesQuery = z
  .object({
    startDate: ShopDay('วันที่เริ่มต้น').optional(),
    endDate: ShopDay('วันที่สิ้นสุด').optional(),
    search: SingleLineText('คำค้นหาต้องเป็นข้อความ')
      .max(SALES_SEARCH_MAX_LENGTH, `คำค้นหาต้องไม่เกิน ${SALES_SEARCH_MAX_LENGTH} ตัวอักษร`)
      .optional(),
    status: z.enum(SALE_STATUSES, { error: 'สถานะไม่ถูกต้อง' }).optional(),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'วิธีชำระเงินไม่ถูกต้อง' }).optional(),
    limit: z.coerce
      .number({ error: 'limit ต้องเป็นตัวเลข' })
      .int('limit ต้องเป็นจำนวนเต็ม')
      .min(1, 'limit ต้องมากกว่า 0')
      .max(SALES_LIST_LIMIT_MAX, `limit ต้องไม่เกิน ${SALES_LIST_LIMIT_MAX}`)
      .default(SALES_LIST_LIMIT_DEFAULT),
    /** `nextCursor` of the previous page. */
    cursor: z
      .string({ error: 'cursor ไม่ถูกต้อง' })
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor ไม่ถูกต้อง')
      .optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'วันที่เริ่มต้นต้องไม่อยู่หลังวันที่สิ้นสุด',
    path: ['endDate'],
  });
export type ListSalesQuery = z.input<typeof ListSalesQuery>;

export const SalesListResponse = z.object({
  sales: z.array(Sale),
  /** How many sales match the filters, over every page. */
  total: z.number(),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type SalesListResponse = z.infer<typeof SalesListResponse>;

export const RefundLineInput = z.object({
  saleItemId: Id('รหัสรายการสินค้าไม่ถูกต้อง'),
  quantity: z
    .number({ error: 'จำนวนที่คืนต้องเป็นตัวเลข' })
    .int('จำนวนที่คืนต้องเป็นจำนวนเต็ม')
    .positive('จำนวนที่คืนต้องมากกว่า 0')
    .max(10_000, 'จำนวนที่คืนมากเกินไป'),
});

/**
 * `POST /api/sales/:id/refund` (spec 001 §6): reason, refundAmount, refundMethod; the edit flow adds
 * edit_reason, edit_details, edited_by, edited_at. `lines` (beyond the spec) picks lines and
 * quantities; without it everything not yet refunded is refunded. `refundAmount`, when sent, must be
 * what those units come to. Who edited and when are the signed-in user and the server's clock.
 */
export const RefundSaleRequest = z.object({
  reason: SingleLineText('เหตุผลต้องเป็นข้อความ').max(100, 'เหตุผลยาวเกินไป').default('customer_request'),
  refundAmount: Baht('จำนวนเงินที่คืน').optional(),
  refundMethod: z.enum(PAYMENT_METHODS, { error: 'วิธีคืนเงินไม่ถูกต้อง' }).default('cash'),
  edit_reason: SingleLineText('เหตุผลการแก้ไขต้องเป็นข้อความ').max(200, 'เหตุผลการแก้ไขยาวเกินไป').nullish(),
  edit_details: MultiLineText('รายละเอียดต้องเป็นข้อความ').max(1000, 'รายละเอียดยาวเกินไป').nullish(),
  edited_by: Id('รหัสผู้แก้ไขไม่ถูกต้อง').nullish(),
  edited_at: SingleLineText('เวลาที่แก้ไขต้องเป็นข้อความ').max(50, 'เวลาที่แก้ไขไม่ถูกต้อง').nullish(),
  lines: z.array(RefundLineInput, { error: 'รายการที่คืนไม่ถูกต้อง' }).min(1, 'ไม่มีรายการที่คืน').max(200).optional(),
});
export type RefundSaleRequest = z.input<typeof RefundSaleRequest>;

export const RefundSaleResponse = z.object({ refund: SaleRefund, sale: Sale });
export type RefundSaleResponse = z.infer<typeof RefundSaleResponse>;
