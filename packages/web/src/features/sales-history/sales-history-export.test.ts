import { describe, expect, it } from 'vitest';
import { saleFixture } from '../../test-fixtures/sale';
import { salesHistoryCsv, SALES_HISTORY_CSV_COLUMNS } from './sales-history-export';

describe('salesHistoryCsv', () => {
  it("keeps the spec's columns and codes, and gives the method and status in Thai after them", () => {
    const { text } = salesHistoryCsv(
      [
        saleFixture({ payment_method: 'card', status: 'completed' }),
        saleFixture({ id: 2, document_number: 'INV-000002', payment_method: 'transfer', status: 'partially_refunded' }),
        saleFixture({ id: 3, document_number: 'INV-000003', status: 'refunded' }),
      ],
      new Date(2026, 10, 22, 10, 0),
      'ลูกค้าทั่วไป',
    );
    const [head, ...rows] = text.slice(1).split('\r\n');
    expect(head).toBe([...SALES_HISTORY_CSV_COLUMNS, 'วิธีชำระเงิน', 'สถานะ'].join(','));
    const cells = rows.filter(Boolean).map((r) => r.split(','));
    const method = SALES_HISTORY_CSV_COLUMNS.indexOf('Payment Method');
    const status = SALES_HISTORY_CSV_COLUMNS.indexOf('Status');
    expect(cells.map((c) => [c[method], c[status], ...c.slice(-2)])).toEqual([
      ['card', 'completed', 'บัตรเครดิต', 'สำเร็จ'],
      ['transfer', 'partially_refunded', 'โอนเงินผ่านธนาคาร', 'คืนเงินบางส่วน'],
      ['cash', 'refunded', 'เงินสด', 'คืนเงินแล้ว'],
    ]);
  });
});
