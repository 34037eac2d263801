import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { documentT } from '../receipt/document-language';
import {
  branchText,
  buyerFromCustomer,
  EMPTY_BUYER,
  hasTaxDetails,
  partyLines,
  TaxInvoiceForm,
  taxInvoiceRequest,
  type TaxInvoiceFormInput,
} from './tax-invoice-form';
import { taxInvoiceFixture } from './tax-invoice-fixtures';

// The dialog's own resolver: what it returns is what the fields show.
const resolve = (values: TaxInvoiceFormInput) =>
  zodResolver(TaxInvoiceForm)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

const FILLED = {
  ...EMPTY_BUYER,
  name: 'บริษัท ตัวอย่าง จำกัด',
  address: '99/1 ถนนสุขุมวิท\nกรุงเทพฯ 10110',
  taxId: '0105556123453',
};

const CUSTOMER = {
  name: 'สมชาย ใจดี',
  address: '1 ถนนพระราม 4',
  email: 'somchai@example.com',
  tax_name: 'บริษัท ใจดี จำกัด',
  tax_id: '0105556123453',
  tax_branch: '00002',
};

describe('the full tax invoice form', () => {
  it('shows the checksum message at the tax ID, and accepts it typed with dashes and spaces', async () => {
    const wrong = await resolve({ buyer: { ...FILLED, taxId: '0105556123457' } });
    expect(wrong.errors.buyer?.taxId?.message).toBe(msg('taxInvoice.taxIdInvalid'));
    const typed = await resolve({ buyer: { ...FILLED, taxId: '0-1055-56123-45-3' } });
    expect(typed.errors).toEqual({});
    expect(typed.values).toMatchObject({ buyer: { taxId: '0105556123453', branch: '00000' } });
  });

  it('asks for the name and the address, and a branch of 5 digits', async () => {
    const { errors } = await resolve({ buyer: { ...FILLED, name: ' ', address: '', branch: '123' } });
    expect(errors.buyer?.name?.message).toBe(msg('taxInvoice.buyerNameRequired'));
    expect(errors.buyer?.address?.message).toBe(msg('taxInvoice.buyerAddressRequired'));
    expect(errors.buyer?.branch?.message).toBe(msg('taxInvoice.branchInvalid'));
  });

  it('fills in a customer with saved tax details in one go: the name on invoices first', () => {
    expect(hasTaxDetails(CUSTOMER)).toBe(true);
    expect(buyerFromCustomer(CUSTOMER)).toEqual({
      name: 'บริษัท ใจดี จำกัด',
      address: '1 ถนนพระราม 4',
      taxId: '0105556123453',
      branch: '00002',
      email: 'somchai@example.com',
    });
    const plain = { ...CUSTOMER, tax_name: null, tax_id: null, tax_branch: null, address: null, email: null };
    expect(hasTaxDetails(plain)).toBe(false);
    expect(buyerFromCustomer(plain)).toEqual({ ...EMPTY_BUYER, name: 'สมชาย ใจดี' });
  });

  it('sends the e-mail only when the shop sends e-Tax invoices, and the customer only when asked', () => {
    const buyer = { ...FILLED, branch: '00000', email: 'buyer@example.com' };
    expect(taxInvoiceRequest(buyer, { etaxEnabled: false, saveTo: null })).toEqual({
      buyer: { name: FILLED.name, address: FILLED.address, taxId: FILLED.taxId, branch: '00000' },
    });
    expect(taxInvoiceRequest(buyer, { etaxEnabled: true, saveTo: 7 })).toEqual({
      buyer,
      saveToCustomer: true,
      customerId: 7,
    });
  });

  it('writes the branch as the Revenue Department does', () => {
    expect(branchText('00000', documentT)).toBe('สำนักงานใหญ่');
    expect(branchText('00003', documentT)).toBe('สาขาที่ 00003');
    expect(partyLines(taxInvoiceFixture().seller, documentT)).toEqual([
      '12 ถนนนิมมานเหมินท์ เชียงใหม่',
      'เลขประจำตัวผู้เสียภาษี 0105561234560 สาขาที่ 00003',
      'โทร 053123456',
    ]);
  });
});
