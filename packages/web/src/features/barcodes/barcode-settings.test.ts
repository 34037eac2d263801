import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BARCODE_SETTINGS } from '../../components/barcode/label-settings';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import {
  BARCODE_SETTING_LIMITS,
  mergeBarcodeSettings,
  parseBarcodeSettings,
  readBarcodeSettings,
  saveBarcodeSettings,
} from './barcode-settings';

afterEach(() => localStorage.clear());

describe('barcode label settings', () => {
  it('keeps the defaults (label-settings.ts, spec 001) as they are when read back: each is within the bounds', () => {
    expect(parseBarcodeSettings(JSON.stringify(DEFAULT_BARCODE_SETTINGS))).toEqual(DEFAULT_BARCODE_SETTINGS);
  });

  it('gives the defaults for nothing stored, bad JSON, or a value that is not an object', () => {
    for (const raw of [null, undefined, '', '{not json', '[]', '42', 'null', [1, 2]]) {
      expect(parseBarcodeSettings(raw), String(raw)).toEqual(DEFAULT_BARCODE_SETTINGS);
    }
  });

  it('keeps the stored values and fills the missing ones', () => {
    const parsed = parseBarcodeSettings(JSON.stringify({ format: 'EAN13', lineColor: '#1D4ED8', showName: false }));
    expect(parsed).toEqual({ ...DEFAULT_BARCODE_SETTINGS, format: 'EAN13', lineColor: '#1D4ED8', showName: false });
  });

  it('replaces each invalid value with its own default, keeping the valid ones', () => {
    const parsed = parseBarcodeSettings({
      format: 'QR-CODE',
      lineColor: 'url(javascript:alert(1))',
      background: 42,
      textPosition: 'left',
      showPrice: 'maybe',
      nameBold: false,
      height: 'tall',
      extra: 'dropped',
    });
    expect(parsed).toEqual({ ...DEFAULT_BARCODE_SETTINGS, nameBold: false });
    expect(parsed).not.toHaveProperty('extra');
  });

  it('matches format names case-insensitively and reads numbers and flags written as text', () => {
    expect(parseBarcodeSettings({ format: 'ean13' }).format).toBe('EAN13');
    expect(parseBarcodeSettings({ format: ' code93fullascii ' }).format).toBe('CODE93FullASCII');
    expect(parseBarcodeSettings({ width: '3.5', showSku: 'false', priceBold: '0' })).toMatchObject({
      width: 3.5,
      showSku: false,
      priceBold: false,
    });
  });

  it('clamps numbers to the slider ranges', () => {
    const parsed = parseBarcodeSettings({ width: 9, height: 1, margin: -5, labelWidth: 1000, labelHeight: 10 });
    expect(parsed).toMatchObject({
      width: BARCODE_SETTING_LIMITS.width.max,
      height: BARCODE_SETTING_LIMITS.height.min,
      margin: 0,
      labelWidth: BARCODE_SETTING_LIMITS.labelWidth.max,
      labelHeight: BARCODE_SETTING_LIMITS.labelHeight.min,
    });
  });

  it('merges a change from the settings screen with the same checks', () => {
    const merged = mergeBarcodeSettings(DEFAULT_BARCODE_SETTINGS, { lineColor: '#DC2626', width: 99 });
    expect(merged).toEqual({ ...DEFAULT_BARCODE_SETTINGS, lineColor: '#DC2626', width: 4 });
  });

  it('reads and saves pos_barcode_settings in local storage', () => {
    expect(readBarcodeSettings()).toEqual(DEFAULT_BARCODE_SETTINGS);
    localStorage.setItem(STORAGE_KEYS.barcodeSettings, JSON.stringify({ format: 'CODE39' }));
    expect(readBarcodeSettings().format).toBe('CODE39');

    let told = 0;
    const listener = () => told++;
    window.addEventListener('pos-barcode-settings-change', listener);
    saveBarcodeSettings({ ...DEFAULT_BARCODE_SETTINGS, showName: false });
    window.removeEventListener('pos-barcode-settings-change', listener);
    expect(told).toBe(1);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.barcodeSettings) ?? '{}')).toEqual({
      ...DEFAULT_BARCODE_SETTINGS,
      showName: false,
    });
  });
});
