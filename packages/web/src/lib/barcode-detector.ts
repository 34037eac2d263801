import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the till's camera reads: shop and product barcodes (EAN-13, CODE128) and QR codes. */
export const CAMERA_SCAN_FORMATS = ['ean_13', 'code_128', 'qr_code'] as const;

export interface BarcodeReader {
  /** The codes seen in the current frame of `source` (none is an empty list). */
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own Barcode Detection API, when it reads all our formats (Chrome on Android and macOS). */
async function nativeReader(): Promise<BarcodeReader | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!CAMERA_SCAN_FORMATS.every((format) => supported.includes(format))) return null;
    return new Native({ formats: [...CAMERA_SCAN_FORMATS] });
  } catch {
    return null;
  }
}

/**
 * A barcode reader: the browser's BarcodeDetector where it exists, else ZXing compiled to
 * WebAssembly (the barcode-detector ponyfill, loaded only when the camera is first used). Its .wasm
 * file is one of this app's own built assets: by default the library fetches it from a CDN, which a
 * shop's network may not reach and which would tell a third party that this till is scanning.
 */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = await nativeReader();
  if (native) return native;
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...CAMERA_SCAN_FORMATS] });
}

/** Why the camera could not be used, as the dialog words it. */
export type CameraProblem = 'denied' | 'missing' | 'insecure' | 'busy' | 'failed';

/** The problem behind a getUserMedia or reader failure. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'missing';
  if (name === 'InsecureContext') return 'insecure';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

/** The back camera where there is one; the only camera of a laptop otherwise. */
export async function openCamera(): Promise<MediaStream> {
  // Browsers offer the camera only on https:// or localhost; elsewhere mediaDevices is missing.
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('', 'InsecureContext');
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}
