import { lazy, memo } from 'react';

// The till's dialogs are not needed to show the screen or to scan: their code (and the QR code and
// barcode libraries behind the payment and receipt dialogs) loads once the till is usable, or as soon
// as one is opened first (issue 10 item 6: a cold /pos usable within 1.5 s on a slow till PC).
const load = {
  payment: () => import('./payment-dialog'),
  receipt: () => import('../receipt/receipt-dialog'),
  customer: () => import('../customers/customer-dialog'),
  vatApproval: () => import('./vat-approval-dialog'),
  variantPicker: () => import('./variant-picker-dialog'),
};

// Memoised (the screen hands them stable handlers): a scan changes the cart, and the closed dialogs
// (a form each for the customer and the VAT approval) re-rendered with it, in the scan's frame.
export const PaymentDialog = lazy(() => load.payment().then((m) => ({ default: m.PaymentDialog })));
export const ReceiptDialog = lazy(() => load.receipt().then((m) => ({ default: memo(m.ReceiptDialog) })));
export const CustomerDialog = lazy(() => load.customer().then((m) => ({ default: memo(m.CustomerDialog) })));
export const VatApprovalDialog = lazy(() => load.vatApproval().then((m) => ({ default: memo(m.VatApprovalDialog) })));
export const VariantPickerDialog = lazy(() =>
  load.variantPicker().then((m) => ({ default: memo(m.VariantPickerDialog) })),
);

/** Fetches every dialog's code (each is fetched once; React's lazy then renders without waiting). */
export function preloadPosDialogs(): void {
  for (const start of Object.values(load)) void start();
}
