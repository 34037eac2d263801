import type { TaxInvoice } from '@pos/core';

/** A full tax invoice as the API answers it: two lines, a discount, 7 % VAT included, issued the day after the sale. */
export function taxInvoiceFixture(over: Partial<TaxInvoice> = {}): TaxInvoice {
  return {
    id: 1,
    number: 'INV2569-000001',
    saleId: 5,
    replacesNumber: 'R2569-000005',
    issuedAt: '2026-11-24T03:00:00.000Z',
    suppliedAt: '2026-11-23T03:00:00.000Z',
    issuedBy: { id: 1, name: 'แคชเชียร์' },
    tillId: null,
    paid: true,
    seller: {
      name: 'ร้านลินินดี',
      address: '12 ถนนนิมมานเหมินท์ เชียงใหม่',
      taxId: '0105561234560',
      branch: '00003',
      email: null,
      phone: '053123456',
    },
    buyer: {
      name: 'บริษัท ตัวอย่าง จำกัด',
      address: '99/1 ถนนสุขุมวิท\nกรุงเทพมหานคร 10110',
      taxId: '0105556123453',
      branch: '00000',
      email: null,
      phone: null,
    },
    customerId: null,
    vatRate: 7,
    pricesIncludeVat: true,
    lines: [
      { name: 'เสื้อเชิ้ตลินิน', code: 'LN-001', quantity: 2, unitPrice: 500, lineTotal: 1000 },
      { name: 'หมวก', code: null, quantity: 1, unitPrice: 250.5, lineTotal: 250.5 },
    ],
    subtotal: 1250.5,
    discount: 50,
    valueBeforeVat: 1121.96,
    vat: 78.54,
    total: 1200.5,
    email: null,
    ...over,
  };
}
