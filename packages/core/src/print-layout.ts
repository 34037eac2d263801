import type { Sale } from './api/sales';
import type { SystemSettings } from './api/settings';
import { formatBaht } from './money';
import { PAYMENT_METHOD_NAMES } from './payment-methods';
import { isTaxInvoice, vatStatement } from './sale-document';
import { HEAD_OFFICE_BRANCH } from './thai-tax-id';

/**
 * A printed document as blocks for a receipt printer's roll (issue 37), the one layout the server's raster (and
 * text) printing and the till's own offline printing (issue 38) draw: pure data, so it runs in the browser too.
 */
export type PrintBlock =
  | { kind: 'text'; text: string; align?: 'left' | 'centre' | 'right'; size?: 'normal' | 'large'; bold?: boolean }
  /** A label on the left and its amount on the right of one line (the amount never wraps). */
  | { kind: 'pair'; left: string; right: string; size?: 'normal' | 'large'; bold?: boolean }
  | { kind: 'rule' }
  | { kind: 'space' };

/** What a receipt says of the seller: the shop's settings as the server keeps them or the till reads them. */
export type ReceiptSeller = Pick<
  SystemSettings,
  'storeName' | 'address' | 'phone' | 'taxId' | 'branch' | 'posRegistrationNumber'
>;

/** The branch as a tax document names it: head office, or its five-digit number. */
export function branchText(branch: string): string {
  return branch === HEAD_OFFICE_BRANCH ? 'สำนักงานใหญ่' : `สาขาที่ ${branch}`;
}

/**
 * A sale's receipt for the roll printer (issue 37): the same document the till's screen prints (short tax
 * invoice and receipt in one when VAT applies, Revenue Code 86/6; a plain receipt when not), always in Thai.
 */

const amount = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const figure = (baht: number) => amount.format(baht);

