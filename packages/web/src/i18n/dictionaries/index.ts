import { apiErrors } from './api-errors';
import { app } from './app';
import { common } from './common';
import { form } from './form';
import { errors } from './errors';
import { auth } from './auth';
import { login } from './login';
import { guard } from './guard';
import { nav } from './nav';
import { layout } from './layout';
import { screens } from './screens';
import { role } from './role';
import { dialogs } from './dialogs';
import { pos } from './pos';
import { payment } from './payment';
import { payments } from './payments';
import { receipt } from './receipt';
import { users } from './users';
import { account } from './account';
import { products } from './products';
import { stock } from './stock';
import { barcodes } from './barcodes';
import { customers } from './customers';
import { customerDialog } from './customer-dialog';
import { customerHistory } from './customer-history';
import { salesHistory } from './sales-history';
import { shiftList } from './shift-list';
import { validation } from './validation';
import { settings } from './settings';
import { storage } from './storage';
import { reports } from './reports';
import { shifts } from './shifts';
import { dashboard } from './dashboard';
import { display } from './display';
import { taxInvoice } from './tax-invoice';
import { printing } from './printing';
import { offlineReview } from './offline-review';

/** Every namespace's Thai messages, in menu order; th.ts assembles them into one dictionary (english.ts: the English). */
export const NAMESPACES = [
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
  settings,
  storage,
  reports,
  dashboard,
  shifts,
  taxInvoice,
  display,
  printing,
  offlineReview,
] as const;
