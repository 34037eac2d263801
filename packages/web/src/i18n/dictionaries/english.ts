import { apiErrors } from './api-errors.en';
import { app } from './app.en';
import { common } from './common.en';
import { form } from './form.en';
import { errors } from './errors.en';
import { auth } from './auth.en';
import { login } from './login.en';
import { guard } from './guard.en';
import { nav } from './nav.en';
import { layout } from './layout.en';
import { screens } from './screens.en';
import { role } from './role.en';
import { dialogs } from './dialogs.en';
import { pos } from './pos.en';
import { payment } from './payment.en';
import { payments } from './payments.en';
import { receipt } from './receipt.en';
import { users } from './users.en';
import { account } from './account.en';
import { products } from './products.en';
import { stock } from './stock.en';
import { barcodes } from './barcodes.en';
import { customers } from './customers.en';
import { customerDialog } from './customer-dialog.en';
import { customerHistory } from './customer-history.en';
import { salesHistory } from './sales-history.en';
import { shiftList } from './shift-list.en';
import { validation } from './validation.en';
import { settings } from './settings.en';
import { storage } from './storage.en';
import { reports } from './reports.en';
import { shifts } from './shifts.en';
import { dashboard } from './dashboard.en';
import { display } from './display.en';
import { taxInvoice } from './tax-invoice.en';
import { printing } from './printing.en';
import { offlineReview } from './offline-review.en';

/** Every namespace's English messages, in the order of the Thai ones (`index.ts`); en.ts assembles them. */
export const EN_NAMESPACES = [
  app,
  common,
  form,
  errors,
  apiErrors,
  validation,
  auth,
  login,
  guard,
  nav,
  layout,
  screens,
  role,
  dialogs,
  pos,
  payment,
  payments,
  receipt,
  users,
  account,
  products,
  stock,
  barcodes,
  customers,
  customerDialog,
  customerHistory,
  salesHistory,
  shiftList,
  taxInvoice,
  display,
  settings,
  storage,
  reports,
  dashboard,
  shifts,
  printing,
  offlineReview,
] as const;
