import type { Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { foundation } from './2026112201-foundation';
import { catalogue } from './2026112202-catalogue';
import { customers } from './2026112203-customers';
import { sales } from './2026112204-sales';
import { stockAdjustments } from './2026112301-stock-adjustments';
import { saleItemVariants } from './2026112302-sale-item-variants';
import { vatExclusion } from './2026112303-vat-exclusion';
import { slidingSessions } from './2026112309-sliding-sessions';
import { loginThrottle } from './2026112501-login-throttle';
import { idempotencyKeyAge } from './2026112511-idempotency-key-age';
import { salesCustomerFk } from './2026112531-sales-customer-fk';
import { saleRefunds } from './2026112551-sale-refunds';
import { reportIndexes } from './2026112561-report-indexes';
import { cardCheckouts } from './2026112563-card-checkouts';
import { notificationOutbox } from './2026112565-notification-outbox';
import { refundVat } from './2026112601-refund-vat';
import { cardCheckoutFlags } from './2026112611-card-checkout-flags';
import { reportRollups } from './2026112621-report-rollups';
import { reportRollupsMonths } from './2026112621-report-rollups-months';
import { catalogueVersion } from './2026112641-catalogue-version';
import { redundantIndexes } from './2026112661-redundant-indexes';
import { cardRefunds } from './2026112681-card-refunds';
import { sessionFamilies } from './2026112771-session-families';
import { knownSignInClients } from './2026112772-known-sign-in-clients';
import { vatRegistered } from './2026112791-vat-registered';
import { splitPayments } from './2026112792-split-payments';
import { salesSearch } from './2026112797-sales-search';
import { saleUnits } from './2026112801-sale-units';
import { productVariants } from './2026112811-product-variants';
import { taxInvoices } from './2026112831-tax-invoices';
import { eReceipts } from './2026112861-e-receipts';
import { printing } from './2026112905-printing';
import { customerDisplay } from './2026112906-customer-display';
import { printDocuments } from './2026112907-print-documents';
import { offlineSelling } from './2026112908-offline-selling';
import { offlineRefunds } from './2026112909-offline-refunds';
import { tillsShifts } from './2026112821-tills-shifts';

/** Every migration, by timestamped name. A released migration is never edited. */
export function migrations(engine: DatabaseEngine): Record<string, Migration> {
  return {
    '2026112201-foundation': foundation(engine),
    '2026112202-catalogue': catalogue(engine),
    '2026112203-customers': customers(engine),
    '2026112204-sales': sales(engine),
    '2026112301-stock-adjustments': stockAdjustments(),
    '2026112302-sale-item-variants': saleItemVariants(),
    '2026112303-vat-exclusion': vatExclusion(engine),
    '2026112309-sliding-sessions': slidingSessions(),
    '2026112501-login-throttle': loginThrottle(engine),
    '2026112511-idempotency-key-age': idempotencyKeyAge(),
    '2026112531-sales-customer-fk': salesCustomerFk(engine),
    '2026112551-sale-refunds': saleRefunds(engine),
    '2026112561-report-indexes': reportIndexes(),
    '2026112563-card-checkouts': cardCheckouts(engine),
    '2026112565-notification-outbox': notificationOutbox(engine),
    '2026112601-refund-vat': refundVat(),
    '2026112611-card-checkout-flags': cardCheckoutFlags(),
    '2026112621-report-rollups': reportRollups(engine),
    '2026112621-report-rollups-months': reportRollupsMonths(engine),
    '2026112641-catalogue-version': catalogueVersion(engine),
    '2026112661-redundant-indexes': redundantIndexes(),
    '2026112681-card-refunds': cardRefunds(engine),
    '2026112771-session-families': sessionFamilies(),
    '2026112772-known-sign-in-clients': knownSignInClients(),
    '2026112791-vat-registered': vatRegistered(),
    '2026112792-split-payments': splitPayments(engine),
    '2026112797-sales-search': salesSearch(engine),
    '2026112801-sale-units': saleUnits(engine),
    '2026112811-product-variants': productVariants(engine),
    '2026112821-tills-shifts': tillsShifts(engine),
    '2026112831-tax-invoices': taxInvoices(engine),
    '2026112861-e-receipts': eReceipts(engine),
    '2026112905-printing': printing(engine),
    '2026112906-customer-display': customerDisplay(engine),
    '2026112907-print-documents': printDocuments(),
    '2026112908-offline-selling': offlineSelling(engine),
    '2026112909-offline-refunds': offlineRefunds(),
  };
}
