import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { HEAD_OFFICE_BRANCH, shareOf, zonedClock } from '@pos/core';
import type {
  CreditNoteDocument,
  ReceiptDocument,
  TaxDocument,
  TaxDocumentLine,
  TaxInvoiceDocument,
  TaxParty,
} from './tax-document';

/**
 * ETDA's e-Tax Invoice & Receipt XML (v2.0) of our tax documents: a full tax invoice as
 * `TaxInvoice_CrossIndustryInvoice` (T03 ใบเสร็จรับเงิน/ใบกำกับภาษี when paid at once, else 388 ใบกำกับภาษี) and a
 * credit note as `DebitCreditNote_CrossIndustryInvoice` (81 ใบลดหนี้) naming the invoice it corrects. Elements
 * in the order the schemas' sequences give; amounts in baht with two decimals, before VAT where ETDA asks for it.
 * Every document validates against ETDA's XSD and passes its schematron rules (etax-xml.test.ts).
 */

const NS = {
  tax_invoice: {
    rsm: 'urn:etda:uncefact:data:standard:TaxInvoice_CrossIndustryInvoice:2',
    ram: 'urn:etda:uncefact:data:standard:TaxInvoice_ReusableAggregateBusinessInformationEntity:2',
    root: 'TaxInvoice_CrossIndustryInvoice',
  },
  credit_note: {
    rsm: 'urn:etda:uncefact:data:standard:DebitCreditNote_CrossIndustryInvoice:2',
    ram: 'urn:etda:uncefact:data:standard:DebitCreditNote_ReusableAggregateBusinessInformationEntity:2',
    root: 'DebitCreditNote_CrossIndustryInvoice',
  },
  receipt: {
    rsm: 'urn:etda:uncefact:data:standard:Receipt_CrossIndustryInvoice:2',
    ram: 'urn:etda:uncefact:data:standard:Receipt_ReusableAggregateBusinessInformationEntity:2',
    root: 'Receipt_CrossIndustryInvoice',
  },
} as const;

/** ETDA's guideline the documents follow (e-Tax Invoice & e-Receipt, ขมธอ. 3-2560). */
const GUIDELINE_ID = 'ER3-2560';

/** The purpose codes of a credit note (ETDA's list) by our refund reason: goods returned unless a price was wrong. */
const CREDIT_NOTE_PURPOSE: Readonly<Record<string, string>> = {
  defective: 'CDNG02',
  price_error: 'CDNG04',
  customer_request: 'CDNG05',
  wrong_item: 'CDNG05',
};
/** "Another reason", stated in words. */
const OTHER_PURPOSE = 'CDNG99';

/** Satang as baht with two decimals: 123456 → "1234.56". */
function baht(satang: number): string {
  const sign = satang < 0 ? '-' : '';
  const abs = Math.abs(satang);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The rate as ETDA writes it: 7 % → "7", 3.5 % → "3.5". */
function rate(basisPoints: number): string {
  return String(basisPoints / 100);
}

/** An instant as the shop's local date and time, as ETDA's samples write it (no offset): 2026-11-28T14:05:00. */
function localDateTime(iso: string, timeZone: string): string {
  const t = zonedClock(timeZone)(new Date(iso));
  return `${t.year}-${t.month}-${t.day}T${t.hour}:${t.minute}:${t.second}`;
}

/**
 * A party's tax registration: a juristic person's (or anyone's with a branch) is TXID, the 13-digit ID and the
 * 5-digit branch (18 digits); a person's ID card number alone is NIDN (13 digits).
 */
function taxRegistration(party: TaxParty, isSeller: boolean): { scheme: 'TXID' | 'NIDN'; id: string } {
  if (isSeller || party.taxId.startsWith('0') || party.branch !== HEAD_OFFICE_BRANCH) {
    return { scheme: 'TXID', id: `${party.taxId}${party.branch}` };
  }
  return { scheme: 'NIDN', id: party.taxId };
}

/** The first line of a written address, for LineOne (ETDA allows 256 characters). */
function lineOne(address: string): string {
  return address
    .replace(/\s*\n\s*/g, ' ')
    .trim()
    .slice(0, 256);
}

function party(parent: XMLBuilder, name: 'SellerTradeParty' | 'BuyerTradeParty', p: TaxParty): void {
  const isSeller = name === 'SellerTradeParty';
  const node = parent.ele(`ram:${name}`);
  node.ele('ram:Name').txt(p.name.slice(0, 256));
  const registration = taxRegistration(p, isSeller);
  node.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: registration.scheme }).txt(registration.id);
  if (!isSeller && p.email) {
    node.ele('ram:DefinedTradeContact').ele('ram:EmailURIUniversalCommunication').ele('ram:URIID').txt(p.email);
  }
  const address = node.ele('ram:PostalTradeAddress');
  if (p.postcode) address.ele('ram:PostcodeCode').txt(p.postcode);
  if (p.address.trim() !== '') address.ele('ram:LineOne').txt(lineOne(p.address));
  if (p.place) {
    address.ele('ram:CityName').txt(p.place.district);
    address.ele('ram:CitySubDivisionName').txt(p.place.subdistrict);
  }
  address.ele('ram:CountryID', { schemeID: '3166-1 alpha-2' }).txt('TH');
  if (p.place) {
    address.ele('ram:CountrySubDivisionID').txt(p.place.province);
    address.ele('ram:BuildingNumber').txt(p.place.buildingNumber.slice(0, 16));
  }
}

