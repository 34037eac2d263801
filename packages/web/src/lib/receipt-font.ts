import boldUrl from '../assets/fonts/Laksaman-Bold.ttf?url';
import regularUrl from '../assets/fonts/Laksaman.ttf?url';
import { RECEIPT_FONT_FAMILY } from './receipt-raster';

/**
 * The receipt printer's font (Laksaman, the server's, shipped with the app: see assets/fonts/README.md), loaded
 * into the document when the till first prints on its own printer offline (issue 38): never a font the till's
 * computer may lack. Loaded once; a failed load is tried again at the next print.
 */
let loading: Promise<void> | null = null;

export function loadReceiptFont(): Promise<void> {
  loading ??= (async () => {
    const faces = [
      new FontFace(RECEIPT_FONT_FAMILY, `url(${regularUrl})`, { weight: '400' }),
      new FontFace(RECEIPT_FONT_FAMILY, `url(${boldUrl})`, { weight: '700' }),
    ];
    await Promise.all(faces.map((face) => face.load()));
    for (const face of faces) document.fonts.add(face);
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
