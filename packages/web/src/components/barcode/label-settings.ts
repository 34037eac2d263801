/**
 * What a barcode label looks like (spec 001 §3 "Barcode label settings"): the shape the label
 * components draw from. Reading, checking and storing it is the barcodes feature's (barcode-settings.ts).
 */

/** The symbologies JsBarcode can draw, in its spelling. */
export const BARCODE_FORMATS = [
  'CODE128',
  'CODE128A',
  'CODE128B',
  'CODE128C',
  'CODE39',
  'CODE93',
  'CODE93FullASCII',
  'EAN13',
  'EAN8',
  'EAN5',
  'EAN2',
  'UPC',
  'UPCE',
  'ITF14',
  'ITF',
  'MSI',
  'MSI10',
  'MSI11',
  'MSI1010',
  'MSI1110',
  'pharmacode',
  'codabar',
] as const;
export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];

export const TEXT_POSITIONS = ['top', 'bottom'] as const;
export type TextPosition = (typeof TEXT_POSITIONS)[number];

export interface BarcodeLabelSettings {
  format: BarcodeFormat;
  /** Width of one bar, px. */
  width: number;
  /** Bar height, px. */
  height: number;
  margin: number;
  fontSize: number;
  background: string;
  lineColor: string;
  textPosition: TextPosition;
  showName: boolean;
  showPrice: boolean;
  /** Shows the code as text with the bars. */
  showSku: boolean;
  nameBold: boolean;
  priceBold: boolean;
  labelWidth: number;
  labelHeight: number;
}

/** Spec 001 §3: CODE128, black on white, everything shown, bold name and price. */
export const DEFAULT_BARCODE_SETTINGS: Readonly<BarcodeLabelSettings> = Object.freeze({
  format: 'CODE128',
  width: 2,
  height: 40,
  margin: 10,
  fontSize: 20,
  background: '#ffffff',
  lineColor: '#000000',
  textPosition: 'bottom',
  showName: true,
  showPrice: true,
  showSku: true,
  nameBold: true,
  priceBold: true,
  labelWidth: 240,
  labelHeight: 140,
});
