import { describe, expect, it } from 'vitest';
import {
  branchText,
  receiptBlocks,
  testPageBlocks,
  type PrintBlock,
  type ReceiptSeller,
  type Sale,
} from '../src/index';

/**
 * The receipt's layout for the roll printer (issue 37), in core since issue 38: the server rasterises it for its
 * print jobs and the till draws the same blocks when it prints offline on its own USB or serial printer.
 */

const cashPart = { method: 'cash' as const, amount: 428, cash_received: 500, change: 72, reference: null, refunded: 0 };
const sale = (over: Partial<Sale> = {}): Sale =>
  ({
    id: 0,
    document_number: 'T1-000007',
    status: 'completed',
    created_at: '2026-11-29T03:05:00.000Z',
    customer_id: null,
    customer_name: null,
    created_by_name: 'นก ขายดี',
    subtotal: 428,
    discount: 0,
    tax: 28,
    total: 428,
    tax_rate: 7,
    exclude_vat: false,
    prices_include_vat: true,
    payment_method: 'cash',
    payment: { method: 'cash', amount: 428, cash_received: 500, change: 72, reference: null },
    payments: [cashPart],
    points_used: 0,
    points_earned: 0,
    till_name: 'หน้าร้าน 1',
    tax_invoice_number: null,
    items: [{ product_name: 'เสื้อยืดลายช้าง', size: 'L', color: 'ดำ', quantity: 2, price: 214, total: 428 }],
    refunds: [],
    ...over,
  }) as Sale;

const seller: ReceiptSeller = {
  storeName: 'ร้านผ้าไทย',
  address: '12 ถนนนิมมาน เชียงใหม่',
  phone: '053-111-222',
  taxId: '0105558000111',
  branch: '00000',
  posRegistrationNumber: 'E0123456789',
};

const texts = (blocks: PrintBlock[]) => blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : []));
const pairs = (blocks: PrintBlock[]) =>
  Object.fromEntries(blocks.flatMap((b) => (b.kind === 'pair' ? [[b.left, b.right]] : [])));

describe('the receipt layout for the roll printer', () => {
  it('lays out a short tax invoice of a cash sale: seller, number, lines, VAT, cash and change, in Thai', () => {
    const blocks = receiptBlocks(sale(), { system: seller }, 'Asia/Bangkok');
    expect(blocks[0]).toEqual({ kind: 'text', text: 'ร้านผ้าไทย', align: 'centre', size: 'large', bold: true });
    expect(texts(blocks)).toEqual([
      'ร้านผ้าไทย',
      '12 ถนนนิมมาน เชียงใหม่',
      'โทร 053-111-222',
      'เลขประจำตัวผู้เสียภาษี 0105558000111 สำนักงานใหญ่',
      'หมายเลขเครื่อง POS E0123456789',
      'ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน',
      'ราคารวมภาษีมูลค่าเพิ่มแล้ว',
      'เสื้อยืดลายช้าง (L / ดำ)',
      'ขอบคุณที่ใช้บริการ',
    ]);
    const figures = pairs(blocks);
    expect(figures['เลขที่']).toBe('T1-000007');
    // 10:05 in Bangkok, Buddhist era.
    expect(figures['วันที่']).toMatch(/29 พ\.ย\. 2569.*10:05/);
    expect(figures).toMatchObject({
      พนักงานขาย: 'นก ขายดี',
      เครื่องขาย: 'หน้าร้าน 1',
      '  2 × 214.00': '428.00',
      รวมเป็นเงิน: '428.00',
      'ภาษีมูลค่าเพิ่ม 7% (รวมในราคาแล้ว)': '28.00',
      ยอดสุทธิ: '฿428.00',
      ชำระโดย: 'เงินสด',
      รับเงิน: '500.00',
      เงินทอน: '72.00',
    });
    expect(blocks.filter((b) => b.kind === 'rule')).toHaveLength(3);
    expect(blocks.at(-2)).toEqual({ kind: 'space' });
  });

  it('prints a plain receipt for a shop without a tax id, and a transfer sale states no cash', () => {
    const plain = { ...seller, taxId: '', address: '', phone: '' };
    const transfer = sale({
      payment_method: 'transfer',
      payment: { method: 'transfer', amount: 428, cash_received: null, change: null, reference: 'SLIP-1' },
      payments: [{ ...cashPart, method: 'transfer', cash_received: null, change: null, reference: 'SLIP-1' }],
      customer_name: 'มาลี แต้มเยอะ',
      points_earned: 4,
      discount: 20,
      points_used: 20,
    });
    const blocks = receiptBlocks(transfer, { system: plain }, 'Asia/Bangkok');
    expect(texts(blocks).slice(0, 2)).toEqual(['ร้านผ้าไทย', 'ใบเสร็จรับเงิน']);
    const figures = pairs(blocks);
    expect(figures).toMatchObject({
      ชำระโดย: 'โอนเงินผ่านธนาคาร',
      ลูกค้า: 'มาลี แต้มเยอะ',
      'ส่วนลด (ใช้ 20 แต้ม)': '-20.00',
      แต้มที่ได้รับ: '4',
    });
    expect(figures).not.toHaveProperty('รับเงิน');
    expect(figures).not.toHaveProperty('เงินทอน');
    // No tax id: the VAT is not presented as tax.
    expect(Object.keys(figures).some((label) => label.startsWith('ภาษีมูลค่าเพิ่ม'))).toBe(false);
  });

  it('lists a split bill by its parts and words the branch as the Revenue Code does', () => {
    const split = sale({
      payment_method: 'split',
      payments: [
        { ...cashPart, amount: 128, cash_received: 200 },
        { ...cashPart, method: 'promptpay', amount: 300, cash_received: null, change: null },
      ],
    });
    const figures = pairs(receiptBlocks(split, { system: { ...seller, branch: '00002' } }, 'Asia/Bangkok'));
    expect(figures).toMatchObject({ ชำระโดย: 'หลายวิธี', '  เงินสด': '128.00', '  พร้อมเพย์': '300.00' });
    expect(branchText('00000')).toBe('สำนักงานใหญ่');
    expect(branchText('00002')).toBe('สาขาที่ 00002');
  });

  it('makes a test page with the printer, the paper and Thai marks', () => {
    const blocks = testPageBlocks('หน้าร้าน', 'ร้านผ้าไทย', 58);
    expect(pairs(blocks)).toEqual({ เครื่องพิมพ์: 'หน้าร้าน', กระดาษ: '58 มม.' });
    expect(texts(blocks)).toContain('ทดสอบเครื่องพิมพ์');
  });
});
