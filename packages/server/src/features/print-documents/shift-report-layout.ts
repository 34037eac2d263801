import { formatBaht, PAYMENT_METHOD_NAMES, type PrintBlock, type ShiftReport } from '@pos/core';
import { dateTime, figure } from './receipt-layout';

/**
 * A shift's X report (while open) or Z report (at its close) on the receipt printer (issue 37): the same
 * figures and wording as the till's screen prints, always in Thai, with lines to sign.
 */
/** Money per payment method, a line each: the method, how many, how much. */
function methodLines(parts: ShiftReport['sales']['byMethod']): PrintBlock[] {
  return parts.map((part) => ({
    kind: 'pair',
    left: `  ${PAYMENT_METHOD_NAMES[part.method]} (${part.count} รายการ)`,
    right: figure(part.amount),
  }));
}

export function shiftReportBlocks(report: ShiftReport, shopName: string, timeZone: string): PrintBlock[] {
  const title = report.kind === 'X' ? 'รายงาน X (ระหว่างกะ)' : 'รายงาน Z (ปิดกะ)';
  const { sales, refunds, cash, cashMovements } = report;
  const blocks: PrintBlock[] = [
    { kind: 'text', text: shopName, align: 'centre', size: 'large', bold: true },
    { kind: 'text', text: title, align: 'centre', bold: true },
    { kind: 'rule' },
    { kind: 'pair', left: 'เครื่อง', right: report.tillName },
    { kind: 'pair', left: 'กะที่', right: String(report.shiftId) },
    { kind: 'pair', left: 'เปิดกะโดย', right: report.openedBy.name ?? '' },
    { kind: 'pair', left: 'เวลาเปิดกะ', right: dateTime(report.openedAt, timeZone) },
  ];
  if (report.closedAt) {
    blocks.push(
      { kind: 'pair', left: 'ปิดกะโดย', right: report.closedBy?.name ?? '' },
      { kind: 'pair', left: 'เวลาปิดกะ', right: dateTime(report.closedAt, timeZone) },
    );
  } else {
    blocks.push({ kind: 'pair', left: 'เวลาปิดกะ', right: 'ยังไม่ปิดกะ' });
  }
  blocks.push(
    { kind: 'rule' },
    { kind: 'text', text: 'ยอดขาย', bold: true },
    { kind: 'pair', left: 'จำนวนบิล', right: String(sales.count) },
    { kind: 'pair', left: 'ยอดขายรวม', right: figure(sales.total) },
  );
  blocks.push(...methodLines(sales.byMethod));
  blocks.push(
    { kind: 'pair', left: 'ส่วนลด', right: figure(sales.discount) },
    { kind: 'pair', left: 'ภาษีมูลค่าเพิ่ม', right: figure(sales.vat) },
    { kind: 'pair', left: 'เลขที่แรก', right: sales.firstDocument ?? 'ไม่มี' },
    { kind: 'pair', left: 'เลขที่สุดท้าย', right: sales.lastDocument ?? 'ไม่มี' },
    { kind: 'rule' },
    { kind: 'text', text: 'คืนเงิน', bold: true },
    { kind: 'pair', left: 'จำนวนครั้งที่คืนเงิน', right: String(refunds.count) },
    { kind: 'pair', left: 'ยอดคืนเงินรวม', right: figure(refunds.total) },
  );
  blocks.push(...methodLines(refunds.byMethod));
  blocks.push(
    { kind: 'rule' },
    { kind: 'text', text: 'นำเงินเข้า/ออก', bold: true },
    { kind: 'pair', left: 'นำเงินเข้ารวม', right: figure(cashMovements.paidIn) },
    { kind: 'pair', left: 'นำเงินออกรวม', right: figure(cashMovements.paidOut) },
  );
  for (const movement of cashMovements.items) {
    const label = movement.type === 'in' ? `  เข้า: ${movement.reason}` : `  ออก: ${movement.reason}`;
    blocks.push({ kind: 'pair', left: label, right: figure(movement.amount) });
  }
  blocks.push(
    { kind: 'rule' },
    { kind: 'text', text: 'เงินสดในลิ้นชัก', bold: true },
    { kind: 'pair', left: 'เงินทอนตั้งต้น', right: figure(cash.openingFloat) },
    { kind: 'pair', left: 'เงินสดจากการขาย', right: figure(cash.cashSales) },
    { kind: 'pair', left: 'คืนเงินสด', right: `-${figure(cash.cashRefunds)}` },
    { kind: 'pair', left: 'นำเงินเข้า', right: figure(cash.paidIn) },
    { kind: 'pair', left: 'นำเงินออก', right: `-${figure(cash.paidOut)}` },
    { kind: 'pair', left: 'เงินสดที่ควรมี', right: formatBaht(cash.expected), bold: true },
  );
  if (cash.counted === null || cash.difference === null) {
    blocks.push({ kind: 'pair', left: 'เงินสดที่นับได้', right: 'ยังไม่นับ' });
  } else {
    const difference =
      cash.difference === 0 ? 'ตรง' : `${cash.difference > 0 ? 'เกิน' : 'ขาด'} ${figure(Math.abs(cash.difference))}`;
    blocks.push(
      { kind: 'pair', left: 'เงินสดที่นับได้', right: formatBaht(cash.counted) },
      { kind: 'pair', left: 'ส่วนต่าง', right: difference, bold: true },
    );
  }
  blocks.push(
    { kind: 'rule' },
    { kind: 'text', text: `พิมพ์เมื่อ ${dateTime(report.generatedAt, timeZone)}` },
    { kind: 'space' },
    { kind: 'space' },
    { kind: 'text', text: '.............................. พนักงานเก็บเงิน' },
    { kind: 'space' },
    { kind: 'space' },
    { kind: 'text', text: '.............................. ผู้ตรวจสอบ' },
  );
  return blocks;
}
