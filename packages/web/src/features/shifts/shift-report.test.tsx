import type { ShiftReport } from '@pos/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShiftReportDocument, differenceText, shiftReportSections } from './shift-report';

afterEach(cleanup);

const person = (id: number, name: string) => ({ id, name });

function report(overrides: Partial<ShiftReport> = {}): ShiftReport {
  return {
    kind: 'Z',
    shiftId: 12,
    tillName: 'เคาน์เตอร์หน้า',
    openedBy: person(2, 'แก้ว'),
    openedAt: '2026-11-28T02:00:00.000Z',
    closedBy: person(2, 'แก้ว'),
    closedAt: '2026-11-28T11:00:00.000Z',
    generatedAt: '2026-11-28T11:00:00.000Z',
    sales: {
      count: 3,
      total: 1250,
      byMethod: [
        { method: 'cash', count: 2, amount: 750 },
        { method: 'transfer', count: 1, amount: 500 },
      ],
      discount: 20,
      vat: 81.78,
      firstDocument: 'R2611-000101',
      lastDocument: 'R2611-000103',
    },
    refunds: { count: 1, total: 100, byMethod: [{ method: 'cash', count: 1, amount: 100 }], vat: 6.54 },
    cashMovements: {
      paidIn: 0,
      paidOut: 60,
      items: [
        {
          id: 1,
          shiftId: 12,
          type: 'out',
          amount: 60,
          reason: 'ซื้อถุง',
          createdBy: person(2, 'แก้ว'),
          createdAt: '2026-11-28T05:00:00.000Z',
        },
      ],
    },
    cash: {
      openingFloat: 1000,
      cashSales: 750,
      cashRefunds: 100,
      paidIn: 0,
      paidOut: 60,
      expected: 1590,
      counted: 1580,
      difference: -10,
    },
    ...overrides,
  };
}

describe('X/Z report document', () => {
  it('words the difference as over, short or exact', () => {
    expect(differenceText(25.5)).toEqual({ word: 'เกิน', amount: '25.50' });
    expect(differenceText(-10)).toEqual({ word: 'ขาด', amount: '10.00' });
    expect(differenceText(0)).toEqual({ word: 'ตรง', amount: '0.00' });
  });

  it('prints every figure of the Z report in Thai, each pay-out with its reason', () => {
    render(<ShiftReportDocument report={report()} settings={undefined} paper="roll" printedAt={new Date()} />);
    const doc = screen.getByTestId('shift-report-document');
    expect(doc.getAttribute('lang')).toBe('th');
    expect(within(doc).getByTestId('shift-doc-title').textContent).toBe('รายงาน Z (ปิดกะ)');
    const methods = within(doc).getByTestId('shift-doc-methods').textContent ?? '';
    expect(methods).toContain('เงินสด (2 รายการ)');
    expect(methods).toContain('750.00');
    expect(within(doc).getByTestId('shift-doc-movements').textContent).toContain('ออก: ซื้อถุง');
    expect(within(doc).getByTestId('shift-doc-documents').textContent).toContain('R2611-000103');
    expect(within(doc).getByTestId('shift-doc-difference').textContent).toBe('ส่วนต่าง (ขาด)10.00');
    expect(within(doc).getByTestId('shift-doc-printed').textContent).toContain('พิมพ์เมื่อ');
  });

  it('an X report has no count yet and says the shift is still open', () => {
    const x = report({
      kind: 'X',
      closedBy: null,
      closedAt: null,
      cash: { ...report().cash, counted: null, difference: null },
    });
    const cashRows = shiftReportSections(x).find((s) => s.testId === 'shift-doc-cash')?.rows ?? [];
    expect(cashRows.map((r) => r.label)).not.toContain('ส่วนต่าง');
    render(<ShiftReportDocument report={x} settings={undefined} paper="a4" printedAt={new Date()} />);
    const doc = screen.getByTestId('shift-report-document');
    expect(doc.textContent).toContain('รายงาน X (ระหว่างกะ)');
    expect(doc.textContent).toContain('ยังไม่ปิดกะ');
    expect(within(doc).getByTestId('shift-doc-counted').textContent).toContain('ยังไม่นับ');
    expect(within(doc).queryByTestId('shift-doc-difference')).toBeNull();
    // A4 has the signature lines.
    expect(doc.textContent).toContain('ผู้ตรวจสอบ');
  });
});
