import type { TaxDocument } from './tax-document';

/**
 * The Thai words and figures of a tax document, one source for the A4 PDF and the receipt printer's roll
 * (issue 37): amounts, Buddhist-era dates, branch, title and totals as the Revenue Code names them.
 */

/** Satang as baht with two decimals and thousands separators: 1,234.50. */
export function money(satang: number): string {
  const sign = satang < 0 ? '-' : '';
  const abs = Math.abs(satang);
  const whole = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** A Buddhist-era date in the shop's time zone: 28 พฤศจิกายน 2569. */
export function thaiDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('th-TH-u-ca-buddhist', { timeZone, day: 'numeric', month: 'long', year: 'numeric' })
    .format(new Date(iso))
    .replace(/^(\d+ \S+) (?:พ\.ศ\. )?(\d+)$/, '$1 $2');
}

export function sameDay(a: string, b: string, timeZone: string): boolean {
  return thaiDate(a, timeZone) === thaiDate(b, timeZone);
}

/** The branch's words (one rule in core, shared with the till's receipts). */
export { branchText } from '@pos/core';

export function titleOf(doc: TaxDocument): string {
  if (doc.kind === 'receipt') return 'ใบเสร็จรับเงิน';
  if (doc.kind === 'credit_note') return 'ใบลดหนี้';
  return doc.paid ? 'ใบเสร็จรับเงิน/ใบกำกับภาษี' : 'ใบกำกับภาษี';
}

/** The totals under the lines, label and amount. */
export function totalsOf(doc: TaxDocument): [string, string][] {
  const rate = `${doc.vatRateBp / 100}%`;
  if (doc.kind !== 'credit_note') {
    const rows: [string, string][] = [['รวมเป็นเงิน', money(doc.subtotal)]];
    if (doc.discount > 0) rows.push(['ส่วนลด', money(doc.discount)]);
    // A receipt of a sale without VAT states none.
    if (doc.kind === 'receipt' && doc.vatRateBp === 0) return [...rows, ['จำนวนเงินรวมทั้งสิ้น', money(doc.total)]];
    rows.push(
      ['มูลค่าสินค้าก่อนภาษีมูลค่าเพิ่ม', money(doc.valueBeforeVat)],
      [`ภาษีมูลค่าเพิ่ม ${rate}`, money(doc.vat)],
      ['จำนวนเงินรวมทั้งสิ้น', money(doc.total)],
    );
    return rows;
  }
  return [
    ['มูลค่าสินค้าตามใบกำกับภาษีเดิม', money(doc.originalValue)],
    ['มูลค่าสินค้าที่ถูกต้อง', money(doc.correctValue)],
    ['ผลต่าง', money(doc.difference)],
    [`ภาษีมูลค่าเพิ่ม ${rate}`, money(doc.vat)],
    ['รวมเงินที่ลดหนี้ทั้งสิ้น', money(doc.total)],
  ];
}
