import { zodResolver } from '@hookform/resolvers/zod';
import { ProductOriginalPrice, ProductPrice } from '@pos/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm, useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { I18nProvider } from '../../i18n';
import { th } from '../../i18n/th';
import { MoneyField } from './money-field';
import { moneyFieldValue } from './money-value';

afterEach(cleanup);

const Schema = z.object({ price: moneyFieldValue(ProductPrice), usual: moneyFieldValue(ProductOriginalPrice) });
type Values = z.input<typeof Schema>;

let resetTo: ((values: Values) => void) | undefined;

function Harness({ onSave, start = { price: null, usual: null } }: { onSave: (v: unknown) => void; start?: Values }) {
  const form = useForm<Values, unknown, z.output<typeof Schema>>({
    resolver: zodResolver(Schema),
    defaultValues: start,
  });
  resetTo = form.reset;
  const held = useWatch({ control: form.control });
  return (
    <I18nProvider initialLocale="th">
      <form onSubmit={form.handleSubmit(onSave)} noValidate>
        <MoneyField control={form.control} name="price" id="price" label="ราคา" />
        <MoneyField control={form.control} name="usual" id="usual" label="ราคาปกติ" hint="ไม่บังคับ" />
        <button type="submit">save</button>
      </form>
      <output data-testid="held">{JSON.stringify(held, (_k, v: unknown) => (Number.isNaN(v) ? 'NaN' : v))}</output>
    </I18nProvider>
  );
}

const held = () => JSON.parse(screen.getByTestId('held').textContent ?? '{}') as Record<string, unknown>;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('MoneyField', () => {
  it('shows baht and holds whole satang: "1,234.50" is 123450, empty is null', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    fireEvent.change(input('ราคา'), { target: { value: '1,234.50' } });
    expect(held()).toEqual({ price: 123450, usual: null });
    expect(Number.isInteger(held().price)).toBe(true);
    fireEvent.change(input('ราคาปกติ'), { target: { value: '0.1' } });
    expect(held().usual).toBe(10);

    // Leaving the field writes the amount the way it reads back.
    fireEvent.blur(input('ราคา'));
    expect(input('ราคา').value).toBe('1234.50');

    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    // The core schema checks it in baht, as the API takes it.
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({ price: 1234.5, usual: 0.1 });
  });

  it('refuses text that is no amount with a field error, never a rounded number', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    for (const typed of ['12a', '1.234', '1e3']) {
      fireEvent.change(input('ราคา'), { target: { value: typed } });
      expect(held().price, typed).toBe('NaN');
    }
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(input('ราคา'));
    expect(screen.getByRole('alert').textContent).toBe(th['form.moneyInvalid']);
    expect(input('ราคา').value).toBe('1e3');
    expect(input('ราคา').getAttribute('aria-invalid')).toBe('true');
    expect(input('ราคา').getAttribute('aria-describedby')).toBe('price-error');

    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(input('ราคา'), { target: { value: '99' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows the core schema message for an amount it refuses, and values set from outside', async () => {
    render(<Harness onSave={vi.fn()} start={{ price: 25000, usual: 19950 }} />);
    expect(input('ราคา').value).toBe('250');
    expect(input('ราคาปกติ').value).toBe('199.50');
    expect(input('ราคาปกติ').getAttribute('aria-describedby')).toBe('usual-hint');

    fireEvent.change(input('ราคา'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('กรุณากรอกราคาสินค้า'));

    act(() => resetTo?.({ price: 5, usual: null }));
    expect(input('ราคา').value).toBe('0.05');
    expect(input('ราคาปกติ').value).toBe('');
  });
});
