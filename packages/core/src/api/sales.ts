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

export const SaleItemInput = z.object({
  productId: Id('รหัสสินค้าไม่ถูกต้อง'),
  quantity: z
    .number({ error: 'จำนวนสินค้าต้องเป็นตัวเลข' })
    .int('จำนวนสินค้าต้องเป็นจำนวนเต็ม')
    .positive('จำนวนสินค้าต้องมากกว่า 0')
    .max(10_000, 'จำนวนสินค้ามากเกินไป'),
  /** What the cart showed; compared with the database price. */
  price: Baht('ราคาสินค้า'),
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
  total: Baht('ยอดสุทธิ'),
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
});
export type SaleItem = z.infer<typeof SaleItem>;

export const SalePayment = z.object({
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  cash_received: z.number().nullable(),
  change: z.number().nullable(),
  reference: z.string().nullable(),
});

export const SALE_STATUSES = ['completed', 'refunded'] as const;

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
  notes: z.string().nullable(),
  items: z.array(SaleItem),
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
