import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { DialogsProvider, useDialogs, type DialogsApi } from './dialogs-provider';
import { SUCCESS_DIALOG_MS } from './success-dialog';

let dialogs: DialogsApi;
function Capture() {
  dialogs = useDialogs();
  return null;
}

function renderDialogs() {
  render(
    <I18nProvider initialLocale="th">
      <DialogsProvider>
        <Capture />
      </DialogsProvider>
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('shared dialogs', () => {
  it('asks for a delete confirmation with the default title', async () => {
    renderDialogs();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = dialogs.confirmDelete({ message: 'คุณแน่ใจหรือไม่ที่จะลบผู้ใช้ สมชาย?' });
    });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByText('ยืนยันการลบ')).toBeTruthy();
    expect(screen.getByText('คุณแน่ใจหรือไม่ที่จะลบผู้ใช้ สมชาย?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ลบ' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on cancel', async () => {
    renderDialogs();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = dialogs.confirmDelete();
    });
    fireEvent.click(screen.getByRole('button', { name: 'ยกเลิก' }));
    await expect(answer).resolves.toBe(false);
  });

  it('closes the success dialog by itself after 2 s', () => {
    vi.useFakeTimers();
    renderDialogs();
    act(() => dialogs.showSuccess({ message: 'บันทึกแล้ว' }));
    expect(screen.getByText('บันทึกแล้ว')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ตกลง' })).toBeNull();
    act(() => vi.advanceTimersByTime(SUCCESS_DIALOG_MS));
    expect(screen.queryByText('บันทึกแล้ว')).toBeNull();
  });

  it('shows an error with an OK button', () => {
    renderDialogs();
    act(() => dialogs.showError({ message: 'บันทึกไม่ได้' }));
    expect(screen.getByText('เกิดข้อผิดพลาด')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ตกลง' }));
    expect(screen.queryByText('บันทึกไม่ได้')).toBeNull();
  });
});