export function dateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('th-TH-u-ca-buddhist', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

export function sellerBlocks(system: ReceiptSeller, taxInvoice: boolean): PrintBlock[] {
  const blocks: PrintBlock[] = [{ kind: 'text', text: system.storeName, align: 'centre', size: 'large', bold: true }];
  if (system.address) blocks.push({ kind: 'text', text: system.address, align: 'centre' });
  if (system.phone) blocks.push({ kind: 'text', text: `โทร ${system.phone}`, align: 'centre' });
  if (taxInvoice) {
    blocks.push({
      kind: 'text',
      text: `เลขประจำตัวผู้เสียภาษี ${system.taxId} ${branchText(system.branch)}`,
      align: 'centre',
    });
    if (system.posRegistrationNumber) {
      blocks.push({ kind: 'text', text: `หมายเลขเครื่อง POS ${system.posRegistrationNumber}`, align: 'centre' });
    }
  }
  return blocks;
}

function vatBlocks(sale: Sale, taxId: string): PrintBlock[] {
  const statement = vatStatement(sale, taxId);
  switch (statement.kind) {
    case 'included':
      return [{ kind: 'pair', left: `ภาษีมูลค่าเพิ่ม ${statement.rate}% (รวมในราคาแล้ว)`, right: figure(sale.tax) }];
    case 'separate':
      return [{ kind: 'pair', left: `ภาษีมูลค่าเพิ่ม ${statement.rate}%`, right: figure(sale.tax) }];
    case 'added':
      return [{ kind: 'pair', left: 'ส่วนที่เรียกเก็บเพิ่ม', right: figure(sale.tax) }];
    case 'excluded':
      return [{ kind: 'pair', left: 'ภาษี (ไม่รวม VAT)', right: figure(0) }];
    case 'none':
      return [];
  }
}

function paymentBlocks(sale: Sale): PrintBlock[] {
  const blocks: PrintBlock[] = [{ kind: 'pair', left: 'ชำระโดย', right: PAYMENT_METHOD_NAMES[sale.payment_method] }];
  if (sale.payment_method === 'split') {
    for (const part of sale.payments) {
      blocks.push({ kind: 'pair', left: `  ${PAYMENT_METHOD_NAMES[part.method]}`, right: figure(part.amount) });
    }
  }
  const { cash_received: received, change } = sale.payment;
  if (received !== null) {
    blocks.push({ kind: 'pair', left: 'รับเงิน', right: figure(received) });
    blocks.push({ kind: 'pair', left: 'เงินทอน', right: figure(change ?? 0) });
  }
  return blocks;
}

/** The blocks of a sale's receipt as printed on the till's roll. */
export function receiptBlocks(sale: Sale, settings: { system: ReceiptSeller }, timeZone: string): PrintBlock[] {
  const { system } = settings;
  const taxInvoice = isTaxInvoice(sale, system.taxId);
  const title = taxInvoice ? 'ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน' : 'ใบเสร็จรับเงิน';
  const blocks: PrintBlock[] = [
    ...sellerBlocks(system, taxInvoice),
    { kind: 'rule' },
    { kind: 'text', text: title, align: 'centre', bold: true },
  ];
  if (sale.exclude_vat) {
    blocks.push({ kind: 'text', text: 'ขายแบบไม่รวมภาษีมูลค่าเพิ่ม เอกสารนี้ไม่ใช่ใบกำกับภาษี', align: 'centre' });
  } else if (taxInvoice) {
    const note = sale.prices_include_vat ? 'ราคารวมภาษีมูลค่าเพิ่มแล้ว' : 'ยอดสุทธิรวมภาษีมูลค่าเพิ่มแล้ว';
    blocks.push({ kind: 'text', text: note, align: 'centre' });
  }
  if (sale.tax_invoice_number) {
    blocks.push({ kind: 'text', text: `ถูกแทนที่ด้วยใบกำกับภาษีเต็มรูปเลขที่ ${sale.tax_invoice_number}`, align: 'centre' });
  }
  blocks.push(
    { kind: 'pair', left: 'เลขที่', right: sale.document_number },
    { kind: 'pair', left: 'วันที่', right: dateTime(sale.created_at, timeZone) },
    { kind: 'pair', left: 'พนักงานขาย', right: sale.created_by_name || 'ไม่ระบุ' },
  );
  if (sale.till_name) blocks.push({ kind: 'pair', left: 'เครื่องขาย', right: sale.till_name });
  if (sale.customer_name) blocks.push({ kind: 'pair', left: 'ลูกค้า', right: sale.customer_name });
  blocks.push({ kind: 'rule' });
  for (const item of sale.items) {
    const variant = [item.size, item.color].filter(Boolean).join(' / ');
    const name = variant ? `${item.product_name} (${variant})` : item.product_name;
    blocks.push({ kind: 'text', text: name });
    blocks.push({ kind: 'pair', left: `  ${item.quantity} × ${figure(item.price)}`, right: figure(item.total) });
  }
  blocks.push({ kind: 'rule' }, { kind: 'pair', left: 'รวมเป็นเงิน', right: figure(sale.subtotal) });
  if (sale.discount > 0) {
    const label = sale.points_used > 0 ? `ส่วนลด (ใช้ ${sale.points_used} แต้ม)` : 'ส่วนลด';
    blocks.push({ kind: 'pair', left: label, right: `-${figure(sale.discount)}` });
  }
  blocks.push(
    ...vatBlocks(sale, system.taxId),
    { kind: 'pair', left: 'ยอดสุทธิ', right: formatBaht(sale.total), size: 'large', bold: true },
    ...paymentBlocks(sale),
  );
  if (sale.points_earned > 0) blocks.push({ kind: 'pair', left: 'แต้มที่ได้รับ', right: String(sale.points_earned) });
  blocks.push({ kind: 'space' }, { kind: 'text', text: 'ขอบคุณที่ใช้บริการ', align: 'centre' });
  return blocks;
}

/** A page that shows a printer works: its name, the paper's width and Thai as the shop will see it. */
export function testPageBlocks(printerName: string, shopName: string, width: number): PrintBlock[] {
  return [
    { kind: 'text', text: shopName, align: 'centre', size: 'large', bold: true },
    { kind: 'rule' },
    { kind: 'text', text: 'ทดสอบเครื่องพิมพ์', align: 'centre', bold: true },
    { kind: 'pair', left: 'เครื่องพิมพ์', right: printerName },
    { kind: 'pair', left: 'กระดาษ', right: `${width} มม.` },
    { kind: 'text', text: 'ภาษาไทย: สระ วรรณยุกต์ ญ ฐ ฎ ฏ ฤ ฦ ๑๒๓ ฿' },
    { kind: 'rule' },
  ];
}
