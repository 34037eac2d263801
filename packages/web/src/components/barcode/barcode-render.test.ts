import { describe, expect, it } from 'vitest';
import { DEFAULT_BARCODE_SETTINGS } from './label-settings';
import { canEncode, labelBarcodeOptions, PRINT_BAR_HEIGHT, PRINT_BAR_WIDTH } from './barcode-render';

describe('barcode checks', () => {
  it('accepts what the format can encode', () => {
    expect(canEncode('SHIRT-001', 'CODE128')).toBe(true);
    expect(canEncode('885099932001', 'EAN13')).toBe(true);
    expect(canEncode('ABC-12 $/+%.', 'CODE93')).toBe(true);
    expect(canEncode('abc', 'CODE93FullASCII')).toBe(true);
  });

  it('refuses what it cannot', () => {
    expect(canEncode('SHIRT-001', 'EAN13')).toBe(false);
    expect(canEncode('abc', 'CODE93')).toBe(false);
    expect(canEncode('เสื้อ', 'CODE128')).toBe(false);
    expect(canEncode('', 'CODE128')).toBe(false);
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
