import type { Generated } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC text on both engines; money is
 * integer satang; flags are 0/1 integers so both engines read the same.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  email: string | null;
  role: string;
  password_hash: string;
  is_active: number;
  must_change_password: number;
  created_at: string;
  updated_at: string;
  last_login: string | null;
  deleted_at: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  /** The latest `expires_at` may slide to; null for sessions from before sliding expiry. */
  max_expires_at: string | null;
  /** Shared by every session one sign-in led to through refreshes; reuse of a rotated token or logout ends them all. */
  family: string;
  /** When a refresh replaced this session's token (it then works only for a short grace); null while current. */
  rotated_at: string | null;
}

/** One sign-in throttle counter: failures under `key` since `window_started_at`. */
export interface LoginThrottleTable {
  /** `pair:<address> <username>`, `pair:device:<hash> <username>`, `address:<address>` or `user:<username>`. */
  key: string;
  failures: number;
  window_started_at: string;
}

/** A device or address a user signed in from, and when last (the throttle gives it its own allowance). */
export interface KnownSignInClientsTable {
  user_id: number;
  /** `device:<sha256 of the device cookie>` or `address:<client address>`. */
  client: string;
  last_success_at: string;
}

export interface SettingsTable {
  group_name: string;
  value: string;
  updated_at: string;
  updated_by: number | null;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  description: string;
  color: string;
  icon: string;
  sort_order: number;
  is_active: number;
  created_at: string;
  updated_at: string;
}

export interface SalesTable {
  id: Generated<number>;
  document_number: string;
  status: string;
  customer_id: number | null;
  created_by: number;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  prices_include_vat: number;
  exclude_vat: number;
  points_used: number;
  points_earned: number;
  replaces_sale_id: number | null;
  notes: string | null;
  created_at: string;
  payment_method: Generated<string>;
  /** VAT rate when sold, in basis points (7 % = 700). */
  tax_rate_bp: Generated<number>;
  /** The customer's name when sold. */
  customer_name: string | null;
  final_loyalty_points: number | null;
  /** The seller who ticked "exclude VAT"; null when VAT applied. */
  vat_excluded_by: number | null;
  /** The user holding pos_refund who approved it, when the shop requires approval. */
  vat_exclusion_approved_by: number | null;
  /** The units sold: the sum of its lines' quantities (the history's summary adds them up). */
  units: Generated<number>;
  /** The till that sold it and the shift it belongs to (issue 35); null before tills, or sold with none. */
  till_id: number | null;
  shift_id: number | null;
}

/** Single-use approvals issued at the till (only the token's hash is stored). */
export interface SaleApprovalsTable {
  id: Generated<number>;
  token_hash: string;
  purpose: string;
  approver_id: number;
  requested_by: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  sale_id: number | null;
}

/** A frozen copy of what was sold: later product edits never change it. Money in satang. */
export interface SaleItemsTable {
  id: Generated<number>;
  sale_id: number;
  product_id: number | null;
  product_name: string;
  sku: string | null;
  barcode: string | null;
  category: string | null;
  price: number;
  quantity: number;
  line_total: number;
  /** JSON text of string lists: the chosen value alone, or (older rows) the product's lists. */
  sizes: string;
  colors: string;
  /** The size and colour sold; null when none was chosen. */
  size: string | null;
  color: string | null;
  /** Satang: the usual price when it was above the price sold at. */
  original_price: number | null;
  /** The variant sold; null for lines older than variants that matched none, or a product removed since. */
  variant_id: number | null;
}

export interface PaymentsTable {
  id: Generated<number>;
  sale_id: number;
  method: string;
  amount: number;
  cash_received: number | null;
  change_given: number | null;
  reference: string | null;
  provider_session_id: string | null;
  created_at: string;
}

