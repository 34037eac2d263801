import type { PrintJob, Product, Sale, Settings, TaxInvoice } from '@pos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredSettings } from '../src/features/settings/settings.service';
import type { Raster } from '@pos/core/printer-bytes';
import { rasterize } from '../src/features/printing/raster';
import { taxDocumentRollBlocks } from '../src/features/print-documents/tax-document-layout';
import { taxInvoiceDocumentOfSale } from '../src/features/tax-invoices/tax-invoices.service';
import { refundNoteBlocks } from '../src/features/print-documents/refund-note-layout';
import { buildProduct } from './helpers/catalogue-factories';
import { decodeEscPos, startFakePrinter, type DecodedJob, type FakePrinter } from './helpers/fake-printer';
import { postSale, registerForVat, vatShopSalePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

// Every document on the till's printer (issue 37): "print" at a till sends a receipt, a full tax invoice, a
// refund's note or a shift's X/Z report to the till's printer; a refund at a till prints its note by itself
// (the drawer opens when cash goes back); a USB printer's jobs wait for the till's browser, which reads their
// bytes and says once how it went.

type Refusal = { code?: string };

/** The printed picture is the rendered one, dot for dot. */
function expectSamePicture(job: DecodedJob, expected: Raster): void {
  expect([job.width, job.height]).toEqual([expected.width, expected.height]);
  let differing = 0;
  for (let p = 0; p < expected.width * expected.height; p++) {
    if ((expected.data[p * 4]! < 128 ? 1 : 0) !== job.bits[p]) differing += 1;
  }
  expect(differing).toBe(0);
}
type JobAnswer = { job: PrintJob } & Refusal;

const BUYER = {
  name: 'บริษัท ผู้ซื้อ จำกัด',
  address: '1 ถนนสีลม แขวงสีลม เขตบางรัก กรุงเทพมหานคร 10500',
  taxId: '0105536112014',
  branch: '00000',
};

describe.each(ENGINES)('printing documents on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: string;
  let cashier: string;
  let tillId: number;
  /** A till with a USB printer, driven by its browser. */
  let usbTill: number;
  /** A till without a printer. */
  let bareTill: number;
  let shiftId: number;
  let shirt: Product;
  let printer: FakePrinter;
  let terms: Awaited<ReturnType<typeof registerForVat>>;

  const sell = async (till: number, extra: Record<string, unknown> = {}): Promise<Sale> => {
    const res = await postSale(
      t,
      cashier,
      vatShopSalePayload([{ product: shirt, quantity: 2 }], { settings: terms, tillId: till, ...extra }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.sale;
  };
  const print = (body: Record<string, unknown>, token = cashier) =>
    t.request<JobAnswer>('POST', '/api/print-jobs', { token, body });
  /** Drains the worker and answers the job the fake printer got last. */
  const printed = async (): Promise<DecodedJob> => {
    const before = printer.jobs.length;
    expect((await t.built.printJobs.drainOnce()).printed).toBe(1);
    return decodeEscPos((await printer.waitForJobs(before + 1))[before]!);
  };
  const newTill = async (name: string) =>
    (await t.request<{ till: { id: number } }>('POST', '/api/tills', { token: admin, body: { name } })).body.till.id;

  beforeAll(async () => {
    admin = await t.adminToken();
    cashier = (await t.buildUser({ role: 'cashier' })).token;
    terms = await registerForVat(t, { taxRate: 7, pricesIncludeVat: true });
    shirt = await buildProduct(t, { price: 535, stock: 1_000, name: 'เสื้อเชิ้ตลินิน' });
    tillId = await newTill('เคาน์เตอร์ 1');
    usbTill = await newTill('เคาน์เตอร์ 2');
    bareTill = await newTill('เคาน์เตอร์ 3');
    for (const till of [tillId, usbTill, bareTill]) {
      const shift = await t.request<{ shift: { id: number } }>('POST', '/api/shifts', {
        token: cashier,
        body: { tillId: till, openingFloat: 2000 },
      });
      expect(shift.status, JSON.stringify(shift.body)).toBe(201);
      if (till === tillId) shiftId = shift.body.shift.id;
    }
    printer = await startFakePrinter();
    const res = await t.request<{ settings: Settings }>('PUT', '/api/settings', {
      token: admin,
      body: {
        settings: {
          printing: {
            printers: [
              { name: 'เคาน์เตอร์', type: 'network', host: '127.0.0.1', port: printer.port, width: 80 },
              { name: 'USB หลังร้าน', type: 'usb', width: 58 },
              { name: 'USB สำรอง', type: 'usb', width: 80 },
            ],
            tills: { [tillId]: 'เคาน์เตอร์', [usbTill]: 'USB หลังร้าน' },
          },
        },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
  afterAll(() => printer.close());

  it('reprints a receipt on request without opening the drawer', async () => {
    const sale = await sell(tillId, { paymentMethod: 'cash' });
    expect((await printed()).drawerPulses).toBe(1);
    const again = await print({ kind: 'receipt', tillId, saleId: sale.id });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.job).toMatchObject({
      kind: 'receipt',
      transport: 'server',
      status: 'pending',
      openDrawer: false,
      documentNumber: sale.document_number,
      saleId: sale.id,
    });
    const job = await printed();
    expect([job.width, job.drawerPulses, job.cut, job.cutLast]).toEqual([576, 0, true, true]);
  });

  it('prints the full tax invoice that replaced a sale’s short one', async () => {
    const sale = await sell(tillId, { paymentMethod: 'transfer', cashReceived: null });
    await printed();
    const none = await print({ kind: 'tax_invoice', tillId, saleId: sale.id });
    expect([none.status, none.body.code]).toEqual([404, 'TAX_INVOICE_NOT_FOUND']);
    const issued = await t.request<{ taxInvoice: TaxInvoice }>('POST', `/api/sales/${sale.id}/tax-invoice`, {
      token: cashier,
      body: { buyer: BUYER },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const res = await print({ kind: 'tax_invoice', tillId, saleId: sale.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.job).toMatchObject({ kind: 'tax_invoice', documentNumber: issued.body.taxInvoice.number });
    const job = await printed();
    expect([job.width, job.cut, job.drawerPulses]).toEqual([576, true, 0]);
    // The invoice as issued, with the PDF's 86/4 words, dot for dot.
    const doc = (await taxInvoiceDocumentOfSale(t.built.deps.db.kysely, sale.id))!;
    const blocks = taxDocumentRollBlocks(doc);
    const words = JSON.stringify(blocks);
    for (const part of ['ใบเสร็จรับเงิน/ใบกำกับภาษี', issued.body.taxInvoice.number, BUYER.name, BUYER.taxId]) {
      expect(words).toContain(part);
    }
    expect(words).toContain(`ออกแทนใบกำกับภาษีอย่างย่อเลขที่ ${sale.document_number}`);
    expectSamePicture(job, await rasterize(blocks, 576));
  });

  it('prints a cash refund’s note by itself with the drawer’s pulse; a transfer refund’s without', async () => {
    const sale = await sell(tillId, { paymentMethod: 'cash' });
    await printed();
    const refund = await t.request<{ sale: Sale }>('POST', `/api/sales/${sale.id}/refund`, {
      token: admin,
      body: { tillId, items: [{ sale_item_id: sale.items[0]!.id, quantity: 1 }] },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const [refunded] = refund.body.sale.refunds;
    const job = await printed();
    expect([job.drawerPulses, job.cut]).toEqual([1, true]);
    // The note is the credit note of the short tax invoice the server renders, dot for dot.
    const settings = await readStoredSettings(t.built.deps.db.kysely);
    const blocks = refundNoteBlocks(refund.body.sale, refunded!, settings, t.built.deps.config.shopTimezone);
    const words = JSON.stringify(blocks);
    expect(words).toContain('ใบลดหนี้');
    expect(words).toContain(refunded!.credit_note_number!);
    expectSamePicture(job, await rasterize(blocks, 576));
    const jobs = (
      await t.request<{ jobs: PrintJob[] }>('GET', `/api/print-jobs?refundId=${refunded!.id}`, { token: cashier })
    ).body.jobs;
    expect(jobs).toEqual([
      expect.objectContaining({
        kind: 'credit_note',
        refundId: refunded!.id,
        openDrawer: true,
        status: 'printed',
        documentNumber: refunded!.credit_note_number,
      }),
    ]);

    const other = await sell(tillId, { paymentMethod: 'cash' });
    await printed();
    const byTransfer = await t.request<{ sale: Sale }>('POST', `/api/sales/${other.id}/refund`, {
      token: admin,
      body: { tillId, refundMethod: 'transfer' },
    });
    expect(byTransfer.status, JSON.stringify(byTransfer.body)).toBe(201);
    expect((await printed()).drawerPulses).toBe(0);
    // Printed again on request: never the drawer.
    const reprint = await print({ kind: 'credit_note', tillId, refundId: refunded!.id });
    expect(reprint.status).toBe(201);
    expect((await printed()).drawerPulses).toBe(0);
    const missing = await print({ kind: 'credit_note', tillId, refundId: 999_999 });
    expect([missing.status, missing.body.code]).toEqual([404, 'REFUND_NOT_FOUND']);
  });

  it('prints the open shift’s X report; a closed shift’s Z only for a manager or who closed it', async () => {
    const x = await print({ kind: 'shift_report', tillId, shiftId });
    expect(x.status, JSON.stringify(x.body)).toBe(201);
    expect(x.body.job).toMatchObject({ kind: 'shift_report', shiftId, documentNumber: null });
    expect((await printed()).height).toBeGreaterThan(1000);

    const closer = (await t.buildUser({ role: 'cashier' })).token;
    const spare = await newTill('เคาน์เตอร์ 4');
    const opened = await t.request<{ shift: { id: number } }>('POST', '/api/shifts', {
      token: closer,
      body: { tillId: spare, openingFloat: 500 },
    });
    const closed = await t.request('POST', `/api/shifts/${opened.body.shift.id}/close`, {
      token: closer,
      body: { countedCash: 500 },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const z = { kind: 'shift_report', tillId, shiftId: opened.body.shift.id };
    expect((await print(z, cashier)).status).toBe(403);
    expect((await print(z, closer)).status).toBe(201);
    expect((await printed()).cut).toBe(true);
    expect((await print({ ...z, shiftId: 999_999 })).body.code).toBe('SHIFT_NOT_FOUND');
  });

  it('refuses a till without a printer, a document that is not there and a kind it does not know', async () => {
    const sale = await sell(bareTill, { paymentMethod: 'transfer', cashReceived: null });
    const bare = await print({ kind: 'receipt', tillId: bareTill, saleId: sale.id });
    expect([bare.status, bare.body.code]).toEqual([409, 'TILL_NO_PRINTER']);
    const noSale = await print({ kind: 'receipt', tillId, saleId: 999_999 });
    expect([noSale.status, noSale.body.code]).toEqual([404, 'SALE_NOT_FOUND']);
    const noTill = await print({ kind: 'receipt', tillId: 999_999, saleId: sale.id });
    expect([noTill.status, noTill.body.code]).toEqual([404, 'TILL_NOT_FOUND']);
    expect((await print({ kind: 'menu', tillId, saleId: sale.id })).status).toBe(400);
    expect((await print({ kind: 'receipt', tillId })).status).toBe(400);
    const viewer = (await t.buildUser({ role: 'viewer' })).token;
    expect((await print({ kind: 'receipt', tillId, saleId: sale.id }, viewer)).status).toBe(403);
    // A USB printer no till prints on has no browser to send its test page.
    const spare = await t.request<Refusal>('POST', '/api/printers/test', { token: admin, body: { name: 'USB สำรอง' } });
    expect([spare.status, spare.body.code]).toEqual([409, 'PRINTER_NO_TILL']);
  });

  it('leaves a USB printer’s job to the till: its bytes once rendered, its outcome said once', async () => {
    const sale = await sell(usbTill, { paymentMethod: 'cash' });
    const pending = await t.request<{ jobs: PrintJob[] }>('GET', `/api/print-jobs?tillId=${usbTill}&status=pending`, {
      token: cashier,
    });
    const [job] = pending.body.jobs;
    expect(job).toMatchObject({ kind: 'receipt', transport: 'till', status: 'pending', saleId: sale.id });
    // The server's worker never sends it: the printer hangs off the till's computer.
    const before = printer.jobs.length;
    await t.built.printJobs.drainOnce();
    expect(printer.jobs.length).toBe(before);

    const bytes = await fetch(`${t.url}/api/print-jobs/${job!.id}/bytes`, {
      headers: { authorization: `Bearer ${cashier}` },
    });
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('application/octet-stream');
    const decoded = decodeEscPos(Buffer.from(await bytes.arrayBuffer()));
    // 58 mm paper: 384 dots; a cash sale: the drawer opens.
    expect([decoded.width, decoded.drawerPulses, decoded.cut, decoded.cutLast]).toEqual([384, 1, true, true]);

    const failed = await t.request<JobAnswer>('POST', `/api/print-jobs/${job!.id}/result`, {
      token: cashier,
      body: { outcome: 'PRINTER_NOT_FOUND' },
    });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect(failed.body.job).toMatchObject({ status: 'failed', failure: 'PRINTER_NOT_FOUND', attempts: 1 });
    const twice = await t.request<Refusal>('POST', `/api/print-jobs/${job!.id}/result`, {
      token: cashier,
      body: { outcome: 'printed' },
    });
    expect([twice.status, twice.body.code]).toEqual([409, 'PRINT_JOB_NOT_PENDING']);
    // "Print again" hands it back to the till, not to the worker.
    const again = await t.request<JobAnswer>('POST', `/api/print-jobs/${job!.id}/reprint`, { token: cashier });
    expect(again.body.job).toMatchObject({ status: 'pending', transport: 'till' });
    await t.built.printJobs.drainOnce();
    expect(printer.jobs.length).toBe(before);
    const done = await t.request<JobAnswer>('POST', `/api/print-jobs/${job!.id}/result`, {
      token: cashier,
      body: { outcome: 'printed' },
    });
    expect(done.body.job).toMatchObject({ status: 'printed', failure: null });

    const bad = await t.request('POST', `/api/print-jobs/${job!.id}/result`, {
      token: cashier,
      body: { outcome: 'maybe' },
    });
    expect(bad.status).toBe(400);
    const network = await print({ kind: 'receipt', tillId, saleId: sale.id });
    const notTills = await t.request<Refusal>('GET', `/api/print-jobs/${network.body.job.id}/bytes`, {
      token: cashier,
    });
    expect([notTills.status, notTills.body.code]).toEqual([409, 'PRINT_JOB_NOT_TILLS']);
    await printed();
    expect((await t.request('GET', '/api/print-jobs/999999/bytes', { token: cashier })).status).toBe(404);

    // Its test page goes to the till it hangs off, for that till's browser to send.
    const test = await t.request<JobAnswer>('POST', '/api/printers/test', {
      token: admin,
      body: { name: 'USB หลังร้าน' },
    });
    expect(test.status, JSON.stringify(test.body)).toBe(201);
    expect(test.body.job).toMatchObject({ kind: 'test', transport: 'till', tillId: usbTill, status: 'pending' });
    const page = await fetch(`${t.url}/api/print-jobs/${test.body.job.id}/bytes`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(decodeEscPos(Buffer.from(await page.arrayBuffer()))).toMatchObject({ width: 384, cut: true });
  });

  it('prints as text on the Thai code page of a printer that has one, with the drawer and the cut', async () => {
    const thai = await startFakePrinter();
    const thaiTill = await newTill('เคาน์เตอร์ 5');
    const opened = await t.request('POST', '/api/shifts', {
      token: cashier,
      body: { tillId: thaiTill, openingFloat: 0 },
    });
    expect(opened.status).toBe(201);
    const settings = await t.request<{ settings: Settings }>('GET', '/api/settings', { token: admin });
    const { printers, tills } = settings.body.settings.printing;
    const res = await t.request('PUT', '/api/settings', {
      token: admin,
      body: {
        settings: {
          printing: {
            printers: [
              ...printers,
              {
                name: 'ภาษาไทย',
                type: 'network',
                host: '127.0.0.1',
                port: thai.port,
                width: 58,
                thaiCodePage: true,
                thaiCodePageNumber: 26,
              },
            ],
            tills: { ...tills, [thaiTill]: 'ภาษาไทย' },
          },
        },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    try {
      const sale = await sell(thaiTill, { paymentMethod: 'cash' });
      await t.built.printJobs.drainOnce();
      const job = decodeEscPos((await thai.waitForJobs(1))[0]!);
      expect([job.height, job.codePages, job.drawerPulses, job.cut, job.cutLast]).toEqual([0, [26], 1, true, true]);
      // The receipt's words, read back from TIS-620, 32 columns across 58 mm paper.
      const text = job.text.join('\n');
      for (const words of ['ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน', sale.document_number, 'เสื้อเชิ้ตลินิน', 'ยอดสุทธิ']) {
        expect(text).toContain(words);
      }
      expect(job.text.find((line) => line.startsWith('ยอดสุทธิ'))).toMatch(/^ยอดสุทธิ +฿1,070\.00$/);
      expect(job.text).toContain('-'.repeat(32));
    } finally {
      await thai.close();
    }
  });

  it('opens the drawer only during the till’s open shift', async () => {
    const closed = await t.request<{ shift: { id: number } | null }>('GET', `/api/shifts/current?tillId=${usbTill}`, {
      token: cashier,
    });
    const close = await t.request('POST', `/api/shifts/${closed.body.shift!.id}/close`, {
      token: admin,
      body: { countedCash: 2000 + 1070 },
    });
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    const refused = await t.request<Refusal>('POST', `/api/tills/${usbTill}/drawer`, { token: cashier, body: {} });
    expect([refused.status, refused.body.code]).toEqual([409, 'SHIFT_REQUIRED']);
    const opened = await t.request<JobAnswer>('POST', `/api/tills/${tillId}/drawer`, { token: cashier, body: {} });
    expect(opened.status).toBe(201);
    expect((await printed()).drawerPulses).toBe(1);
  });
});
