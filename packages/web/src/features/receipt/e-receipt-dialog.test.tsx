import type { Customer, Sale, StoreSettings, TaxDocumentEmail } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { saleFixture } from '../../test-fixtures/sale';
import { storeSettingsFixture } from '../../test-fixtures/store-settings';
import { settingsKeys } from '../settings/settings.queries';
import { ReceiptDialog } from './receipt-dialog';

// The e-Receipt by e-mail from the receipt dialog (issue 36): offered while the shop sends e-Tax documents and
// the sale has no full invoice; one field filled with the customer's e-mail, Enter sends, the state shown in Thai.

const ETAX_ON: StoreSettings = {
  ...storeSettingsFixture({ storeName: 'ร้านแต่งตัวดี', vatRegistered: true, taxId: '0105561234560' }),
  etax: { enabled: true },
};
const ETAX_OFF: StoreSettings = { ...ETAX_ON, etax: { enabled: false } };
const SALE = saleFixture({ id: 42, document_number: 'R2569-000042', customer_id: 7, customer_name: 'คุณสมหญิง' });
const CUSTOMER: Customer = {
  id: 7,
  name: 'คุณสมหญิง',
  phone: '0812345678',
  email: 'somying@example.com',
  address: null,
  tax_name: null,
  tax_id: null,
  tax_branch: null,
  loyalty_points: 0,
  total_purchases: 1,
  total_spent: 100,
  last_purchase: null,
  created_at: '2026-11-01T00:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderReceipt(sale: Sale, settings: StoreSettings = ETAX_ON, canIssueTaxInvoice = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(settingsKeys.store, settings);
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale="th">
        <ReceiptDialog sale={sale} onClose={() => undefined} canIssueTaxInvoice={canIssueTaxInvoice} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

/** The server: the customer, the sale's e-mails so far, and what a send answers. */
function serve(answer: (body: { email: string }) => Response) {
  const sent: TaxDocumentEmail[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/customers/7')) return json({ customer: CUSTOMER });
    if (url.endsWith('/api/sales/42/e-receipt') && init?.method === 'POST') {
      const res = answer(JSON.parse(String(init.body)) as { email: string });
      if (res.status === 202) sent.push(((await res.clone().json()) as { email: TaxDocumentEmail }).email);
      return res;
    }
    if (url.endsWith('/api/sales/42/e-receipt')) return json({ emails: sent });
    return json({ error: 'not here', code: 'ROUTE_NOT_FOUND' }, 404);
  });
  return sent;
}
const queued = (to: string): TaxDocumentEmail => ({
  id: 1,
  status: 'pending',
  to,
  attempts: 0,
  lastError: null,
  sentAt: null,
});

describe('the e-Receipt by e-mail', () => {
  it('is offered only while the shop sends e-Tax documents, for a sale left as it was without a full invoice', () => {
    serve(() => json({}, 500));
    renderReceipt(SALE);
    expect(screen.getByRole('button', { name: 'ส่งใบเสร็จทางอีเมล (e-Receipt)' })).toBeTruthy();
    cleanup();
    for (const [sale, settings, may] of [
      [SALE, ETAX_OFF, true],
      [{ ...SALE, tax_invoice_id: 3, tax_invoice_number: 'INV2569-000003' }, ETAX_ON, true],
      [{ ...SALE, status: 'partially_refunded' }, ETAX_ON, true],
      [SALE, ETAX_ON, false],
    ] as const) {
      renderReceipt(sale, settings, may);
      expect(screen.queryByRole('button', { name: 'ส่งใบเสร็จทางอีเมล (e-Receipt)' })).toBeNull();
      cleanup();
    }
  });

  it('fills in the customer’s e-mail, sends on Enter and says where it will go', async () => {
    const requests: { email: string }[] = [];
    serve((body) => {
      requests.push(body);
      return json({ email: queued(body.email) }, 202);
    });
    renderReceipt(SALE);
    fireEvent.click(screen.getByRole('button', { name: 'ส่งใบเสร็จทางอีเมล (e-Receipt)' }));
    const dialog = await screen.findByRole('dialog', { name: 'ส่งใบเสร็จทางอีเมล (e-Receipt)' });
    const field = within(dialog).getByLabelText('อีเมลผู้รับ');
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('somying@example.com'));
    expect(within(dialog).getByText('ใช้อีเมลของลูกค้า คุณสมหญิง')).toBeTruthy();
    fireEvent.submit(field.closest('form')!);
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toContain('จะส่งไปที่ somying@example.com'),
    );
    expect(requests).toEqual([{ email: 'somying@example.com' }]);
    expect(within(dialog).getByRole('button', { name: 'ส่งอีกครั้ง' })).toBeTruthy();
  });

  it('says in Thai what is wrong: a bad address before asking, the server’s refusal after', async () => {
    serve(() =>
      json(
        {
          error: 'รายการขายนี้ออกใบกำกับภาษีเต็มรูปแล้ว',
          code: 'E_RECEIPT_HAS_TAX_INVOICE',
          details: { number: 'INV2569-000009' },
        },
        409,
      ),
    );
    renderReceipt({ ...SALE, customer_id: null });
    fireEvent.click(screen.getByRole('button', { name: 'ส่งใบเสร็จทางอีเมล (e-Receipt)' }));
    const dialog = await screen.findByRole('dialog', { name: 'ส่งใบเสร็จทางอีเมล (e-Receipt)' });
    const field = within(dialog).getByLabelText('อีเมลผู้รับ');
    fireEvent.change(field, { target: { value: 'not-an-address' } });
    fireEvent.submit(field.closest('form')!);
    expect(await within(dialog).findByText('รูปแบบอีเมลไม่ถูกต้อง')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(field, { target: { value: 'buyer@example.com' } });
    fireEvent.submit(field.closest('form')!);
    const alert = await within(dialog).findByText(/INV2569-000009/);
    expect(alert.textContent).toContain('ใบเสร็จรับเงินจึงส่งทางอีเมลไม่ได้');
  });
});