/** One line in ETDA's terms, satang: its value before VAT and the VAT on it. */
export interface EtaxLine {
  net: number;
  vat: number;
}

/**
 * `total` split in proportion to `weights` (equal parts when they are all 0): each part rounded down, the satang
 * left over given to the largest remainders, so the parts add up to `total` exactly and each is within a satang
 * of its exact share (never one line taking all the rounding, which could turn it negative).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const whole = weights.reduce((a, b) => a + b, 0);
  const basis = whole > 0 ? weights : weights.map(() => 1);
  const divisor = BigInt(whole > 0 ? whole : weights.length);
  const exact = basis.map((weight) => BigInt(total) * BigInt(weight));
  const parts = exact.map((value) => Number(value / divisor));
  const order = exact
    .map((value, index) => ({ index, remainder: value % divisor }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  let left = total - parts.reduce((a, b) => a + b, 0);
  for (let k = 0; left > 0; left--, k++) parts[order[k % order.length]!.index]! += 1;
  return parts;
}

/**
 * The invoice's lines before VAT and the discount before VAT (AllowanceTotalAmount), in satang, so that the
 * lines' value (LineTotalAmount) less the discount is the invoice's value before VAT exactly and no amount is
 * negative (ETDA's schema refuses one). Prices with VAT in them: the lines are worth the subtotal without its
 * VAT (the invoice's own value when there is no discount), never less than the invoice's value however it
 * rounds, shared in proportion to what each line was charged, each keeping its price as charged (net + VAT).
 * Prices before VAT: the lines are already net; their VAT (the invoice's, or the rate on the subtotal when a
 * discount comes after) is shared the same way.
 */
export function invoiceLines(
  doc: Pick<TaxInvoiceDocument, 'lines' | 'pricesIncludeVat' | 'discount' | 'valueBeforeVat' | 'vatRateBp' | 'vat'>,
): { lines: EtaxLine[]; lineTotal: number; allowance: number } {
  const charged = doc.lines.map((l) => l.lineTotal);
  const subtotal = charged.reduce((a, b) => a + b, 0);
  if (doc.pricesIncludeVat) {
    const lineTotal =
      doc.discount === 0
        ? doc.valueBeforeVat
        : Math.max(doc.valueBeforeVat, shareOf(subtotal, 10_000, 10_000 + doc.vatRateBp));
    const nets = allocate(lineTotal, charged);
    const lines = nets.map((net, i) => ({ net, vat: charged[i]! - net }));
    return { lines, lineTotal, allowance: lineTotal - doc.valueBeforeVat };
  }
  const linesVat = doc.discount === 0 ? doc.vat : shareOf(subtotal, doc.vatRateBp, 10_000);
  const vats = allocate(linesVat, charged);
  const lines = charged.map((net, i) => ({ net, vat: vats[i]! }));
  return { lines, lineTotal: subtotal, allowance: Math.max(0, subtotal - doc.valueBeforeVat) };
}

/**
 * The credit note's lines: the difference (before VAT) and its VAT shared among the lines refunded in proportion
 * to the money each gave back, adding up to both exactly; a line keeps what it gave back (net + VAT) whenever
 * the lines add up to the note's total.
 */
export function creditNoteLines(doc: CreditNoteDocument): EtaxLine[] {
  const given = doc.lines.map((l) => l.lineTotal);
  const nets = allocate(doc.difference, given);
  if (given.reduce((a, b) => a + b, 0) === doc.total) return nets.map((net, i) => ({ net, vat: given[i]! - net }));
  const vats = allocate(doc.vat, given);
  return nets.map((net, i) => ({ net, vat: vats[i]! }));
}

