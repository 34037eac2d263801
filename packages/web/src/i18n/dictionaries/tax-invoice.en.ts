import type { EnglishOf } from './define-messages';
import type { taxInvoice as thai } from './tax-invoice';

/** Full tax invoices (issue 36), in English. */
export const taxInvoice: EnglishOf<typeof thai> = {
  'taxInvoice.action': 'Full tax invoice',
  'taxInvoice.request': 'Issue a full tax invoice',
  'taxInvoice.title': 'Issue a full tax invoice',
  'taxInvoice.description':
    'In place of short tax invoice {number}, in the buyer’s name (a person or a company). The short invoice is kept, marked as replaced',
  'taxInvoice.buyerName': 'Buyer’s name (person or company)',
  'taxInvoice.address': 'Address (down to the postcode)',
  'taxInvoice.taxId': '13-digit tax ID',
  'taxInvoice.taxIdHint': 'A person may give their ID card number',
  'taxInvoice.office': 'Office',
  'taxInvoice.headOffice': 'Head office',
  'taxInvoice.branch': 'Branch',
  'taxInvoice.branchNumber': '5-digit branch number',
  'taxInvoice.email': 'Buyer’s e-mail (optional)',
  'taxInvoice.emailHint': 'The shop sends the e-Tax invoice (e-Tax Invoice by Email) to this address',
  'taxInvoice.saveToCustomer': 'Keep these details on customer {name}, one click next time',
  'taxInvoice.filledFromCustomer': 'Filled in from the tax details kept on customer {name}',
  'taxInvoice.issue': 'Issue the tax invoice',
  'taxInvoice.issuing': 'Issuing…',
  'taxInvoice.issueFailed': 'The tax invoice could not be issued',
  'taxInvoice.issued': 'Full tax invoice {number} issued',
  'taxInvoice.issuedTitle': 'Full tax invoice {number}',
  'taxInvoice.issuedDescription': 'In place of short tax invoice {number}, in the name of {buyer}',
  'taxInvoice.loading': 'Loading the tax invoice…',
  'taxInvoice.loadFailed': 'The tax invoice could not be loaded',
  'taxInvoice.printA4': 'Print / open PDF (A4)',
  'taxInvoice.downloadXml': 'Download XML (e-Tax)',
  'taxInvoice.fileFailed': 'The tax invoice file could not be opened',
  'taxInvoice.emailPending': 'Sending the e-mail to {to}',
  'taxInvoice.emailSent': 'E-mailed to {to}',
  'taxInvoice.emailFailed': 'The e-mail to {to} failed: {reason}',
  'taxInvoice.replacedBy': 'Replaced by full tax invoice {number}',
  'taxInvoice.close': 'Close',
};
