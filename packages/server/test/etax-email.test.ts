import type { EtaxEmail, PricingSettings, Product, Sale, TaxInvoice } from '@pos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ETAX_OUTBOX } from '../src/features/tax-invoices/etax-worker';
import { buildProduct } from './helpers/catalogue-factories';
import { startFakeSmtp, type FakeSmtp } from './helpers/fake-smtp';
import { postSale, registerForVat, vatShopSalePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

// e-Tax Invoice by Email (issue 36): a full tax invoice (and a credit note for its refund) issued with the
// buyer's e-mail goes out through the shop's SMTP server to the buyer with ETDA's time-stamp address in copy,
// the PDF/A-3 and the XML attached; through an outbox written with the document, retried with backoff, sent
// once across processes, a failure on the managers' list with its reason and "send again".

const SMTP_PASSWORD = 'smtp-secret-from-the-environment';
const COMPANY_TAX_ID = '0105536112014';
const buyer = {
  name: 'บริษัท ผู้ซื้อ จำกัด',
  address: '1 ถนนสีลม แขวงสีลม เขตบางรัก กรุงเทพมหานคร 10500',
  taxId: COMPANY_TAX_ID,
  branch: '00000',
  email: 'accounts@buyer.example',
};

type Refusal = { code?: string; error?: string };

describe.each(ENGINES)('e-Tax invoices by e-mail on %s', (engine) => {
  const t = useTestApp(engine, { ETAX_SMTP_PASSWORD: SMTP_PASSWORD });
  let smtp: FakeSmtp;
  let admin: string;
  let manager: string;
  let cashier: string;
  let shirt: Product;
  let terms: PricingSettings;

  const sell = async (quantity = 1): Promise<Sale> => {
    const res = await postSale(t, cashier, vatShopSalePayload([{ product: shirt, quantity }], { settings: terms }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.sale;
  };
  const issue = async (saleId: number, email: string | undefined = buyer.email): Promise<TaxInvoice> => {
    const res = await t.request<{ taxInvoice: TaxInvoice } & Refusal>('POST', `/api/sales/${saleId}/tax-invoice`, {
      token: cashier,
      body: { buyer: { ...buyer, email } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.taxInvoice;
  };
  const emails = async (status?: string) =>
    (
      await t.request<{ emails: EtaxEmail[] }>('GET', `/api/etax/emails${status ? `?status=${status}` : ''}`, {
        token: manager,
      })
    ).body.emails;
  const setEtax = async (etax: Record<string, unknown>) => {
    const res = await t.request('PUT', '/api/settings', { token: admin, body: { settings: { etax } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

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

  it('keeps the e-Tax settings as a group: off by default, checked, the password only in the environment', async () => {
    const read = await t.request<{ settings: { etax: Record<string, unknown> } }>('GET', '/api/settings', {
      token: admin,
    });
    expect(read.body.settings.etax).toEqual({
      enabled: false,
      smtpHost: '',
      smtpPort: 587,
      smtpSecure: false,
      smtpUser: '',
      senderAddress: '',
      timestampAddress: 'csemail@etda.or.th',
      smtpPasswordConfigured: true,
    });
    for (const etax of [{ smtpPort: 0 }, { smtpPort: 70_000 }, { senderAddress: 'shop' }, { timestampAddress: 'x@' }]) {
      const res = await t.request('PUT', '/api/settings', { token: admin, body: { settings: { etax } } });
      expect(res.status, JSON.stringify(etax)).toBe(400);
    }
    // A password is never taken through the settings.
    const smuggled = await t.request('PUT', '/api/settings', {
      token: admin,
      body: { settings: { etax: { smtpPassword: 'x' } } },
    });
    expect(smuggled.status).toBe(200);
    expect(JSON.stringify((await t.request('GET', '/api/settings', { token: admin })).body)).not.toContain(
      SMTP_PASSWORD,
    );
    // Issued while e-Tax is off: no e-mail is queued.
    const quiet = await issue((await sell()).id);
    expect(quiet.email).toBeNull();
    // Switched on only with the shop's structured address (ETDA's rules ask it of a seller) and a server.
    const incomplete = await t.request<Refusal>('PUT', '/api/settings', {
      token: admin,
      body: { settings: { etax: { enabled: true, smtpHost: smtp.host, senderAddress: 'shop@myshop.example' } } },
    });
    expect([incomplete.status, incomplete.body.code]).toEqual([400, 'ETAX_SETTINGS_INCOMPLETE']);
    const wrongPlace = await t.request<Refusal>('PUT', '/api/settings', {
      token: admin,
      body: { settings: { system: { addressSubdistrict: '102803', addressDistrict: '1001', addressProvince: '10' } } },
    });
    expect([wrongPlace.status, wrongPlace.body.code]).toEqual([400, 'ETAX_PLACE_INVALID']);
    const address = await t.request('PUT', '/api/settings', {
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
        },
      },
    });
    expect(address.status, JSON.stringify(address.body)).toBe(200);
    await setEtax({
      enabled: true,
      smtpHost: smtp.host,
      smtpPort: smtp.port,
      smtpUser: smtp.user,
      senderAddress: 'shop@myshop.example',
    });
  });

  it('sends the invoice to the buyer with ETDA in copy: the PDF/A-3 and the XML attached, once', async () => {
    const invoice = await issue((await sell(2)).id);
    expect(invoice.email).toMatchObject({ status: 'pending', to: buyer.email, attempts: 0 });
    const before = smtp.received.length;
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.envelopeTo.sort()).toEqual(['accounts@buyer.example', 'csemail@etda.or.th']);
    expect(mail.parsed.from?.value[0]?.address).toBe('shop@myshop.example');
    expect(mail.parsed.subject).toContain(invoice.number);
    expect(mail.parsed.text).toContain(buyer.name);
    const [pdf, xml] = mail.parsed.attachments;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: `${invoice.number}.pdf` });
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(xml).toMatchObject({ contentType: 'application/xml', filename: `${invoice.number}.xml` });
    const served = await fetch(`${t.url}/api/tax-invoices/${invoice.id}/xml`, {
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(served.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(xml!.content.toString('utf8')).toBe(await served.text());
    expect(xml!.content.toString('utf8')).toContain(invoice.number);

    const read = await t.request<{ taxInvoice: TaxInvoice }>('GET', `/api/tax-invoices/${invoice.id}`, {
      token: manager,
    });
    expect(read.body.taxInvoice.email).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(before + 1);
  });

  it('retries a busy server with backoff, and lists a refused recipient as failed with the reason, to send again', async () => {
    smtp.busy = true;
    const invoice = await issue((await sell()).id);
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [waiting] = await emails('pending');
    expect(waiting).toMatchObject({ documentNumber: invoice.number, attempts: 1 });
    expect(waiting!.lastError).toMatch(/451|Try again/);
    // Not due yet: nothing is tried before the backoff has passed.
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    smtp.busy = false;
    t.advanceClock(ETAX_OUTBOX.firstRetryMs + 1_000);
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });

    smtp.refuse.add('nobody@buyer.example');
    const refused = await issue((await sell()).id, 'nobody@buyer.example');
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [failed] = await emails('failed');
    expect(failed).toMatchObject({ documentNumber: refused.number, to: 'nobody@buyer.example', status: 'failed' });
    expect(failed!.lastError).toMatch(/550|Mailbox does not exist/);
    expect((await t.request('GET', '/api/etax/emails', { token: cashier })).status).toBe(403);

    const sentOne = (await emails('sent'))[0]!;
    const notFailed = await t.request<Refusal>('POST', `/api/etax/emails/${sentOne.id}/resend`, { token: manager });
    expect([notFailed.status, notFailed.body.code]).toEqual([409, 'ETAX_EMAIL_NOT_FAILED']);
    expect((await t.request<Refusal>('POST', '/api/etax/emails/999999/resend', { token: manager })).status).toBe(404);

    smtp.refuse.delete('nobody@buyer.example');
    const again = await t.request<{ email: EtaxEmail }>('POST', `/api/etax/emails/${failed!.id}/resend`, {
      token: manager,
    });
    expect(again.status).toBe(200);
    expect(again.body.email).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect((await emails('failed')).find((e) => e.id === failed!.id)).toBeUndefined();
  });

  it('sends each e-mail once when two processes drain the outbox at once', async () => {
    const invoices = await Promise.all(Array.from({ length: 6 }, async () => issue((await sell()).id)));
    const before = smtp.received.length;
    const other = await buildApp(t.config, { logger: false, now: t.now, sleep: t.sleep });
    try {
      const [a, b] = await Promise.all([t.built.etaxEmails.drainOnce(), other.etaxEmails.drainOnce()]);
      expect(a.sent + b.sent).toBe(6);
    } finally {
      await other.app.close();
    }
    const numbers = smtp.received.slice(before).map((m) => m.parsed.subject);
    expect(numbers).toHaveLength(6);
    for (const invoice of invoices) expect(numbers.filter((s) => s?.includes(invoice.number))).toHaveLength(1);
  });

  it('sends the credit note of a refund of an e-mailed invoice, its XML a credit note referring to the invoice', async () => {
    const sale = await sell(3);
    const invoice = await issue(sale.id);
    await t.built.etaxEmails.drainOnce();
    const refund = await t.request<{ sale: Sale }>('POST', `/api/sales/${sale.id}/refund`, {
      token: admin,
      body: { lines: [{ saleItemId: sale.items[0]!.id, quantity: 1 }], reason: 'defective', refundMethod: 'cash' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const note = refund.body.sale.refunds[0]!;
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const mail = smtp.received.at(-1)!;
    expect(mail.parsed.subject).toContain(note.credit_note_number!);
    const xml = mail.parsed.attachments.find((a) => a.contentType === 'application/xml')!.content.toString('utf8');
    expect(xml).toContain('DebitCreditNote_CrossIndustryInvoice');
    expect(xml).toContain(invoice.number);
    const listed = (await emails('sent')).find((e) => e.kind === 'credit_note');
    expect(listed).toMatchObject({ documentNumber: note.credit_note_number, taxInvoiceId: invoice.id });
    const pdf = await fetch(`${t.url}/api/tax-invoices/${invoice.id}/credit-notes/${note.id}/pdf`, {
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('fails an e-mail with the reason when the shop switched e-Tax off before it was sent', async () => {
    await issue((await sell()).id);
    await setEtax({ enabled: false });
    expect(await t.built.etaxEmails.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect((await emails('failed'))[0]!.lastError).toMatch(/switched off/);
    await setEtax({ enabled: true });
  });
});