/** Satang ÷ quantity as baht to ETDA's five decimals, in integers (a line's price per unit before VAT). */
function unitBaht(satang: number, quantity: number): string {
  const text = String(shareOf(satang, 1_000, quantity)).padStart(6, '0');
  return `${text.slice(0, -5)}.${text.slice(-5)}`.replace(/\.?0+$/, '');
}

function lineItems(
  parent: XMLBuilder,
  lines: readonly TaxDocumentLine[],
  amounts: EtaxLine[],
  vatRateBp: number,
  /** A receipt of a sale without VAT states no tax on its lines. */
  withVat = true,
): void {
  lines.forEach((line, i) => {
    const { net, vat } = amounts[i]!;
    const item = parent.ele('ram:IncludedSupplyChainTradeLineItem');
    item
      .ele('ram:AssociatedDocumentLineDocument')
      .ele('ram:LineID')
      .txt(String(i + 1));
    const product = item.ele('ram:SpecifiedTradeProduct');
    if (line.code) product.ele('ram:ID').txt(line.code.slice(0, 35));
    product.ele('ram:Name').txt(line.name.slice(0, 256));
    item
      .ele('ram:SpecifiedLineTradeAgreement')
      .ele('ram:GrossPriceProductTradePrice')
      .ele('ram:ChargeAmount')
      .txt(unitBaht(net, line.quantity));
    item.ele('ram:SpecifiedLineTradeDelivery').ele('ram:BilledQuantity', { unitCode: 'AS' }).txt(String(line.quantity));
    const settlement = item.ele('ram:SpecifiedLineTradeSettlement');
    if (withVat) {
      const tax = settlement.ele('ram:ApplicableTradeTax');
      tax.ele('ram:TypeCode').txt('VAT');
      tax.ele('ram:CalculatedRate').txt(rate(vatRateBp));
      tax.ele('ram:BasisAmount').txt(baht(net));
      tax.ele('ram:CalculatedAmount').txt(baht(vat));
    }
    const sum = settlement.ele('ram:SpecifiedTradeSettlementLineMonetarySummation');
    sum.ele('ram:TaxTotalAmount', { currencyID: 'THB' }).txt(baht(vat));
    sum.ele('ram:NetLineTotalAmount', { currencyID: 'THB' }).txt(baht(net));
    sum.ele('ram:NetIncludingTaxesLineTotalAmount', { currencyID: 'THB' }).txt(baht(net + vat));
  });
}

function headerTax(settlement: XMLBuilder, vatRateBp: number, basis: number, vat: number): void {
  settlement.ele('ram:InvoiceCurrencyCode', { listID: 'ISO 4217 3A' }).txt('THB');
  const tax = settlement.ele('ram:ApplicableTradeTax');
  tax.ele('ram:TypeCode').txt('VAT');
  tax.ele('ram:CalculatedRate').txt(rate(vatRateBp));
  tax.ele('ram:BasisAmount').txt(baht(basis));
  tax.ele('ram:CalculatedAmount').txt(baht(vat));
}

/** The document's discount (the points' value before VAT) and its totals, as an invoice and a receipt state them. */
function settlementTotals(
  settlement: XMLBuilder,
  doc: { valueBeforeVat: number; vat: number; total: number },
  amounts: { lineTotal: number; allowance: number },
): void {
  if (amounts.allowance > 0) {
    const discount = settlement.ele('ram:SpecifiedTradeAllowanceCharge');
    discount.ele('ram:ChargeIndicator').txt('false');
    discount.ele('ram:ActualAmount').txt(baht(amounts.allowance));
    discount.ele('ram:Reason').txt('ส่วนลดจากแต้มสะสม');
  }
  const sum = settlement.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  sum.ele('ram:LineTotalAmount').txt(baht(amounts.lineTotal));
  sum.ele('ram:AllowanceTotalAmount').txt(baht(amounts.allowance));
  sum.ele('ram:TaxBasisTotalAmount').txt(baht(doc.valueBeforeVat));
  sum.ele('ram:TaxTotalAmount').txt(baht(doc.vat));
  sum.ele('ram:GrandTotalAmount').txt(baht(doc.total));
}

