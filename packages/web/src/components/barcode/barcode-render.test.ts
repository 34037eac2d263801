import { describe, expect, it } from 'vitest';
import { DEFAULT_BARCODE_SETTINGS } from './label-settings';
import {
  barcodeErrorMessage,
  checkBarcode,
  invalidInputMessage,
  labelBarcodeOptions,
  PRINT_BAR_HEIGHT,
  PRINT_BAR_WIDTH,
} from './barcode-render';

describe('barcode checks', () => {
  it('accepts what the format can encode', () => {
    expect(checkBarcode('SHIRT-001', 'CODE128')).toBeNull();
    expect(checkBarcode('885099932001', 'EAN13')).toBeNull();
    expect(checkBarcode('ABC-12 $/+%.', 'CODE93')).toBeNull();
    expect(checkBarcode('abc', 'CODE93FullASCII')).toBeNull();
  });

  it('gives the spec message for a value the format cannot encode', () => {
    expect(checkBarcode('SHIRT-001', 'EAN13')).toBe('"SHIRT-001" is not a valid input for EAN13');
    expect(checkBarcode('abc', 'CODE93')).toBe('"abc" is not a valid input for CODE93');
    expect(checkBarcode('เสื้อ', 'CODE128')).toBe(invalidInputMessage('เสื้อ', 'CODE128'));
    expect(checkBarcode('', 'CODE128')).toBe('"" is not a valid input for CODE128');
  });

  it('passes other library errors through', () => {
    expect(barcodeErrorMessage('No element to render on.', 'x', 'CODE128')).toBe('No element to render on.');
    expect(barcodeErrorMessage(new Error('Not supported type to render on'), 'x', 'CODE128')).toBe(
      'Not supported type to render on',
    );
    expect(barcodeErrorMessage('"x" is not a valid input for e', 'x', 'EAN8')).toBe(
      '"x" is not a valid input for EAN8',
    );
  });

  it('prints labels with bar width 1.2 and height 35, the rest from the settings', () => {
    const settings = { ...DEFAULT_BARCODE_SETTINGS, lineColor: '#1D4ED8', showSku: false, format: 'CODE39' as const };
    expect(labelBarcodeOptions(settings, 'print')).toMatchObject({
      format: 'CODE39',
      width: PRINT_BAR_WIDTH,
      height: PRINT_BAR_HEIGHT,
      lineColor: '#1D4ED8',
      displayValue: false,
    });
    expect(labelBarcodeOptions(settings, 'design')).toMatchObject({ width: 2, height: 40 });
  });
});
