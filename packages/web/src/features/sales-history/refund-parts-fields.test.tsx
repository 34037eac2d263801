import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Sale } from '@pos/core';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n';
import { RefundPartsFields, useRefundParts } from './refund-parts-fields';

// Cash 120 (20 refunded before) and card 415 (nothing yet).
const PAYMENTS: Sale['payments'] = [
  { method: 'cash', amount: 120, cash_received: 120, change: 0, reference: null, refunded: 20 },
  { method: 'card', amount: 415, cash_received: null, change: null, reference: null, refunded: 0 },
];

let sent: unknown = null;

/** The fields for a refund of `amount` satang, the amount changed by a button, and a confirm that asks for the parts. */
function Fields({ amount: first }: { amount: number }) {
  const [amount, setAmount] = useState(first);
  const choice = useRefundParts({ payments: PAYMENTS }, amount);
  return (
    <>
      <RefundPartsFields choice={choice} />
      <button type="button" onClick={() => setAmount(20_574)}>
        one unit
      </button>
      <button type="button" onClick={() => (sent = choice.requestParts() ?? 'refused')}>
        confirm
      </button>
    </>
  );
}

function renderFields(amount: number) {
  sent = null;
  render(
    <I18nProvider initialLocale="th">
      <Fields amount={amount} />
    </I18nProvider>,
  );
  return {
    cash: screen.getByLabelText('คืนทางเงินสด') as HTMLInputElement,
    card: screen.getByLabelText('คืนทางบัตรเครดิต') as HTMLInputElement,
  };
}

describe('a split refund per part', () => {
  afterEach(cleanup);

  it('starts in proportion to what each part has left and follows the refund amount', () => {
    const { cash, card } = renderFields(51_500);
    expect([cash.value, card.value]).toEqual(['100', '415']);
    expect(screen.getByText('คืนได้อีก ฿100.00')).toBeTruthy();
    fireEvent.click(screen.getByText('one unit'));
    // 205.74 over 100 : 415.
    expect([cash.value, card.value]).toEqual(['39.95', '165.79']);
    fireEvent.click(screen.getByText('confirm'));
    expect(sent).toEqual([
      { method: 'cash', amount: 39.95 },
      { method: 'card', amount: 165.79 },
    ]);
  });

  it('refuses amounts that do not add up or exceed a part, in Thai, and goes back to the proportional split', () => {
    const { cash, card } = renderFields(51_500);
    fireEvent.change(cash, { target: { value: '50' } });
    expect(screen.getByTestId('refund-parts-sum').textContent).toBe(
      'ยอดคืนแต่ละวิธีรวมกันได้ ฿465.00 ยังขาดอีก ฿50.00 จึงจะเท่ากับยอดคืน ฿515.00',
    );
    fireEvent.click(screen.getByText('confirm'));
    expect(sent).toBe('refused');
    expect(document.activeElement).toBe(cash);
    fireEvent.change(cash, { target: { value: '150' } });
    expect(screen.getByText('คืนทางเงินสดได้ไม่เกิน ฿100.00')).toBeTruthy();
    fireEvent.change(card, { target: { value: '1.234' } });
    expect(screen.getByText('กรอกยอดเงินเป็นตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง')).toBeTruthy();
    fireEvent.click(screen.getByText('แบ่งตามสัดส่วน'));
    expect([cash.value, card.value]).toEqual(['100', '415']);
    // A part left at 0 is not sent.
    fireEvent.change(cash, { target: { value: '0' } });
    fireEvent.change(card, { target: { value: '515' } });
    expect(screen.getByText('คืนทางบัตรเครดิตได้ไม่เกิน ฿415.00')).toBeTruthy();
  });
});
