import JsBarcode from 'jsbarcode';
import type { BarcodeFormat, BarcodeLabelSettings } from './label-settings';

/** The label settings that are also JsBarcode options, under the same names. */
type SharedDrawSettings = Pick<
  BarcodeLabelSettings,
  'format' | 'width' | 'height' | 'margin' | 'fontSize' | 'background' | 'lineColor' | 'textPosition'
>;

/** What one barcode drawing needs: the JsBarcode options we use. */
export interface BarcodeDrawOptions extends SharedDrawSettings {
  /** Shows the encoded text with the bars. */
  displayValue: boolean;
}

/** The product dialog's barcode of the SKU (spec 001 §9): CODE128, bar width 2, height 80, font 16. */
export const PRODUCT_DIALOG_BARCODE: Readonly<BarcodeDrawOptions> = Object.freeze({
  format: 'CODE128',
  width: 2,
  height: 80,
  margin: 10,
  fontSize: 16,
  background: '#ffffff',
  lineColor: '#000000',
  textPosition: 'bottom',
  displayValue: true,
});

/** Printed labels (spec 001 §9): bar width 1.2, height 35; the rest from the label settings. */
export const PRINT_BAR_WIDTH = 1.2;
export const PRINT_BAR_HEIGHT = 35;

/** The drawing options of a label with these settings; `print` uses the printing bar size. */
export function labelBarcodeOptions(
  settings: BarcodeLabelSettings,
  variant: 'print' | 'design' = 'print',
): BarcodeDrawOptions {
  return {
    format: settings.format,
    width: variant === 'print' ? PRINT_BAR_WIDTH : settings.width,
    height: variant === 'print' ? PRINT_BAR_HEIGHT : settings.height,
    margin: settings.margin,
    fontSize: settings.fontSize,
    background: settings.background,
    lineColor: settings.lineColor,
    textPosition: settings.textPosition,
    displayValue: settings.showSku,
  };
}

/** Whether `format` can encode `value`, found without drawing anything. */
export function canEncode(value: string, format: BarcodeFormat): boolean {
  let valid = true;
  try {
    JsBarcode({}, value, {
      format,
      valid: (ok: boolean) => {
        valid = ok;
      },
    });
  } catch {
    return false;
  }
  return valid;
}

/** Draws the barcode into an `<svg>`; throws the library's error (text or Error) on failure. */
export function drawBarcode(svg: SVGSVGElement, value: string, options: BarcodeDrawOptions): void {
  JsBarcode(svg, value, { ...options, font: 'monospace', textMargin: 2 });
}
