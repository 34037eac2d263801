// Column sets of the sale's tables, named once (as Immich's `columns.*`): every query that reads a whole
// sale's rows selects one of these rather than restating the list.

/** A sale's own columns, as the read model selects them (from `sales`). */
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
] as const;

/** A sale line as sold (its frozen name, codes, price and size/colour). */
export const SALE_ITEM_COLUMNS = [
  'id',
  'sale_id',
  'product_id',
  'product_name',
  'sku',
  'barcode',
  'category',
  'price',
  'original_price',
  'quantity',
  'line_total',
  'size',
  'color',
  'sizes',
  'colors',
] as const;

/** A payment row: a one-method sale's payment or one part of a split bill. */
export const PAYMENT_COLUMNS = [
  'id',
  'sale_id',
  'method',
  'amount',
  'cash_received',
  'change_given',
  'reference',
] as const;

/** A refund's own columns (from `refunds`). */
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
