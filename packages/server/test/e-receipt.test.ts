import type { EtaxEmail, PricingSettings, Product, TaxDocumentEmail } from '@pos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etdaProblems } from './helpers/etda-validate';
import { buildProduct } from './helpers/catalogue-factories';
import { startFakeSmtp, type FakeSmtp } from './helpers/fake-smtp';
import { buildSaleCustomer, postSale, registerForVat, vatShopSalePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

// The e-Receipt by e-mail (issue 36): a sale without a full tax invoice may have its receipt (ETDA's T01
// ใบเสร็จรับเงิน) e-mailed through the e-Tax outbox, to the address given with ETDA's time-stamp address in copy,
// its PDF/A-3 and XML attached; asked again, it goes again. Every refusal leaves the outbox as it was.

const SMTP_PASSWORD = 'smtp-secret-from-the-environment';
const PERSON_TAX_ID = '1101700230708';

type Refusal = { code?: string; error?: string; details?: Record<string, unknown> };

describe.each(ENGINES)('the e-Receipt by e-mail on %s', (engine) => {
  const t = useTestApp(engine, { ETAX_SMTP_PASSWORD: SMTP_PASSWORD });
  let smtp: FakeSmtp;
  let admin: string;
  let manager: string;
  let cashier: string;
  let shirt: Product;
  let terms: PricingSettings;

  const sell = async (options: { quantity?: number; customerId?: number; pointsUsed?: number } = {}) => {
    const { quantity = 1, ...rest } = options;
    const res = await postSale(
      t,
      cashier,
      vatShopSalePayload([{ product: shirt, quantity }], { settings: terms, ...rest }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.sale;
  };
  const send = (saleId: number, email: unknown) =>
    t.request<{ email: TaxDocumentEmail } & Refusal>('POST', `/api/sales/${saleId}/e-receipt`, {
      token: cashier,
      body: { email },
    });
  const outboxSize = async () =>
    Number(
      (
        await t.built.deps.db.kysely
          .selectFrom('etax_emails')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const emails = async () =>
    (await t.request<{ emails: EtaxEmail[] }>('GET', '/api/etax/emails', { token: manager })).body.emails;
  const attachmentsOf = (mail: FakeSmtp['received'][number]) => ({
    pdf: mail.parsed.attachments.find((a) => a.contentType === 'application/pdf')!,
    xml: mail.parsed.attachments.find((a) => a.contentType === 'application/xml')!,
  });

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    smtp.password = SMTP_PASSWORD;
    admin = await t.adminToken();
    manager = (await t.buildUser({ role: 'manager' })).token;
    cashier = (await t.buildUser({ role: 'cashier' })).token;
    shirt = await buildProduct(t, { price: 1070, stock: 10_000 });
    terms = await registerForVat(t, { taxRate: 7, pricesIncludeVat: true });
  });
  afterAll(() => smtp.close());

  it('is refused while the shop does not send e-Tax documents, nothing queued', async () => {
    const sale = await sell();
    const off = await send(sale.id, 'someone@example.com');
    expect([off.status, off.body.code]).toEqual([409, 'ETAX_DISABLED']);
    expect(off.body.error).toMatch(/e-Tax/);
    expect(await outboxSize()).toBe(0);

    const settings = await t.request('PUT', '/api/settings', {
      token: admin,
      body: {
        settings: {
          system: {
            address: '11 ถนนสาทรใต้ แขวงทุ่งมหาเมฆ เขตสาทร กรุงเทพมหานคร 10120',
            addressBuildingNumber: '11',
            addressSubdistrict: '102803',
            addressDistrict: '1028',
            addressProvince: '10',
            postcode: '10120',
          },
          etax: {
            enabled: true,
            smtpHost: smtp.host,
            smtpPort: smtp.port,
            smtpUser: smtp.user,
            senderAddress: 'shop@myshop.example',
          },
        },
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  });

  it('e-mails a walk-in sale’s receipt to the address with ETDA in copy: the PDF/A-3 and a valid T01 XML', async () => {
    const sale = await sell({ quantity: 2 });
    const res = await send(sale.id, 'walkin@buyer.example');
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.email).toMatchObject({ status: 'pending', to: 'walkin@buyer.example', attempts: 0, sentAt: null });

    const before = smtp.received.length;
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.envelopeTo.sort()).toEqual(['csemail@etda.or.th', 'walkin@buyer.example']);
    expect(mail.parsed.cc && 'value' in mail.parsed.cc ? mail.parsed.cc.value[0]?.address : null).toBe(
      'csemail@etda.or.th',
    );
    expect(mail.parsed.subject?.startsWith(`ใบเสร็จรับเงิน เลขที่ ${sale.document_number} จาก `)).toBe(true);
    expect(mail.parsed.text).toContain('เรียน ลูกค้า');
    const { pdf, xml } = attachmentsOf(mail);
    expect(pdf).toMatchObject({ filename: `${sale.document_number}.pdf` });
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(xml).toMatchObject({ filename: `${sale.document_number}.xml` });
    const text = xml.content.toString('utf8');
    expect(await etdaProblems(text, 'receipt')).toEqual([]);
    expect(text).toContain('<ram:TypeCode>T01</ram:TypeCode>');
    expect(text).toContain(`<ram:ID>${sale.document_number}</ram:ID>`);
    expect(text).toContain('<ram:GrandTotalAmount>2140.00</ram:GrandTotalAmount>');
    expect(text).toContain('<ram:ID schemeID="OTHR">N/A</ram:ID>');

    const listed = (await emails()).find((e) => e.id === res.body.email.id);
    expect(listed).toMatchObject({
      kind: 'receipt',
      documentNumber: sale.document_number,
      taxInvoiceId: null,
      saleId: sale.id,
      status: 'sent',
    });
    const ofSale = await t.request<{ emails: TaxDocumentEmail[] }>('GET', `/api/sales/${sale.id}/e-receipt`, {
      token: cashier,
    });
    expect(ofSale.body.emails).toEqual([expect.objectContaining({ status: 'sent', to: 'walkin@buyer.example' })]);
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('sends it again when asked (another address too): the same receipt, the new address named on it', async () => {
    const sale = await sell();
    expect((await send(sale.id, 'first@buyer.example')).status).toBe(202);
    await t.built.etaxEmails.drainOnce();
    const firstXml = attachmentsOf(smtp.received.at(-1)!).xml.content.toString('utf8');
    // The shop's name changes meanwhile: the receipt already given out does not.
    await t.request('PUT', '/api/settings', { token: admin, body: { settings: { system: { storeName: 'ร้านใหม่' } } } });
    const again = await send(sale.id, 'second@buyer.example');
    expect(again.status).toBe(202);
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const mail = smtp.received.at(-1)!;
    expect(mail.envelopeTo.sort()).toEqual(['csemail@etda.or.th', 'second@buyer.example']);
    const secondXml = attachmentsOf(mail).xml.content.toString('utf8');
    expect(secondXml).not.toContain('ร้านใหม่');
    expect(secondXml.replace('second@buyer.example', 'first@buyer.example')).toBe(firstXml);
    const ofSale = await t.request<{ emails: TaxDocumentEmail[] }>('GET', `/api/sales/${sale.id}/e-receipt`, {
      token: manager,
    });
    expect(ofSale.body.emails.map((e) => e.to)).toEqual(['first@buyer.example', 'second@buyer.example']);
  });

  it('names the sale’s customer, with the tax ID they keep, and states a points discount', async () => {
    const customer = await buildSaleCustomer(t, 100, 'นายสมชาย ใจดี');
    await t.built.deps.db.kysely
      .updateTable('customers')
      .set({
        tax_id: PERSON_TAX_ID,
        address: '99/1 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110',
      })
      .where('id', '=', customer.id)
      .execute();
    const sale = await sell({ quantity: 3, customerId: customer.id, pointsUsed: 50 });
    expect(Number(sale.discount)).toBeGreaterThan(0);
    expect((await send(sale.id, 'somchai@example.com')).status).toBe(202);
    await t.built.etaxEmails.drainOnce();
    const mail = smtp.received.at(-1)!;
    expect(mail.parsed.text).toContain('เรียน นายสมชาย ใจดี');
    const xml = attachmentsOf(mail).xml.content.toString('utf8');
    expect(await etdaProblems(xml, 'receipt')).toEqual([]);
    expect(xml).toContain('<ram:Name>นายสมชาย ใจดี</ram:Name>');
    expect(xml).toContain(`<ram:ID schemeID="NIDN">${PERSON_TAX_ID}</ram:ID>`);
    expect(xml).toContain('<ram:PostcodeCode>10110</ram:PostcodeCode>');
    expect(xml).toContain('<ram:AllowanceTotalAmount>46.73</ram:AllowanceTotalAmount>');
  });

  it('refuses a bad address, an unknown sale, a sale with a full tax invoice or with goods returned: nothing queued', async () => {
    const sale = await sell();
    const size = await outboxSize();
    for (const email of ['', 'not-an-address', 'a@', 42, null]) {
      const bad = await send(sale.id, email);
      expect([bad.status, bad.body.code], JSON.stringify(email)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await send(999_999, 'x@example.com')).status).toBe(404);
    // Sent by whoever may sell; a viewer reads how it went but sends nothing.
    const viewer = (await t.buildUser({ role: 'viewer' })).token;
    const forbidden = await t.request<Refusal>('POST', `/api/sales/${sale.id}/e-receipt`, {
      token: viewer,
      body: { email: 'x@example.com' },
    });
    expect(forbidden.status).toBe(403);
    expect((await t.request('GET', `/api/sales/${sale.id}/e-receipt`, { token: viewer })).status).toBe(200);

    const invoiced = await sell();
    const invoice = await t.request<{ taxInvoice: { number: string } }>(
      'POST',
      `/api/sales/${invoiced.id}/tax-invoice`,
      {
        token: cashier,
        body: {
          buyer: {
            name: 'บริษัท ผู้ซื้อ จำกัด',
            address: '1 ถนนสีลม แขวงสีลม เขตบางรัก กรุงเทพมหานคร 10500',
            taxId: '0105536112014',
            branch: '00000',
          },
        },
      },
    );
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const hasInvoice = await send(invoiced.id, 'x@example.com');
    expect([hasInvoice.status, hasInvoice.body.code]).toEqual([409, 'E_RECEIPT_HAS_TAX_INVOICE']);
    expect(hasInvoice.body.details).toEqual({ number: invoice.body.taxInvoice.number });
    expect(hasInvoice.body.error).toContain(invoice.body.taxInvoice.number);

    const returned = await sell({ quantity: 2 });
    const refund = await t.request('POST', `/api/sales/${returned.id}/refund`, {
      token: admin,
      body: { lines: [{ saleItemId: returned.items[0]!.id, quantity: 1 }], reason: 'defective', refundMethod: 'cash' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const refunded = await send(returned.id, 'x@example.com');
    expect([refunded.status, refunded.body.code]).toEqual([409, 'E_RECEIPT_SALE_REFUNDED']);

    expect(await outboxSize()).toBe(size);
  });

  it('lists a refused receipt as failed with the reason, and sends it again from the managers’ list', async () => {
    const sale = await sell();
    smtp.refuse.add('gone@buyer.example');
    const queued = await send(sale.id, 'gone@buyer.example');
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const failed = (await emails()).find((e) => e.id === queued.body.email.id)!;
    expect(failed).toMatchObject({ kind: 'receipt', status: 'failed', documentNumber: sale.document_number });
    expect(failed.lastError).toMatch(/550|Mailbox does not exist/);
    smtp.refuse.delete('gone@buyer.example');
    const again = await t.request<{ email: EtaxEmail }>('POST', `/api/etax/emails/${failed.id}/resend`, {
      token: manager,
    });
    expect(again.status).toBe(200);
    expect(again.body.email).toMatchObject({ kind: 'receipt', status: 'pending' });
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.at(-1)!.parsed.subject).toContain(sale.document_number);
  });
});
