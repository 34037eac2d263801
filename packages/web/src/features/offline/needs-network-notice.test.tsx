import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { NeedsNetworkNotice } from './needs-network-notice';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the needs-the-network notice', () => {
  it('says in Thai, while offline, that a refund needs the network, and goes when it returns', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <I18nProvider initialLocale="th">
        <NeedsNetworkNotice action="refund" />
      </I18nProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('ตอนนี้ออฟไลน์ การคืนเงินต้องใช้อินเทอร์เน็ต กรุณาลองอีกครั้งเมื่อเชื่อมต่อได้');
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names settings too', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <I18nProvider initialLocale="th">
        <NeedsNetworkNotice action="settings" />
      </I18nProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('การบันทึกการตั้งค่าต้องใช้อินเทอร์เน็ต');
  });
});
