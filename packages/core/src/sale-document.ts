import type { Sale } from './api/sales';

/**
 * What kind of document a sale's receipt is, one rule for the screen's receipt and the printer's (issue 37).
 * Revenue Code 86/6 for the short tax invoice.
 */

/** The sale fields that decide what kind of document it gets. */
export type DocumentSale = Pick<Sale, 'exclude_vat' | 'prices_include_vat' | 'tax_rate'>;

/**
 * Whether the sale's document is a tax invoice: the sale carried VAT and the seller has a tax id,
 * which every tax invoice must show (Revenue Code 86/4, 86/6). Without it the document is a plain
 * receipt that presents no VAT as tax, whatever the sale recorded.
 */
export function isTaxInvoice(sale: DocumentSale, sellerTaxId: string): boolean {
  return !sale.exclude_vat && sale.tax_rate > 0 && sellerTaxId.trim() !== '';
}

/**
 * How the totals state VAT: included in the prices (86/6 wording) or as a separate amount on a tax
 * invoice; excluded at the till; or nothing at all. `added` is a sale recorded with VAT on top
 * before the shop had its tax id: the money added is shown, but not as tax.
 */
export type VatStatement =
  | { kind: 'none' }
  | { kind: 'excluded' }
  | { kind: 'added' }
  | { kind: 'included'; rate: number }
  | { kind: 'separate'; rate: number };

export function vatStatement(sale: DocumentSale & Pick<Sale, 'tax'>, sellerTaxId: string): VatStatement {
  if (sale.exclude_vat) return { kind: 'excluded' };
  if (!isTaxInvoice(sale, sellerTaxId))
    return sale.tax > 0 && !sale.prices_include_vat ? { kind: 'added' } : { kind: 'none' };
  return sale.prices_include_vat
    ? { kind: 'included', rate: sale.tax_rate }
    : { kind: 'separate', rate: sale.tax_rate };
}
