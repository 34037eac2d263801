import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n';
import { Barcode } from './barcode';
import { BarcodeLabel, type BarcodeLabelProduct } from './barcode-label';
import { PRODUCT_DIALOG_BARCODE } from './barcode-render';
import { DEFAULT_BARCODE_SETTINGS } from './label-settings';

afterEach(cleanup);

describe('Barcode', () => {
  it('shows the spec message instead of bars for a value the format cannot encode', () => {
    render(<Barcode value="SHIRT-001" options={{ ...PRODUCT_DIALOG_BARCODE, format: 'EAN13' }} />);
    expect(screen.getByTestId('barcode-error').textContent).toBe('"SHIRT-001" is not a valid input for EAN13');
    expect(screen.queryByTestId('barcode-svg')).toBeNull();
  });
});

describe('BarcodeLabel price', () => {
  const label = (product: BarcodeLabelProduct) =>
    render(
      <I18nProvider initialLocale="th">
        <BarcodeLabel product={product} settings={DEFAULT_BARCODE_SETTINGS} />
      </I18nProvider>,
    );

  it('prints satang when the price has them, so the shelf matches the till', () => {
    label({ name: 'ถุงเท้า', barcode: 'SOCK-1', price: 99.5, originalPrice: 120 });
    expect(screen.getByText('฿99.50')).toBeTruthy();
    expect(screen.getByText('ปกติ ฿120').tagName).toBe('S');
  });

  it('prints whole baht without decimals, and no usual price that is not above the price', () => {
    label({ name: 'หมวก', barcode: 'CAP-1', price: 100, originalPrice: 100 });
    expect(screen.getByText('฿100')).toBeTruthy();
    expect(screen.queryByText(/ปกติ/)).toBeNull();
  });
});