export interface RefundsTable {
  id: Generated<number>;
  sale_id: number;
  /** e.g. customer_request, or edit_sale for the first half of editing a sale. */
  reason: string;
  amount: number;
  refund_method: string;
  edit_reason: string | null;
  edit_details: string | null;
  edited_by: number | null;
  edited_at: string | null;
  refunded_by: number;
  created_at: string;
  /** CN<Buddhist-era year>-<6 digits>, for a sale that had a tax invoice. */
  credit_note_number: string | null;
  points_taken_back: Generated<number>;
  points_returned: Generated<number>;
  /** Earned points the customer had already spent, so could not be taken back. */
  points_shortfall: Generated<number>;
  /** Satang: the VAT this refund gave back (core's refundVat); 0 for a sale without VAT. */
  vat: Generated<number>;
  /** The customer's address when refunded, printed on the credit note. */
  buyer_address: string | null;
  /** Stripe's refund (re_…) that gave a card sale's money back to the card; unique. */
  stripe_refund_id: string | null;
  /** Why a card sale's money was paid back another way than to the card. */
  off_card_reason: string | null;
  /** The shift of the till that refunded (issue 35); null when refunded with none. */
  shift_id: number | null;
}

/** How much of a split sale's refund went back through one of its parts' methods. Satang. */
export interface RefundPaymentsTable {
  id: Generated<number>;
  refund_id: number;
  method: string;
  amount: number;
}

/** The units one refund returned from one sale line. Satang. */
export interface RefundItemsTable {
  id: Generated<number>;
  refund_id: number;
  sale_item_id: number;
  quantity: number;
  amount: number;
}

export interface IdempotencyKeysTable {
  key: string;
  user_id: number;
  request_hash: string;
  status_code: number | null;
  /** The first answer, JSON, replayed for retries: text, or on SQLite its UTF-8 bytes (a BLOB). */
  response: string | Buffer | null;
  created_at: string;
}

export interface DocumentCountersTable {
  name: string;
  value: number;
}

/** Per shop day and payment method: what reports add up (migration 2026112621, `features/reports/rollups.*`). */
export interface ReportDaysTable {
  day: string;
  payment_method: string;
  /** Satang: the sales' totals, refunded or not. */
  gross: number;
  /** Sales not wholly refunded. */
  orders: number;
  /** Satang given back by refunds of the day's sales (whenever refunded), and how many refunds. */
  refunded: number;
  refunds: number;
  /** Units sold less units refunded. */
  units: number;
}

/** Per shop day and product name: units kept and their value (price × units, satang). */
export interface ReportProductDaysTable {
  day: string;
  product_name: string;
  product_id: number | null;
  quantity: number;
  revenue: number;
}

/** The same per month (YYYY-MM of the shop day), for best sellers over long ranges. */
export interface ReportProductMonthsTable {
  month: string;
  product_name: string;
  product_id: number | null;
  quantity: number;
  revenue: number;
}

/** Per shop day, each customer with at least one sale not wholly refunded. */
export interface ReportCustomerDaysTable {
  day: string;
  customer_id: number;
  orders: number;
}

/** One row: the time zone the rollups' days are in (null: not built yet). */
export interface ReportRollupStateTable {
  id: number;
  time_zone: string | null;
}

