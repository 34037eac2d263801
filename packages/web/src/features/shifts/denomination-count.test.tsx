import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import {
  countsForApi,
  countsTotal,
  DenominationCount,
  EMPTY_COUNTS,
  parseCount,
  type DenominationCounts,
} from './denomination-count';

afterEach(cleanup);

function Harness({ onChange }: { onChange: (counts: DenominationCounts) => void }) {
  const [counts, setCounts] = useState<DenominationCounts>(EMPTY_COUNTS);
  return (
    <I18nProvider initialLocale="th">
      <form onSubmit={(e) => e.preventDefault()}>
        <DenominationCount
          idPrefix="test"
          counts={counts}
          onChange={(next) => {
            setCounts(next);
            onChange(next);
          }}
          totalLabel="รวมทดสอบ"
          autoFocus
        />
      </form>
    </I18nProvider>
  );
}

describe('denomination count', () => {
  it('adds a count up in satang and sends only what was counted, in baht', () => {
    const counts = EMPTY_COUNTS.map((_, i) => (i === 0 ? 2 : i === 3 ? 3 : i === 10 ? 4 : 0));
    // 2 × 1000 + 3 × 50 + 4 × 0.25 baht
    expect(countsTotal(counts)).toBe(215_100);
    expect(countsForApi(counts)).toEqual([
      { denomination: 1000, count: 2 },
      { denomination: 50, count: 3 },
      { denomination: 0.25, count: 4 },
    ]);
    expect(countsForApi(EMPTY_COUNTS)).toEqual([]);
  });

  it('reads whole counts only; empty is none', () => {
    expect(parseCount('')).toBe(0);
    expect(parseCount(' 12 ')).toBe(12);
    expect(parseCount('1.5')).toBeNull();
    expect(parseCount('-1')).toBeNull();
    expect(parseCount('abc')).toBeNull();
  });

  it('lists the eleven Thai notes and coins largest first, the first focused', () => {
    render(<Harness onChange={vi.fn()} />);
    const fields = screen.getAllByRole('textbox');
    expect(fields).toHaveLength(11);
    expect(fields[0]?.getAttribute('aria-label')).toBe('จำนวนธนบัตร 1,000 บาท');
    expect(fields[5]?.getAttribute('aria-label')).toBe('จำนวนเหรียญ 10 บาท');
    expect(fields[10]?.getAttribute('aria-label')).toBe('จำนวนเหรียญ 25 สตางค์');
    expect(document.activeElement).toBe(fields[0]);
  });

  it('updates the total as typed and moves down the list on Enter', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const thousand = screen.getByLabelText('จำนวนธนบัตร 1,000 บาท');
    fireEvent.change(thousand, { target: { value: '2' } });
    expect(screen.getByTestId('test-total').textContent).toContain('2,000.00');

    fireEvent.keyDown(thousand, { key: 'Enter' });
    const fiveHundred = screen.getByLabelText('จำนวนธนบัตร 500 บาท');
    expect(document.activeElement).toBe(fiveHundred);
    fireEvent.change(fiveHundred, { target: { value: '1' } });
    expect(screen.getByTestId('test-total').textContent).toContain('2,500.00');
    expect(onChange).toHaveBeenLastCalledWith([2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('marks text that is no count and counts it as none', () => {
    render(<Harness onChange={vi.fn()} />);
    const hundred = screen.getByLabelText('จำนวนธนบัตร 100 บาท');
    fireEvent.change(hundred, { target: { value: '3x' } });
    expect(hundred.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('test-total').textContent).toContain('0.00');
  });

  it('leaves Enter on the last field to the form (it sends it)', () => {
    render(<Harness onChange={vi.fn()} />);
    const last = screen.getByLabelText('จำนวนเหรียญ 25 สตางค์');
    last.focus();
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    last.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(last);
  });
});
