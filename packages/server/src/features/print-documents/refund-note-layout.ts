import {
  creditNoteFigures,
  formatBaht,
  PAYMENT_METHOD_NAMES,
  type PrintBlock,
  type Sale,
  type SaleRefund,
  type StoredSettings,
} from '@pos/core';
import { reasonText } from '../tax-invoices/tax-invoice-document';
import { dateTime, figure, sellerBlocks } from './receipt-layout';

/**
 * A refund on the receipt printer (issue 37) when its sale has no full tax invoice: a credit note (86/10)
 * against the short tax invoice when the sale carried VAT and the shop has its tax ID, else a refund note
 * against the receipt. Same figures as the screen's (core creditNoteFigures), always in Thai.
 */
export function refundNoteBlocks(
  sale: Sale,
  refund: SaleRefund,
  settings: StoredSettings,
  timeZone: string,
): PrintBlock[] {
  const { system } = settings;
  const creditNote = refund.credit_note_number !== null && system.taxId !== '';
  const figures = creditNoteFigures(sale, refund);
  const blocks: PrintBlock[] = [
    ...sellerBlocks(system, creditNote),
    { kind: 'rule' },
    { kind: 'text', text: creditNote ? 'ใบลดหนี้' : 'ใบคืนเงิน', align: 'centre', size: 'large', bold: true },
  ];
  if (creditNote && refund.credit_note_number) {
    blocks.push({ kind: 'pair', left: 'เลขที่', right: refund.credit_note_number });
  }
  blocks.push(
    { kind: 'pair', left: 'วันที่', right: dateTime(refund.created_at, timeZone) },
    {
      kind: 'text',
      text: `${creditNote ? 'อ้างอิงใบกำกับภาษีเลขที่' : 'อ้างอิงใบเสร็จเลขที่'} ${
        refund.original_document_number
      } ลงวันที่ ${dateTime(sale.created_at, timeZone)}`,
    },
    { kind: 'pair', left: 'ลูกค้า', right: sale.customer_name?.trim() || 'ลูกค้าทั่วไป' },
  );
  if (refund.buyer_address) blocks.push({ kind: 'text', text: refund.buyer_address });
  blocks.push({ kind: 'rule' });
  for (const line of refund.lines) {
    blocks.push(
      { kind: 'text', text: line.product_name },
      { kind: 'pair', left: `  ${line.quantity} ชิ้น`, right: figure(line.amount) },
    );
  }
  blocks.push({ kind: 'rule' });
  if (creditNote) {
    const rate = sale.tax_rate.toLocaleString('th-TH', { maximumFractionDigits: 2 });
    blocks.push({ kind: 'pair', left: 'มูลค่าสินค้าตามใบกำกับภาษีเดิม', right: figure(figures.originalValue) });
    if (figures.earlierValue > 0) {
      blocks.push({ kind: 'pair', left: 'ลดหนี้ไปแล้วก่อนหน้านี้', right: figure(figures.earlierValue) });
    }
    blocks.push(
      { kind: 'pair', left: 'มูลค่าที่ถูกต้อง', right: figure(figures.correctValue) },
      { kind: 'pair', left: 'ผลต่าง', right: figure(figures.difference) },
      { kind: 'pair', left: `ภาษีมูลค่าเพิ่ม ${rate}% ของผลต่าง`, right: figure(figures.vat) },
    );
  } else {
    blocks.push({ kind: 'pair', left: 'ยอดตามใบเสร็จเดิม', right: figure(sale.total) });
  }
  blocks.push(
    {
      kind: 'pair',
      left: creditNote ? 'รวมเงินที่คืน (รวมภาษี)' : 'จำนวนเงินที่คืน',
      right: formatBaht(refund.amount),
      size: 'large',
      bold: true,
    },
    {
      kind: 'pair',
      left: 'คืนเงินทาง',
      right: refund.stripe_refund_id ? 'คืนเข้าบัตรที่ใช้ชำระ (ผ่าน Stripe)' : PAYMENT_METHOD_NAMES[refund.refund_method],
    },
  );
  if (refund.parts.length > 1) {
    for (const part of refund.parts) {
      blocks.push({ kind: 'pair', left: `  ${PAYMENT_METHOD_NAMES[part.method]}`, right: figure(part.amount) });
    }
  }
  blocks.push(
    { kind: 'text', text: `เหตุผล: ${reasonText(refund)}` },
    { kind: 'text', text: `ผู้คืนเงิน: ${refund.refunded_by_name}` },
    ...(creditNote ? [{ kind: 'text', text: 'มูลค่าสินค้าไม่รวมภาษีมูลค่าเพิ่ม' } as const] : []),
    { kind: 'space' },
  );
  return blocks;
}
