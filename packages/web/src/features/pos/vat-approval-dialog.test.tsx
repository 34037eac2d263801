import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { VatApprovalDialog } from './vat-approval-dialog';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onApproved = vi.fn();
  const onCancel = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale="th">
        <VatApprovalDialog open onApproved={onApproved} onCancel={onCancel} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { onApproved, onCancel };
}

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('ชื่อผู้ใช้ของผู้อนุมัติ'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('รหัสผ่านของผู้อนุมัติ'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'อนุมัติ' }));
}

describe('VatApprovalDialog', () => {
  it('asks for both fields before calling the server', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'อนุมัติ' }));
    expect(await screen.findByText('กรุณากรอกชื่อผู้ใช้ของผู้อนุมัติ')).toBeTruthy();
    expect(screen.getByText('กรุณากรอกรหัสผ่านของผู้อนุมัติ')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the approver credentials and hands back the approval', async () => {
    const approval = {
      approvalToken: 'tok',
      approvedBy: { id: 1, name: 'เจ้าของร้าน' },
      expiresAt: '2026-11-23T10:10:00Z',
    };
    fetchMock.mockResolvedValueOnce(jsonResponse(201, approval));
    const { onApproved } = renderDialog();
    fill('owner', 'secret-pass');
    await waitFor(() => expect(onApproved).toHaveBeenCalledWith(approval));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/sales/vat-exclusion-approvals');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'owner', password: 'secret-pass' });
  });

  it.each([
    [400, 'VAT_APPROVER_INVALID_CREDENTIALS', 'ชื่อผู้ใช้หรือรหัสผ่านของผู้อนุมัติไม่ถูกต้อง', undefined],
    [403, 'VAT_APPROVER_NOT_PERMITTED', 'ผู้ใช้นี้ไม่มีสิทธิ์อนุมัติ ต้องเป็นผู้ที่มีสิทธิ์คืนเงิน', undefined],
    // The throttle sends the wait in details, as the server does; the web words it.
    [429, 'TOO_MANY_ATTEMPTS', 'เข้าสู่ระบบผิดพลาดหลายครั้งเกินไป กรุณาลองใหม่ในอีก 15 นาที', { minutes: 15 }],
  ])('shows a %i %s refusal in Thai and clears the password', async (status, code, text, details) => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(status, {
        error: 'เข้าสู่ระบบผิดพลาดหลายครั้งเกินไป กรุณาลองใหม่ในอีก 15 นาที',
        code,
        ...(details && { details }),
      }),
    );
    const { onApproved } = renderDialog();
    fill('manager', 'wrong-pass');
    expect(await screen.findByText(text)).toBeTruthy();
    expect((screen.getByLabelText('รหัสผ่านของผู้อนุมัติ') as HTMLInputElement).value).toBe('');
    expect(onApproved).not.toHaveBeenCalled();
  });

  it('cancels without calling the server', () => {
    const { onCancel } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'ยกเลิก' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