export interface ImagesTable {
  id: Generated<number>;
  store: string;
  key: string;
  url: string;
  size_bytes: number;
  width: number;
  height: number;
  content_type: string;
  created_at: string;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  sku: string;
  barcode: string | null;
  category_id: number | null;
  /** Satang. */
  price: number;
  cost: number;
  original_price: number | null;
  /** The sum of its variants' stock and `unassigned_stock`, kept by every writer of either. */
  stock: number;
  /** Stock counted for the style before it had variants: any of its variants sells from it (migration 2026112811). */
  unassigned_stock: Generated<number>;
  description: string;
  image_id: number | null;
  image_url: string | null;
  /** JSON text of a string list. */
  sizes: string;
  colors: string;
  /** Lower-cased name, SKU and barcode, kept by products.queries.ts. */
  search_text: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A full tax invoice (86/4) issued in place of a sale's short one (issue 36). */
export interface TaxInvoicesTable {
  id: Generated<number>;
  sale_id: number;
  /** INV<Buddhist-era year>-<6 digits>, or INV<year>-T<till>-<6 digits> per till; gapless per series. */
  number: string;
  till_id: number | null;
  customer_id: number | null;
  issued_by: number;
  issued_at: string;
  buyer_name: string;
  buyer_tax_id: string;
  buyer_email: string | null;
  /** The TaxInvoiceDocument as issued (JSON, satang): frozen. */
  document: string;
}

/** An e-Tax Invoice by Email waiting to be sent, written with the invoice or refund it carries. */
export interface EtaxEmailsTable {
  id: Generated<number>;
  /** tax_invoice, credit_note or receipt (a sale's e-Receipt, ETDA T01). */
  kind: string;
  /** The invoice sent or corrected; null for a receipt. */
  tax_invoice_id: number | null;
  sale_id: number;
  refund_id: number | null;
  recipient: string;
  message_id: string;
  /** pending, sent or failed (gave up after the last retry; a manager may send again). */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_until: string | null;
  claim_token: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
  /** A receipt's ReceiptDocument as sent (JSON, satang): frozen; null for an invoice's or credit note's. */
  document: string | null;
}

/**
 * A document for a network printer (issue 37), written in the transaction of what it prints (a sale) and sent
 * by the print worker; its outcome is shown at the till with "print again".
 */
export interface PrintJobsTable {
  id: Generated<number>;
  /** A PrintJobKind: receipt, tax_invoice, credit_note, shift_report, test or drawer (a drawer pulse alone). */
  kind: string;
  printer_name: string;
  /** server (the print worker sends it to a network printer) or till (the till's browser, to a USB/serial one). */
  transport: Generated<string>;
  till_id: number | null;
  /** The sale of a receipt or full tax invoice. */
  sale_id: number | null;
  /** The refund of a credit note. */
  refund_id: number | null;
  /** The shift of a shift report. */
  shift_id: number | null;
  /** 1: the job ends with the cash drawer's pulse. */
  open_drawer: number;
  /**
   * pending (the worker's), till (waiting for the till's browser, which the worker never claims), sent (printed)
   * or failed.
   */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_until: string | null;
  claim_token: string | null;
  /** A PrintFailure code (PRINTER_OFFLINE, …) with what the printer or network said. */
  last_error: string | null;
  created_by: number | null;
  created_at: string;
  finished_at: string | null;
}

/** The cash drawer opened without a sale or refund: who, when, at which till and shift, and why. */
export interface DrawerOpeningsTable {
  id: Generated<number>;
  till_id: number;
  shift_id: number | null;
  user_id: number;
  reason: string;
  print_job_id: number;
  created_at: string;
}

/** A pairing code a till showed for a customer display (issue 37): hashed, short-lived, used once. */
export interface DisplayPairingsTable {
  id: Generated<number>;
  till_id: number;
  code_hash: string;
  expires_at: string;
  created_by: number;
  created_at: string;
  used_at: string | null;
}

/** A paired customer display: its key (hashed) reads its till's screen only. */
export interface DisplaySessionsTable {
  id: Generated<number>;
  till_id: number;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
}

/** What a till's customer display shows now (DisplayState JSON, baht) and its version. */
export interface TillDisplaysTable {
  till_id: number;
  state: string;
  version: number;
  updated_at: string;
}

export interface StockMovementsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number | null;
  kind: string;
  old_quantity: number;
  new_quantity: number;
  delta: number;
  /** Adjustments: received | counted | damaged | returned_to_supplier | other. */
  reason_code: Generated<string | null>;
  /** Free text: an adjustment's note; sales wrote their document number here. */
  reason: string | null;
  sale_id: number | null;
  created_at: string;
  /** The variant moved; null for the style's unassigned stock and rows older than variants. */
  variant_id: number | null;
}

/** A size × colour variant of a product (the style); see migration 2026112811-product-variants. */
export interface ProductVariantsTable {
  id: Generated<number>;
  product_id: number;
  size: string | null;
  color: string | null;
  sku: string;
  barcode: string | null;
  stock: number;
  /** Satang; null sells at the style's price. */
  price: number | null;
  active: number;
  created_at: string;
  updated_at: string;
}