function documentRoot(kind: TaxDocument['kind']): XMLBuilder {
  const ns = NS[kind];
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(ns.rsm, `rsm:${ns.root}`, {
    'xmlns:ram': ns.ram,
  });
  root
    .ele('rsm:ExchangedDocumentContext')
    .ele('ram:GuidelineSpecifiedDocumentContextParameter')
    .ele('ram:ID', { schemeAgencyID: 'ETDA', schemeVersionID: 'v2.0' })
    .txt(GUIDELINE_ID);
  return root;
}

function taxInvoiceXml(doc: TaxInvoiceDocument): string {
  const root = documentRoot('tax_invoice');
  const exchanged = root.ele('rsm:ExchangedDocument');
  exchanged.ele('ram:ID').txt(doc.number);
  exchanged.ele('ram:Name').txt(doc.paid ? 'ใบเสร็จรับเงิน/ใบกำกับภาษี' : 'ใบกำกับภาษี');
  exchanged.ele('ram:TypeCode').txt(doc.paid ? 'T03' : '388');
  exchanged.ele('ram:IssueDateTime').txt(localDateTime(doc.issuedAt, doc.timeZone));
  exchanged.ele('ram:CreationDateTime').txt(localDateTime(doc.issuedAt, doc.timeZone));
  const note = exchanged.ele('ram:IncludedNote');
  note.ele('ram:Subject').txt('ออกแทนใบกำกับภาษีอย่างย่อ');
  note
    .ele('ram:Content')
    .txt(
      `ออกแทนใบกำกับภาษีอย่างย่อเลขที่ ${doc.replaces.number} ลงวันที่ ${localDateTime(doc.suppliedAt, doc.timeZone).slice(0, 10)}`,
    );

  const trade = root.ele('rsm:SupplyChainTradeTransaction');
  const agreement = trade.ele('ram:ApplicableHeaderTradeAgreement');
  party(agreement, 'SellerTradeParty', doc.seller);
  party(agreement, 'BuyerTradeParty', doc.buyer);
  trade
    .ele('ram:ApplicableHeaderTradeDelivery')
    .ele('ram:ActualDeliverySupplyChainEvent')
    .ele('ram:OccurrenceDateTime')
    .txt(localDateTime(doc.suppliedAt, doc.timeZone));

  const { lines, lineTotal, allowance } = invoiceLines(doc);
  const settlement = trade.ele('ram:ApplicableHeaderTradeSettlement');
  headerTax(settlement, doc.vatRateBp, doc.valueBeforeVat, doc.vat);
  settlementTotals(settlement, doc, { lineTotal, allowance });
  lineItems(trade, doc.lines, lines, doc.vatRateBp);
  return root.end({ prettyPrint: true });
}

function creditNoteXml(doc: CreditNoteDocument): string {
  const root = documentRoot('credit_note');
  const exchanged = root.ele('rsm:ExchangedDocument');
  exchanged.ele('ram:ID').txt(doc.number);
  exchanged.ele('ram:Name').txt('ใบลดหนี้');
  exchanged.ele('ram:TypeCode').txt('81');
  exchanged.ele('ram:IssueDateTime').txt(localDateTime(doc.issuedAt, doc.timeZone));
  const purpose = CREDIT_NOTE_PURPOSE[doc.reasonCode] ?? OTHER_PURPOSE;
  exchanged.ele('ram:Purpose').txt(doc.reason.slice(0, 256));
  exchanged.ele('ram:PurposeCode').txt(purpose);
  exchanged.ele('ram:CreationDateTime').txt(localDateTime(doc.issuedAt, doc.timeZone));

  const trade = root.ele('rsm:SupplyChainTradeTransaction');
  const agreement = trade.ele('ram:ApplicableHeaderTradeAgreement');
  party(agreement, 'SellerTradeParty', doc.seller);
  party(agreement, 'BuyerTradeParty', doc.buyer);
  const reference = agreement.ele('ram:AdditionalReferencedDocument');
  reference.ele('ram:IssuerAssignedID').txt(doc.invoice.number);
  reference.ele('ram:IssueDateTime').txt(localDateTime(doc.invoice.issuedAt, doc.timeZone));
  reference.ele('ram:ReferenceTypeCode').txt(doc.invoice.typeCode);
  trade.ele('ram:ApplicableHeaderTradeDelivery');

  const settlement = trade.ele('ram:ApplicableHeaderTradeSettlement');
  headerTax(settlement, doc.vatRateBp, doc.difference, doc.vat);
  const sum = settlement.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  sum.ele('ram:OriginalInformationAmount').txt(baht(doc.originalValue));
  sum.ele('ram:LineTotalAmount').txt(baht(doc.correctValue));
  sum.ele('ram:DifferenceInformationAmount').txt(baht(doc.difference));
  sum.ele('ram:AllowanceTotalAmount').txt(baht(0));
  sum.ele('ram:TaxBasisTotalAmount').txt(baht(doc.difference));
  sum.ele('ram:TaxTotalAmount').txt(baht(doc.vat));
  sum.ele('ram:GrandTotalAmount').txt(baht(doc.total));
  lineItems(trade, doc.lines, creditNoteLines(doc), doc.vatRateBp);
  return root.end({ prettyPrint: true });
}

