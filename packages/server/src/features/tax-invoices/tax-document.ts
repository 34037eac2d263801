/**
 * A tax document as it is printed, rendered to PDF and written as ETDA XML (issue 36): everything the
 * Revenue Code asks it to show, frozen when issued. One shape for the full tax invoice (86/4) and the
 * credit note (86/10) that corrects it, so the PDF and the XML are built from the same figures.
 * Money is integer satang; dates are ISO-8601 UTC instants (shown in the shop's time zone).
 */

/** A party on the document. `branch`: five digits, '00000' for the head office (สำนักงานใหญ่). */
export interface TaxParty {
  name: string;
  address: string;
  /** 13 digits, checksum verified (a person's ID card number is also a tax ID). */
  taxId: string;
  branch: string;
  email: string | null;
  phone: string | null;
  /** The postcode (the buyer's is found in the address); null when unknown. */
  postcode: string | null;
  /**
   * The seller's address as ETDA's rules ask of a seller: the house number and the sub-district, district and
   * province by ETDA's codes; null for the buyer (whose address is the text) or a shop that has not set it.
   */
  place: { buildingNumber: string; subdistrict: string; district: string; province: string } | null;
}

export interface TaxDocumentLine {
  name: string;
  /** The product's code (SKU or barcode) when known. */
  code: string | null;
  quantity: number;
  /** Satang per unit, as charged at the till (VAT included when `pricesIncludeVat`). */
  unitPrice: number;
  /** Satang: unitPrice × quantity. */
  lineTotal: number;
}

interface TaxDocumentBase {
  /** Our number, e.g. INV2569-000001 or CN2569-000001. */
  number: string;
  /** When this document was issued. */
  issuedAt: string;
  /** The shop's IANA time zone, for the dates printed and written. */
  timeZone: string;
  seller: TaxParty;
  buyer: TaxParty;
  /** VAT rate in basis points (7 % = 700). */
  vatRateBp: number;
  /** The lines' prices already include VAT (Thai retail norm); otherwise VAT is added on top. */
  pricesIncludeVat: boolean;
  lines: TaxDocumentLine[];
}

/** A full tax invoice (ใบกำกับภาษีเต็มรูป, 86/4) issued for one sale. */
export interface TaxInvoiceDocument extends TaxDocumentBase {
  kind: 'tax_invoice';
  /** Paid at once: titled ใบเสร็จรับเงิน/ใบกำกับภาษี (ETDA type T03); otherwise ใบกำกับภาษี (388). */
  paid: boolean;
  /** The date of supply: when the sale was made (the invoice may be issued later). */
  suppliedAt: string;
  /** The short tax invoice (86/6) this one replaces, by number and date. */
  replaces: { number: string; issuedAt: string };
  /** Satang: the sum of the lines. */
  subtotal: number;
  /** Satang: the discount on the whole sale (loyalty points). */
  discount: number;
  /** Satang: the value before VAT, the VAT, and the total; valueBeforeVat + vat = total. */
  valueBeforeVat: number;
  vat: number;
  total: number;
}

/** A credit note (ใบลดหนี้, 86/10) for a refund of a sale that had a full tax invoice. */
export interface CreditNoteDocument extends TaxDocumentBase {
  kind: 'credit_note';
  /** The full tax invoice it corrects, and its ETDA type (T03 paid at once, 388 otherwise). */
  invoice: { number: string; issuedAt: string; valueBeforeVat: number; typeCode: 'T03' | '388' };
  /** Why, in Thai words (e.g. สินค้าชำรุดหรือเสียหาย), and the refund's reason code (customer_request, defective, …). */
  reason: string;
  reasonCode: string;
  /** Satang, all before VAT: the invoice's value, the correct value after this note, and the difference. */
  originalValue: number;
  correctValue: number;
  /** Satang: the value taken off before VAT, its VAT, and the total given back. */
  difference: number;
  vat: number;
  total: number;
}

/**
 * A sale's e-Receipt (ใบเสร็จรับเงิน, ETDA T01) for a sale without a full tax invoice: the sale's own number and
 * figures, to whoever the sale was made to. The buyer is the sale's customer (their tax ID when they keep one,
 * as the Easy E-Receipt deduction asks), or a walk-in one: ETDA's rules ask a receipt's buyer no more than
 * "no tax ID" (`taxId` '' here), and the PDF calls them ลูกค้าทั่วไป.
 */
export interface ReceiptDocument extends TaxDocumentBase {
  kind: 'receipt';
  /** No customer known: the XML names no buyer, the PDF says ลูกค้าทั่วไป. */
  walkIn: boolean;
  /** Satang, as the sale recorded them; valueBeforeVat + vat = total (vat 0 for a sale without VAT). */
  subtotal: number;
  discount: number;
  valueBeforeVat: number;
  vat: number;
  total: number;
}

export type TaxDocument = TaxInvoiceDocument | CreditNoteDocument | ReceiptDocument;
