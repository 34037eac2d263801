import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import type { PaymentAvailability } from '../payments/payment-availability';
import { PaymentDialog } from './payment-dialog';

const AVAILABILITY: PaymentAvailability = {
  options: [
    { method: 'cash', ready: true },
    { method: 'card', ready: true },
  ],
  warnings: [],
  defaultMethod: 'card',
  promptpayId: '',
  splitMethods: [],
};

afterEach(cleanup);

function renderDialog(offline: boolean) {
  const onConfirm = vi.fn();
  render(
    <I18nProvider initialLocale="th">
      <PaymentDialog
        open
        total={10_000}
        availability={AVAILABILITY}
        settingsError={null}
        settingsLoading={false}
        onRetrySettings={() => {}}
        canOpenSettings={false}
        pending={false}
        error={null}
        notice={null}
        onConfirm={onConfirm}
        onClose={() => {}}
        offline={offline}
      />
    </I18nProvider>,
  );
  return onConfirm;
}

describe('the payment dialog offline (issue 38)', () => {
  it('offers the card disabled with the reason, and choosing it starts nothing', () => {
    const onConfirm = renderDialog(true);
    const card = screen.getByTestId('payment-option-card');
    expect(card.getAttribute('aria-disabled')).toBe('true');
    expect(card.textContent).toContain('ต้องใช้อินเทอร์เน็ต (ตอนนี้ออฟไลน์)');
    fireEvent.click(card);
    expect(onConfirm).not.toHaveBeenCalled();
    // The default moves off the card: cash keeps working.
    expect(screen.getByTestId('payment-option-cash').getAttribute('aria-disabled')).toBeNull();
  });

  it('online, the card is offered as usual', () => {
    const onConfirm = renderDialog(false);
    const card = screen.getByTestId('payment-option-card');
    expect(card.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(card);
    expect(onConfirm).toHaveBeenCalledWith({ method: 'card' });
  });
});