/** The document's ETDA XML, UTF-8 text with its declaration. */
/**
 * A receipt's buyer as ETDA's receipt rules allow: a customer's tax ID when they keep one (TXID/NIDN, as on an
 * invoice), else the registration ETDA names for "none" (OTHR, N/A); the name when a customer is known; the address
 * only when it holds a postcode (ETDA asks one of a Thai address). A walk-in buyer is the registration alone.
 */
function receiptBuyer(parent: XMLBuilder, doc: ReceiptDocument): void {
  const buyer = doc.buyer;
  const node = parent.ele('ram:BuyerTradeParty');
  if (!doc.walkIn) node.ele('ram:Name').txt(buyer.name.slice(0, 256));
  const registration = buyer.taxId === '' ? { scheme: 'OTHR', id: 'N/A' } : taxRegistration(buyer, false);
  node.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: registration.scheme }).txt(registration.id);
  if (buyer.email) {
    node.ele('ram:DefinedTradeContact').ele('ram:EmailURIUniversalCommunication').ele('ram:URIID').txt(buyer.email);
  }
  if (buyer.postcode && buyer.address.trim() !== '') {
    const address = node.ele('ram:PostalTradeAddress');
    address.ele('ram:PostcodeCode').txt(buyer.postcode);
    address.ele('ram:LineOne').txt(lineOne(buyer.address));
    address.ele('ram:CountryID', { schemeID: '3166-1 alpha-2' }).txt('TH');
  }
}

/**
 * A sale's e-Receipt as `Receipt_CrossIndustryInvoice` (T01 ใบเสร็จรับเงิน): the sale's number, date and figures,
 * seller and lines as an invoice writes them. A sale without VAT states no tax (the receipt's schema allows none).
 */
function receiptXml(doc: ReceiptDocument): string {
  const root = documentRoot('receipt');
  const exchanged = root.ele('rsm:ExchangedDocument');
  exchanged.ele('ram:ID').txt(doc.number);
  exchanged.ele('ram:Name').txt('ใบเสร็จรับเงิน');
  exchanged.ele('ram:TypeCode').txt('T01');
  exchanged.ele('ram:IssueDateTime').txt(localDateTime(doc.issuedAt, doc.timeZone));
  exchanged.ele('ram:CreationDateTime').txt(localDateTime(doc.issuedAt, doc.timeZone));

  const trade = root.ele('rsm:SupplyChainTradeTransaction');
  const agreement = trade.ele('ram:ApplicableHeaderTradeAgreement');
  party(agreement, 'SellerTradeParty', doc.seller);
  receiptBuyer(agreement, doc);
  trade
    .ele('ram:ApplicableHeaderTradeDelivery')
    .ele('ram:ActualDeliverySupplyChainEvent')
    .ele('ram:OccurrenceDateTime')
    .txt(localDateTime(doc.issuedAt, doc.timeZone));

  const withVat = doc.vatRateBp > 0;
  const { lines, lineTotal, allowance } = invoiceLines({ ...doc, pricesIncludeVat: doc.pricesIncludeVat && withVat });
  const settlement = trade.ele('ram:ApplicableHeaderTradeSettlement');
  if (withVat) headerTax(settlement, doc.vatRateBp, doc.valueBeforeVat, doc.vat);
  else settlement.ele('ram:InvoiceCurrencyCode', { listID: 'ISO 4217 3A' }).txt('THB');
  settlementTotals(settlement, doc, { lineTotal, allowance });
  lineItems(trade, doc.lines, lines, doc.vatRateBp, withVat);
  return root.end({ prettyPrint: true });
}

/** The document's ETDA XML, UTF-8 text with its declaration. */
export function etaxXml(doc: TaxDocument): string {
  if (doc.kind === 'receipt') return receiptXml(doc);
  return doc.kind === 'tax_invoice' ? taxInvoiceXml(doc) : creditNoteXml(doc);
}