/** Every live SKU and barcode of products and variants, lower-cased: one code, one holder. */
export interface CatalogueCodesTable {
  code: string;
  product_id: number;
  /** null: the product's own code. */
  variant_id: number | null;
}

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  /** Digits only, e.g. 0812345678. */
  phone: string;
  email: string | null;
  address: string | null;
  loyalty_points: number;
  total_purchases: number;
  /** Satang. */
  total_spent: number;
  last_purchase: string | null;
  /** Lower-cased name, e-mail and phone, kept by customers.queries.ts. */
  search_text: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** The tax details a regular buyer is invoiced under (issue 36): name on invoices, 13-digit id, 5-digit branch. */
  tax_name: string | null;
  tax_id: string | null;
  tax_branch: string | null;
}

/**
 * A LINE message waiting to be sent, written with the sale it tells of. `status`: pending, sent,
 * failed (gave up after the last retry) or skipped (notifications were switched off meanwhile).
 */
export interface NotificationOutboxTable {
  id: Generated<number>;
  kind: string;
  sale_id: number | null;
  /** The text to send, built when the sale was recorded. */
  message: string;
  /** Sent as X-Line-Retry-Key, so LINE accepts a resent message only once. */
  retry_key: string;
  status: Generated<string>;
  /** Sends started, counted when a worker claims the row. */
  attempts: Generated<number>;
  next_attempt_at: string;
  /** A worker's lease: until then no other worker takes the row. */
  claimed_until: string | null;
  claim_token: string | null;
  /** Why the last send failed (never the token). */
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface CardCheckoutsTable {
  id: Generated<number>;
  provider: string;
  session_id: string;
  /** The till's Idempotency-Key: the sale is recorded under it, once. */
  idempotency_key: string;
  request_hash: string;
  user_id: number;
  /** The sale request (JSON) as checked when the checkout was created. */
  request: string;
  /** Satang asked of the provider. */
  amount: number;
  url: string;
  sale_id: number | null;
  /** JSON list of core's CardSaleFlag: what had changed by the time the payment arrived; null when nothing. */
  flags: string | null;
  /** JSON CheckoutTerms (payments.service): what the sale was checked at; null for checkouts made before it was kept. */
  terms: string | null;
  /** Who marked the flags handled, and when. */
  handled_by: number | null;
  handled_at: string | null;
  created_at: string;
  completed_at: string | null;
}

/**
 * A card refund between its check and its record (one per sale at a time): the key Stripe is asked with,
 * kept so a retry of the same refund gets Stripe's first refund back. Deleted when the refund is recorded.
 */
export interface CardRefundClaimsTable {
  id: Generated<number>;
  sale_id: number;
  /** The Idempotency-Key of Stripe's refund request (pos-refund-<uuid>). */
  stripe_key: string;
  /** What is refunded (the units and the amount): a retry asks the same. */
  request_hash: string;
  /** Satang asked of Stripe. */
  amount: number;
  user_id: number;
  created_at: string;
}

/** One row (id 1): bumped by triggers on every write to products and categories (see its migration). */
export interface CatalogueVersionTable {
  id: number;
  /** A bigint on PostgreSQL: the driver may hand it back as text. */
  version: number | string;
}

/** A named counter with a cash drawer (issue 35). */
export interface TillsTable {
  id: Generated<number>;
  name: string;
  active: number;
  created_at: string;
  updated_at: string;
}

/** One opening and closing of a till's drawer. Satang; counts as JSON `[{ satang, count }]`. */
export interface ShiftsTable {
  id: Generated<number>;
  till_id: number;
  status: 'open' | 'closed';
  opened_by: number;
  opened_at: string;
  opening_float: number;
  opening_count: string | null;
  closed_by: number | null;
  closed_at: string | null;
  expected_cash: number | null;
  counted_cash: number | null;
  counted_count: string | null;
  difference: number | null;
  difference_approved_by: number | null;
  close_note: string | null;
  /** The Z report as computed at close (JSON). */
  z_report: string | null;
}

/** Cash put into (in) or taken out of (out) a shift's drawer other than by sales and refunds. Satang. */
export interface ShiftCashMovementsTable {
  id: Generated<number>;
  shift_id: number;
  type: 'in' | 'out';
  amount: number;
  reason: string;
  created_by: number;
  created_at: string;
}

/** A sale sent with a device-made id (issue 38): that id answers that sale forever; claims and flags of offline ones. */
export interface OfflineRefundsTable {
  offline_id: string;
  sale_id: number;
  /** Null inside the claiming transaction, and for a refund kept unrecorded (flagged refund_conflict). */
  refund_id: number | null;
  user_id: number;
  till_id: number | null;
  claimed_at: string;
  /** The credit note number the till printed, as it sent it. */
  claimed_number: string | null;
  /** Satang the till handed back. */
  claimed_amount: number;
  /** The refund's request as sent (JSON). */
  request: string;
  received_at: string;
  /** JSON list of core's CardSaleFlag; null when nothing was out of line. */
  flags: string | null;
  handled_by: number | null;
  handled_at: string | null;
}

export interface OfflineSalesTable {
  offline_id: string;
  /** Null only inside the claiming transaction, before the sale is written. */
  sale_id: number | null;
  user_id: number;
  till_id: number | null;
  /** The till's `createdAt` (an offline sale; null for one sent online). */
  claimed_at: string | null;
  /** The number the till printed, as it sent it. */
  claimed_number: string | null;
  received_at: string;
  /** JSON list of core's CardSaleFlag; null when nothing was out of line. */
  flags: string | null;
  handled_by: number | null;
  handled_at: string | null;
}

/** Numbers `first_sequence`..`last_sequence` of a till's own receipt series, reserved for its offline sales. */
export interface NumberBlocksTable {
  id: Generated<number>;
  till_id: number;
  series: string;
  first_sequence: number;
  last_sequence: number;
  reserved_by: number;
  reserved_at: string;
}

/** A product's or variant's price changed (written by triggers); satang, null for "the style's price". */
export interface PriceChangesTable {
  id: Generated<number>;
  product_id: number;
  variant_id: number | null;
  old_price: number | null;
  new_price: number | null;
  changed_at: string;
}

/** A time a till was offline, as it reported once back. */
export interface OfflinePeriodsTable {
  period_id: string;
  user_id: number;
  till_id: number | null;
  started_at: string;
  ended_at: string | null;
  sales_made: number;
  recorded_at: string;
}

export interface DB {
  offline_sales: OfflineSalesTable;
  offline_refunds: OfflineRefundsTable;
  number_blocks: NumberBlocksTable;
  price_changes: PriceChangesTable;
  offline_periods: OfflinePeriodsTable;
  tills: TillsTable;
  shifts: ShiftsTable;
  shift_cash_movements: ShiftCashMovementsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  known_sign_in_clients: KnownSignInClientsTable;
  settings: SettingsTable;
  categories: CategoriesTable;
  sales: SalesTable;
  images: ImagesTable;
  products: ProductsTable;
  stock_movements: StockMovementsTable;
  product_variants: ProductVariantsTable;
  catalogue_codes: CatalogueCodesTable;
  customers: CustomersTable;
  tax_invoices: TaxInvoicesTable;
  etax_emails: EtaxEmailsTable;
  print_jobs: PrintJobsTable;
  display_pairings: DisplayPairingsTable;
  display_sessions: DisplaySessionsTable;
  till_displays: TillDisplaysTable;
  drawer_openings: DrawerOpeningsTable;
  sale_items: SaleItemsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  refund_items: RefundItemsTable;
  refund_payments: RefundPaymentsTable;
  idempotency_keys: IdempotencyKeysTable;
  document_counters: DocumentCountersTable;
  sale_approvals: SaleApprovalsTable;
  notification_outbox: NotificationOutboxTable;
  card_checkouts: CardCheckoutsTable;
  card_refund_claims: CardRefundClaimsTable;
  report_days: ReportDaysTable;
  report_product_days: ReportProductDaysTable;
  report_product_months: ReportProductMonthsTable;
  report_customer_days: ReportCustomerDaysTable;
  report_rollup_state: ReportRollupStateTable;
  catalogue_version: CatalogueVersionTable;
}
