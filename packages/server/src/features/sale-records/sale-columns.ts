import type { Selection } from 'kysely';
import type { DB } from '../../db/schema';

// The sale read model's column sets, each declared once: the queries select them and the mapper's row
// types are made from them, so a column added to a set reaches both. The names the queries' joins add
// (who sold, who approved, which document) are typed beside the set they go with.

/** A sale's own columns, as every read of a whole sale selects them. */
export const SALE_COLUMNS = [
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
  'sales.till_id',
  'sales.shift_id',
] as const;

/** A sale's row with the names and document numbers of the users and sales it refers to. */
export type SaleHeadRow = Selection<DB, 'sales', (typeof SALE_COLUMNS)[number]> & {
  created_by_name: string;
  vat_excluded_by_name: string | null;
  vat_exclusion_approved_by_name: string | null;
  replaces_document_number: string | null;
  replaced_by_sale_id: number | null;
  replaced_by_document_number: string | null;
  till_name: string | null;
  tax_invoice_id: number | null;
  tax_invoice_number: string | null;
};

/** A sale's line, frozen as sold. */
export const SALE_LINE_COLUMNS = [
  'sale_items.id',
  'sale_items.sale_id',
  'sale_items.product_id',
  'sale_items.product_name',
  'sale_items.sku',
  'sale_items.barcode',
  'sale_items.category',
  'sale_items.price',
  'sale_items.original_price',
  'sale_items.quantity',
  'sale_items.line_total',
  'sale_items.variant_id',
  'sale_items.size',
  'sale_items.color',
  'sale_items.sizes',
  'sale_items.colors',
] as const;
export type SaleLineRow = Selection<DB, 'sale_items', (typeof SALE_LINE_COLUMNS)[number]>;

/** A sale's payment: one, or one per part of a split bill. */
export const SALE_PAYMENT_COLUMNS = [
  'payments.id',
  'payments.sale_id',
  'payments.method',
  'payments.amount',
  'payments.cash_received',
  'payments.change_given',
  'payments.reference',
] as const;
export type SalePaymentRow = Selection<DB, 'payments', (typeof SALE_PAYMENT_COLUMNS)[number]>;

/** A refund of a sale. */
export const REFUND_COLUMNS = [
  'refunds.id',
  'refunds.sale_id',
  'refunds.reason',
  'refunds.amount',
  'refunds.refund_method',
  'refunds.refunded_by',
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
] as const;
/** A refund with the name of who gave it. */
export type RefundRow = Selection<DB, 'refunds', (typeof REFUND_COLUMNS)[number]> & { refunded_by_name: string };

/** A line a refund took back, with the product's name as sold. */
export const REFUND_LINE_COLUMNS = [
  'refund_items.refund_id',
  'refund_items.sale_item_id',
  'sale_items.product_name',
  'refund_items.quantity',
  'refund_items.amount',
] as const;
export type RefundLineRow = Selection<DB, 'refund_items' | 'sale_items', (typeof REFUND_LINE_COLUMNS)[number]>;

/** A part of a split refund: how much went back by which method. */
export const REFUND_PAYMENT_COLUMNS = [
  'refund_payments.refund_id',
  'refund_payments.method',
  'refund_payments.amount',
] as const;
export type RefundPaymentRow = Selection<DB, 'refund_payments', (typeof REFUND_PAYMENT_COLUMNS)[number]>;
