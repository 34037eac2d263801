import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n';
import { Barcode } from './barcode';
import { BarcodeLabel, type BarcodeLabelProduct } from './barcode-label';
import { PRODUCT_DIALOG_BARCODE } from './barcode-render';
import { DEFAULT_BARCODE_SETTINGS } from './label-settings';

afterEach(cleanup);

describe('Barcode', () => {
  const drawn = (value: string, locale: 'th' | 'en') =>
    render(
      <I18nProvider initialLocale={locale}>
        <Barcode value={value} options={{ ...PRODUCT_DIALOG_BARCODE, format: 'EAN13' }} />
      </I18nProvider>,
    );

  it("says in the screen's language, not the drawing library's English, that the format cannot encode a value", () => {
    drawn('SHIRT-001', 'th');
    expect(screen.getByTestId('barcode-error').textContent).toBe(
      'รหัส "SHIRT-001" พิมพ์เป็นบาร์โค้ด EAN13 ไม่ได้ แก้รหัสสินค้าหรือเลือกรูปแบบบาร์โค้ดอื่น',
    );
    expect(screen.queryByTestId('barcode-svg')).toBeNull();
    cleanup();
    drawn('SHIRT-001', 'en');
    expect(screen.getByTestId('barcode-error').textContent).toBe(
      '"SHIRT-001" cannot be printed as a barcode in EAN13: change the product\'s code or choose another format',
    );
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
