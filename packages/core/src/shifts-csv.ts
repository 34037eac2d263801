import type { Shift } from './api/shifts';
import { csvBaht, type CsvCell } from './csv';

/** The managers' shift list as CSV (issue 35): one row a shift, newest first, in Thai; baht with 2 decimals. */
export const SHIFTS_CSV_COLUMNS = [
  'รหัสกะ',
  'เครื่องขาย',
  'สถานะ',
  'เปิดกะโดย',
  'เวลาเปิดกะ',
  'ปิดกะโดย',
  'เวลาปิดกะ',
  'เงินทอนตั้งต้น',
  'ยอดเงินสดที่ควรมี',
  'ยอดเงินสดที่นับได้',
  'ส่วนต่าง (เกิน + / ขาด -)',
  'ผู้อนุมัติส่วนต่าง',
  'หมายเหตุ',
] as const;

export const SHIFT_STATUS_WORDS: Readonly<Record<Shift['status'], string>> = { open: 'เปิดอยู่', closed: 'ปิดแล้ว' };

const money = (baht: number | null) => (baht === null ? '' : csvBaht(baht));

export function shiftsCsvRow(shift: Shift, dateTime: (iso: string) => string): CsvCell[] {
  return [
    shift.id,
    shift.tillName,
    SHIFT_STATUS_WORDS[shift.status],
    shift.openedBy.name ?? '',
    dateTime(shift.openedAt),
    shift.closedBy?.name ?? '',
    shift.closedAt === null ? '' : dateTime(shift.closedAt),
    money(shift.openingFloat),
    money(shift.expectedCash),
    money(shift.countedCash),
    money(shift.difference),
    shift.differenceApprovedBy?.name ?? '',
    shift.closeNote ?? '',
  ];
}
