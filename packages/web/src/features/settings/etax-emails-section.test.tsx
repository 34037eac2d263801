import type { EtaxEmail } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { EtaxEmailsSection } from './etax-emails-section';

const FAILED: EtaxEmail = {
  id: 7,
  kind: 'tax_invoice',
  documentNumber: 'INV2569-000012',
  taxInvoiceId: 12,
  saleId: 40,
  to: 'accounts@buyer.example',
  status: 'failed',
  attempts: 1,
  lastError: '550 5.1.1 Mailbox does not exist',
  createdAt: '2026-11-28T09:00:00.000Z',
  finishedAt: '2026-11-28T09:00:02.000Z',
};
const CREDIT_NOTE: EtaxEmail = {
  ...FAILED,
  id: 8,
  kind: 'credit_note',
  documentNumber: 'CN2569-000003',
  attempts: 16,
  lastError: 'ETIMEDOUT: connection timed out',
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

/** The server as the list sees it: the e-mails by status, and what a resend answers. */
function serve(byStatus: Record<string, EtaxEmail[]>, resend?: (id: number) => Response) {
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(String(input), 'http://pos.test');
    const resendMatch = /^\/api\/etax\/emails\/(\d+)\/resend$/.exec(url.pathname);
    if (init?.method === 'POST' && resendMatch && resend) return Promise.resolve(resend(Number(resendMatch[1])));
    if (url.pathname === '/api/etax/emails') {
      return Promise.resolve(jsonResponse(200, { emails: byStatus[url.searchParams.get('status') ?? ''] ?? [] }));
    }
    return Promise.resolve(jsonResponse(404, { error: 'not found', code: 'NOT_FOUND' }));
  });
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider initialLocale="th">
        <EtaxEmailsSection />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const calls = () => fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

describe('the e-Tax e-mails list', () => {
  it('shows the failed ones first: document, recipient, tries, when and the reason', async () => {
    serve({ failed: [FAILED, CREDIT_NOTE] });
    renderSection();
    expect(screen.getByRole('heading', { name: 'อีเมล e-Tax ที่ส่งไม่สำเร็จ' })).toBeTruthy();
    const row = await screen.findByTestId('etax-email-7');
    expect(row.textContent).toContain('INV2569-000012');
    expect(row.textContent).toContain('ใบกำกับภาษี');
    expect(row.textContent).toContain('ถึง accounts@buyer.example');
    expect(row.textContent).toContain('ลองส่ง 1 ครั้ง');
    expect(row.textContent).toContain('ส่งไม่สำเร็จเมื่อ');
    expect(row.textContent).toContain('สาเหตุ: 550 5.1.1 Mailbox does not exist');
    const note = screen.getByTestId('etax-email-8');
    expect(note.textContent).toContain('ใบลดหนี้');
    expect(note.textContent).toContain('ลองส่ง 16 ครั้ง');
    expect(calls()).toEqual(['GET /api/etax/emails?status=failed']);
  });

  it('sends one again and the row leaves the failed list', async () => {
    const failed = [FAILED, CREDIT_NOTE];
    serve({ failed }, (id) => {
      const index = failed.findIndex((e) => e.id === id);
      const [email] = failed.splice(index, 1);
      return jsonResponse(200, { email: { ...email, status: 'pending', finishedAt: null } });
    });
    renderSection();
    const row = await screen.findByTestId('etax-email-7');
    fireEvent.click(within(row).getByRole('button', { name: 'ส่งอีกครั้ง INV2569-000012 ถึง accounts@buyer.example' }));
    await waitFor(() => expect(screen.queryByTestId('etax-email-7')).toBeNull());
    expect(screen.getByTestId('etax-email-8')).toBeTruthy();
    expect(calls()).toContain('POST /api/etax/emails/7/resend');
  });

  it('shows a refused resend under its row, in Thai', async () => {
    serve({ failed: [FAILED] }, () => jsonResponse(409, { error: 'x', code: 'ETAX_EMAIL_NOT_FAILED' }));
    renderSection();
    const row = await screen.findByTestId('etax-email-7');
    fireEvent.click(within(row).getByRole('button', { name: /^ส่งอีกครั้ง/ }));
    expect((await within(row).findByRole('alert')).textContent).toBe(
      'ส่งใหม่ได้เฉพาะอีเมลที่ส่งไม่สำเร็จ อีเมลนี้ส่งแล้วหรือกำลังรอส่งอยู่',
    );
  });

  it('says when nothing failed, and shows the other statuses on request without a resend button', async () => {
    serve({ failed: [], sent: [{ ...FAILED, status: 'sent', lastError: null }] });
    renderSection();
    expect(await screen.findByText('ไม่มีอีเมลที่ส่งไม่สำเร็จ')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('แสดง'), { target: { value: 'sent' } });
    expect(screen.getByRole('heading', { name: 'อีเมล e-Tax ที่ส่งแล้ว' })).toBeTruthy();
    const row = await screen.findByTestId('etax-email-7');
    expect(row.textContent).toContain('ส่งแล้วเมื่อ');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(calls()).toContain('GET /api/etax/emails?status=sent');
  });

  it('offers to try again when the list cannot be read', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { error: 'x', code: 'INTERNAL_ERROR' }));
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('ไม่สามารถโหลดรายการอีเมล e-Tax ได้');
    serve({ failed: [FAILED] });
    fireEvent.click(within(alert).getByRole('button', { name: 'ลองใหม่' }));
    expect(await screen.findByTestId('etax-email-7')).toBeTruthy();
  });
});
