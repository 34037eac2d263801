import type { EnglishOf } from './define-messages';
import type { offlineReview as thai } from './offline-review';

/** The manager's review of sales made while a till was offline, in English. */
export const offlineReview: EnglishOf<typeof thai> = {
  'offlineReview.title': 'Offline sales to check',
  'offlineReview.explain':
    'A till made these sales without the internet. The customer has the goods, so each is recorded as sold, but something does not match the records. Check it, then count the stock, refund or contact the customer, and press "Handled"',
  'offlineReview.empty': 'No offline sales to check',
  'offlineReview.loadError': 'Could not load the offline sales to check',
  'offlineReview.reasonsLabel': 'What does not match the records',
  'offlineReview.reason.stock_shortfall':
    'Not enough stock on record (another till sold the last one first): stock below zero',
  'offlineReview.reason.product_unavailable': 'The product was deleted before the sale arrived',
  'offlineReview.reason.price_changed': 'The price changed; recorded at the price sold',
  'offlineReview.reason.variant_unavailable': 'The size or colour sold no longer exists',
  'offlineReview.reason.customer_deleted': 'The customer was deleted; only the name is kept, no points used or given',
  'offlineReview.reason.points_shortfall': 'The customer spent the points elsewhere first; not all could be taken',
  'offlineReview.reason.vat_approval_invalid': 'The approval to sell without VAT is not valid',
  'offlineReview.reason.seller_inactive': "The seller's account was deactivated or deleted",
  'offlineReview.reason.payment_method_disabled': 'This payment method was switched off in settings',
  'offlineReview.reason.settings_changed': "The shop's VAT or points settings differ from the till's; recorded as sold",
  'offlineReview.reason.replacement_invalid': 'The sale it was to replace was replaced already',
  'offlineReview.reason.amount_mismatch': 'The amount paid does not match the bill',
  'offlineReview.reason.no_open_shift': "The till's shift closed before the sale arrived, so it is in no shift",
  'offlineReview.reason.time_invalid':
    'The time the till gave ({claimed}) is before its shift or number block, or in the future, so the sale is recorded when it arrived',
  'offlineReview.reason.number_invalid':
    "The customer's receipt says {claimed}, but that number is not one reserved for this till, was used already, or the sale was recorded first under another number",
  'offlineReview.reason.price_unknown':
    'Sold at a price the product has not had since the till last synced; recorded as sold',
  'offlineReview.reason.refund_conflict':
    'The till paid this refund back while offline, but the sale was refunded or changed before it arrived, so the refund is not recorded yet; check the drawer and the goods taken back',
  'offlineReview.refundRecorded': 'Refunded while offline · credit note {number}',
  'offlineReview.refundKept': 'Refunded while offline (not recorded) · printed credit note {number}',
  'offlineReview.refundNoNumber': 'no number (sale without VAT)',
  'offlineReview.periods.title': 'Times tills were offline',
  'offlineReview.periods.row': '{till} · {user} · {from} – {to} · {sales} sales',
  'offlineReview.periods.stillOffline': 'not back yet',
  'offlineReview.periods.noTill': 'no till named',
};
