import type { PrintBlock } from '@pos/core';
import type { TaxDocument, TaxParty } from '../tax-invoices/tax-document';
import { branchText, money, sameDay, thaiDate, titleOf, totalsOf } from '../tax-invoices/tax-document-text';

/**
 * A full tax invoice (86/4) or the credit note (86/10) of a fully invoiced sale on the receipt printer's roll
 * (issue 37): the same words and figures as the A4 PDF (tax-document-text), one column, always in Thai.
 */

function partyBlocks(label: string, party: TaxParty): PrintBlock[] {
  const blocks: PrintBlock[] = [
    { kind: 'text', text: label, bold: true },
    { kind: 'text', text: party.name, bold: true },
  ];
  if (party.address !== '') blocks.push({ kind: 'text', text: party.address });
  if (party.taxId !== '') {
    blocks.push({ kind: 'text', text: `เลขประจำตัวผู้เสียภาษี ${party.taxId} ${branchText(party.branch)}` });
  }
  if (party.phone) blocks.push({ kind: 'text', text: `โทร ${party.phone}` });
  return blocks;
}

export function taxDocumentRollBlocks(doc: TaxDocument): PrintBlock[] {
  const zone = doc.timeZone;
  const blocks: PrintBlock[] = [
    ...partyBlocks('ผู้ขาย', doc.seller),
    { kind: 'rule' },
    { kind: 'text', text: titleOf(doc), align: 'centre', size: 'large', bold: true },
    { kind: 'pair', left: 'เลขที่', right: doc.number },
    { kind: 'pair', left: 'วันที่', right: thaiDate(doc.issuedAt, zone) },
  ];
  if (doc.kind === 'tax_invoice' && !sameDay(doc.suppliedAt, doc.issuedAt, zone)) {
    blocks.push({ kind: 'pair', left: 'วันที่ส่งมอบสินค้า', right: thaiDate(doc.suppliedAt, zone) });
  }
  blocks.push({ kind: 'rule' }, ...partyBlocks('ผู้ซื้อ', doc.buyer));
  if (doc.kind === 'tax_invoice') {
    const { number, issuedAt } = doc.replaces;
    blocks.push({ kind: 'text', text: `ออกแทนใบกำกับภาษีอย่างย่อเลขที่ ${number} ลงวันที่ ${thaiDate(issuedAt, zone)}` });
  } else if (doc.kind === 'credit_note') {
    const { number, issuedAt } = doc.invoice;
    blocks.push(
      { kind: 'text', text: `อ้างอิงใบกำกับภาษีเลขที่ ${number} ลงวันที่ ${thaiDate(issuedAt, zone)}` },
      { kind: 'text', text: `เหตุที่ออกใบลดหนี้: ${doc.reason}` },
    );
  }
  blocks.push({ kind: 'rule' });
  for (const line of doc.lines) {
    blocks.push(
      { kind: 'text', text: line.name },
      { kind: 'pair', left: `  ${line.quantity} × ${money(line.unitPrice)}`, right: money(line.lineTotal) },
    );
  }
  blocks.push({ kind: 'rule' });
  const totals = totalsOf(doc);
  totals.forEach(([label, value], index) => {
    const last = index === totals.length - 1;
    blocks.push({ kind: 'pair', left: label, right: value, ...(last && { bold: true }) });
  });
  blocks.push({ kind: 'space' });
  return blocks;
}
