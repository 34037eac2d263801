import { randomUUID } from 'node:crypto';
import type { Customer, Product, Sale, TaxInvoice, Till, VatSummaryResponse } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { buildProduct } from './helpers/catalogue-factories';
import {
  buildSaleCustomer,
  postSale,
  registerForVat,
  salePayload,
  TEST_TAX_ID,
  vatShopSalePayload,
} from './helpers/sales-factories';
import { etdaProblems } from './helpers/etda-validate';
import { ENGINES, useTestApp } from './helpers/test-app';

// Full tax invoices (issue 36): the contract the issue fixes, the gapless series, the short invoice it
// replaces, the credit notes of a refund, and every bad input refused with nothing written, on each engine.

type Refusal = { code?: string; error?: string; details?: Record<string, unknown> };
type InvoiceAnswer = { taxInvoice: TaxInvoice } & Refusal;

/** Real-looking tax IDs with valid check digits: a company's and a person's (ID card number). */
const COMPANY_TAX_ID = '0105536112014';
const PERSON_TAX_ID = '1101700230708';

const companyBuyer = {
  name: 'บริษัท ตัวอย่าง จำกัด',
  address: '99/1 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110',
  taxId: COMPANY_TAX_ID,
  branch: '00000',
};

describe.each(ENGINES)('full tax invoices on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: string;
  let cashier: string;
  let viewer: string;
  let shirt: Product;

  const issue = (saleId: number, body: Record<string, unknown>, token = cashier) =>
    t.request<InvoiceAnswer>('POST', `/api/sales/${saleId}/tax-invoice`, { token, body });
  const sell = async (quantity = 1, extra: Record<string, unknown> = {}): Promise<Sale> => {
    const res = await postSale(t, cashier, vatShopSalePayload([{ product: shirt, quantity }], extra));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.sale;
  };
  const invoiceCount = async () =>
    Number(
      (
        await t.built.deps.db.kysely
          .selectFrom('tax_invoices')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sequenceOf = (number: string) => Number(number.slice(-6));

  beforeAll(async () => {
    admin = await t.adminToken();
    cashier = (await t.buildUser({ role: 'cashier' })).token;
    viewer = (await t.buildUser({ role: 'viewer' })).token;
    shirt = await buildProduct(t, { price: 535, stock: 10_000 });
  });

  it('refuses an invoice while the shop has no tax ID or is not registered for VAT, writing nothing', async () => {
    const res = await postSale(t, cashier, salePayload([{ product: shirt, quantity: 1 }]));
    expect(res.status).toBe(201);
    const refused = await issue(res.body.sale.id, { buyer: companyBuyer });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TAX_INVOICE_SHOP_TAX_ID_MISSING');
    expect(refused.body.error).toMatch(/เลขประจำตัวผู้เสียภาษี/);
    expect(await invoiceCount()).toBe(0);
    await registerForVat(t);
    const branch = await t.request('PUT', '/api/settings', {
      token: admin,
      body: {
        settings: {
          system: {
            branch: '00003',
            address: '1 ถนนพระราม 1 แขวงวังใหม่ เขตปทุมวัน กรุงเทพฯ 10330',
            addressBuildingNumber: '1',
            addressSubdistrict: '100702',
            addressDistrict: '1007',
            addressProvince: '10',
            postcode: '10330',
          },
        },
      },
    });
    expect(branch.status).toBe(200);
  });

  it('issues the invoice in place of the short one: every 86/4 field, the sale figures, the short one kept', async () => {
    const sale = await sell(2);
    const res = await issue(sale.id, {
      buyer: { ...companyBuyer, taxId: '0-1055-36112-01-4', email: 'acc@example.co.th' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const invoice = res.body.taxInvoice;
    expect(invoice).toMatchObject({
      saleId: sale.id,
      replacesNumber: sale.document_number,
      suppliedAt: sale.created_at,
      paid: true,
      seller: { taxId: TEST_TAX_ID, branch: '00003', address: '1 ถนนพระราม 1 แขวงวังใหม่ เขตปทุมวัน กรุงเทพฯ 10330' },
      buyer: { ...companyBuyer, email: 'acc@example.co.th' },
      subtotal: sale.subtotal,
      discount: sale.discount,
      vat: sale.tax,
      total: sale.total,
      lines: [{ name: shirt.name, quantity: 2, unitPrice: 535, lineTotal: 1070 }],
    });
    expect(invoice.number).toMatch(/^INV25\d\d-\d{6}$/);
    expect(invoice.valueBeforeVat).toBeCloseTo(sale.total - sale.tax, 2);
    expect(invoice.valueBeforeVat + invoice.vat).toBeCloseTo(invoice.total, 2);

    const read = await t.request<{ sale: Sale }>('GET', `/api/sales/${sale.id}`, { token: viewer });
    // The short invoice keeps its number and figures; it is marked replaced by the full one.
    expect(read.body.sale).toMatchObject({
      document_number: sale.document_number,
      total: sale.total,
      tax_invoice_id: invoice.id,
      tax_invoice_number: invoice.number,
    });
    const again = await t.request<InvoiceAnswer>('GET', `/api/tax-invoices/${invoice.id}`, { token: viewer });
    expect(again.status).toBe(200);
    expect(again.body.taxInvoice).toEqual(invoice);

    // The contract's files: ETDA's XML (valid against its XSD and rules) and the PDF/A-3.
    const get = (path: string) => fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${viewer}` } });
    const xml = await get(`/api/tax-invoices/${invoice.id}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    const xmlText = await xml.text();
    expect(await etdaProblems(xmlText, 'tax_invoice')).toEqual([]);
    expect(xmlText).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
    const pdf = await get(`/api/tax-invoices/${invoice.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await get('/api/tax-invoices/999999/xml')).status).toBe(404);
  });

  it('never issues two invoices for one sale, even when eight ask at once from two processes', async () => {
    const sale = await sell();
    const other = await buildApp(t.config, { logger: false, now: t.now, sleep: t.sleep });
    try {
      const body = JSON.stringify({ buyer: companyBuyer });
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => {
          const headers = { authorization: `Bearer ${cashier}`, 'content-type': 'application/json' };
          const url = `/api/sales/${sale.id}/tax-invoice`;
          return i % 2 === 0
            ? fetch(`${t.url}${url}`, { method: 'POST', headers, body }).then(async (r) => ({
                status: r.status,
                body: (await r.json()) as InvoiceAnswer,
              }))
            : other.app
                .inject({ method: 'POST', url: `/api${url.slice(4)}`, headers, payload: body })
                .then((r) => ({ status: r.statusCode, body: r.json<InvoiceAnswer>() }));
        }),
      );
      const issued = answers.filter((a) => a.status === 201);
      expect(issued).toHaveLength(1);
      const refused = answers.filter((a) => a.status === 409);
      expect(refused).toHaveLength(7);
      for (const r of refused) {
        expect(r.body.code).toBe('TAX_INVOICE_EXISTS');
        expect(r.body.details).toEqual({ number: issued[0]!.body.taxInvoice.number });
      }
    } finally {
      await other.app.close();
    }
  });

  it('numbers invoices gaplessly when eight sales get theirs at once from two processes', async () => {
    const sales = await Promise.all(Array.from({ length: 8 }, () => sell()));
    const before = await invoiceCount();
    const other = await buildApp(t.config, { logger: false, now: t.now, sleep: t.sleep });
    try {
      const answers = await Promise.all(
        sales.map((sale, i) => {
          const headers = { authorization: `Bearer ${cashier}`, 'content-type': 'application/json' };
          const body = JSON.stringify({ buyer: { ...companyBuyer, taxId: i % 2 ? PERSON_TAX_ID : COMPANY_TAX_ID } });
          return i % 2 === 0
            ? fetch(`${t.url}/api/sales/${sale.id}/tax-invoice`, { method: 'POST', headers, body }).then(async (r) => ({
                status: r.status,
                body: (await r.json()) as InvoiceAnswer,
              }))
            : other.app
                .inject({ method: 'POST', url: `/api/sales/${sale.id}/tax-invoice`, headers, payload: body })
                .then((r) => ({ status: r.statusCode, body: r.json<InvoiceAnswer>() }));
        }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
      const sequences = answers.map((a) => sequenceOf(a.body.taxInvoice.number)).sort((a, b) => a - b);
      const first = sequences[0]!;
      expect(sequences).toEqual(Array.from({ length: 8 }, (_, i) => first + i));
      expect(await invoiceCount()).toBe(before + 8);
      const all = await t.built.deps.db.kysely.selectFrom('tax_invoices').select('number').execute();
      const inSeries = all.map((r) => sequenceOf(r.number)).sort((a, b) => a - b);
      expect(inSeries).toEqual(Array.from({ length: inSeries.length }, (_, i) => i + 1));
    } finally {
      await other.app.close();
    }
  });

  it('refuses every bad input with a Thai message, writing nothing and using no number', async () => {
    const sale = await sell();
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ ...companyBuyer, taxId: '0105536112012' }, 400, /เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง/],
      [{ ...companyBuyer, taxId: '12345' }, 400, /เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง/],
      [{ ...companyBuyer, address: '  ' }, 400, /ที่อยู่ของผู้ซื้อ/],
      [{ name: companyBuyer.name, taxId: COMPANY_TAX_ID, branch: '00000' }, 400, /ที่อยู่ของผู้ซื้อ/],
      [{ ...companyBuyer, name: '' }, 400, /ชื่อผู้ซื้อ/],
      [{ ...companyBuyer, branch: '1' }, 400, /สาขาต้องเป็นตัวเลข 5 หลัก/],
      [{ ...companyBuyer, branch: '000001' }, 400, /สาขาต้องเป็นตัวเลข 5 หลัก/],
      [{ ...companyBuyer, email: 'not-an-email' }, 400, /อีเมล/],
    ];
    const before = await invoiceCount();
    for (const [buyer, status, message] of cases) {
      const res = await issue(sale.id, { buyer });
      expect(res.status, JSON.stringify(buyer)).toBe(status);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    expect((await issue(999_999, { buyer: companyBuyer })).body.code).toBe('SALE_NOT_FOUND');
    expect((await issue(sale.id, { buyer: companyBuyer }, viewer)).status).toBe(403);
    expect(await invoiceCount()).toBe(before);
    // No number was used by the refusals: the next invoice takes the next one.
    const last = await t.built.deps.db.kysely
      .selectFrom('tax_invoices')
      .select('number')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const next = await issue(sale.id, { buyer: companyBuyer });
    expect(next.status).toBe(201);
    expect(sequenceOf(next.body.taxInvoice.number)).toBe(sequenceOf(last.number) + 1);
  });

  it('refuses an invoice for a sale without VAT or with goods returned', async () => {
    const excluded = await postSale(
      t,
      admin,
      vatShopSalePayload([{ product: shirt, quantity: 1 }], { excludeVAT: true }),
    );
    expect(excluded.status, JSON.stringify(excluded.body)).toBe(201);
    const noVat = await issue(excluded.body.sale.id, { buyer: companyBuyer });
    expect([noVat.status, noVat.body.code]).toEqual([409, 'TAX_INVOICE_NO_VAT']);

    const sale = await sell(2);
    const refund = await t.request('POST', `/api/sales/${sale.id}/refund`, {
      token: admin,
      body: {
        lines: [{ saleItemId: sale.items[0]!.id, quantity: 1 }],
        reason: 'customer_request',
        refundMethod: 'cash',
      },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const refused = await issue(sale.id, { buyer: companyBuyer });
    expect([refused.status, refused.body.code]).toEqual([409, 'TAX_INVOICE_SALE_REFUNDED']);
  });

  it('gives a refund of an invoiced sale a credit note the sale shows beside its full invoice', async () => {
    const sale = await sell(3);
    const invoice = (await issue(sale.id, { buyer: companyBuyer })).body.taxInvoice;
    const refund = await t.request<{ sale: Sale }>('POST', `/api/sales/${sale.id}/refund`, {
      token: admin,
      body: { lines: [{ saleItemId: sale.items[0]!.id, quantity: 1 }], reason: 'defective', refundMethod: 'cash' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const after = refund.body.sale;
    expect(after.tax_invoice_number).toBe(invoice.number);
    expect(after.refunds[0]!.credit_note_number).toMatch(/^CN25\d\d-\d{6}$/);
    expect(after.refunds[0]!.vat).toBeGreaterThan(0);
  });

  it('keeps the buyer details on the customer, so a regular buyer is one click, and checks them there too', async () => {
    const customer = await buildSaleCustomer(t, 0, 'คุณสมชาย');
    const sale = await sell(1, { customerId: customer.id });
    const res = await issue(sale.id, {
      buyer: { ...companyBuyer, name: 'บริษัท สมชาย เทรดดิ้ง จำกัด', branch: '00012', email: 'somchai@example.com' },
      saveToCustomer: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.taxInvoice.customerId).toBe(customer.id);
    const kept = await t.request<{ customer: Customer }>('GET', `/api/customers/${customer.id}`, { token: admin });
    expect(kept.body.customer).toMatchObject({
      name: 'คุณสมชาย',
      tax_name: 'บริษัท สมชาย เทรดดิ้ง จำกัด',
      tax_id: COMPANY_TAX_ID,
      tax_branch: '00012',
      address: companyBuyer.address,
      email: 'somchai@example.com',
    });

    const badId = await t.request('PUT', `/api/customers/${customer.id}`, {
      token: admin,
      body: { tax_id: '1101700230709' },
    });
    expect(badId.status).toBe(400);
    const person = await t.request<{ customer: Customer }>('PUT', `/api/customers/${customer.id}`, {
      token: admin,
      body: { tax_id: PERSON_TAX_ID, tax_branch: '', tax_name: '' },
    });
    expect(person.status).toBe(200);
    expect(person.body.customer).toMatchObject({ tax_id: PERSON_TAX_ID, tax_branch: null, tax_name: null });
  });

  it('counts each sale once in the VAT summary, whether it got a short or a full invoice', async () => {
    const month = new Date(t.now()).toISOString().slice(0, 7);
    const summary = async () =>
      (
        await t.request<VatSummaryResponse>('GET', `/api/sales/stats/vat?startMonth=${month}&endMonth=${month}`, {
          token: admin,
        })
      ).body;
    const sale = await sell(4);
    const before = await summary();
    expect((await issue(sale.id, { buyer: companyBuyer })).status).toBe(201);
    expect(await summary()).toEqual(before);
  });

  it('numbers a till’s invoices in a series of its own', async () => {
    await t.request('PUT', '/api/settings', {
      token: admin,
      body: { settings: { shifts: { requireOpenShift: false } } },
    });
    const till = await t.request<{ till: Till }>('POST', '/api/tills', {
      token: admin,
      body: { name: `หน้าร้าน ${randomUUID().slice(0, 4)}` },
    });
    const sale = await sell(1, { tillId: till.body.till.id });
    const res = await issue(sale.id, { buyer: companyBuyer });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.taxInvoice.number).toMatch(
      new RegExp(`^INV25\\d\\d-T${String(till.body.till.id).padStart(2, '0')}-000001$`),
    );
    expect(res.body.taxInvoice.tillId).toBe(till.body.till.id);
  });
});
