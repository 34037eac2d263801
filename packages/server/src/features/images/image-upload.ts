import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '@pos/core';
import { AppError } from '../../http/app-error';

/** Longest side of a stored image; larger uploads are scaled down. */
export const IMAGE_MAX_SIDE = 1600;
/** Refuses decompression bombs: a few-MB PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessedImage {
  data: Buffer;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

const OUTPUT = {
  'image/jpeg': { contentType: 'image/jpeg', extension: 'jpg' },
  'image/png': { contentType: 'image/png', extension: 'png' },
  // GIF becomes WebP: smaller, and animation is kept.
  'image/gif': { contentType: 'image/webp', extension: 'webp' },
  'image/webp': { contentType: 'image/webp', extension: 'webp' },
} as const;
type Accepted = keyof typeof OUTPUT;

function isAccepted(mime: string | undefined): mime is Accepted {
  return (PRODUCT_IMAGE_TYPES as readonly string[]).includes(mime ?? '');
}

/**
 * Checks an upload by its content (JPEG, PNG, GIF or WebP only; the name and
 * declared type are ignored), then re-encodes it: orientation applied,
 * metadata (EXIF, GPS, ICC comments) dropped, longest side capped. Anything
 * that is not a whole, decodable image of those types is refused before a
 * byte is stored: 415 for another type, 400 for a damaged or truncated one.
 */
export async function processImageUpload(input: Buffer, options: { maxSide?: number } = {}): Promise<ProcessedImage> {
  const maxSide = options.maxSide ?? IMAGE_MAX_SIDE;
  if (input.length > PRODUCT_IMAGE_MAX_BYTES) throw new AppError({ status: 413, code: 'IMAGE_TOO_LARGE' });
  if (input.length === 0) throw new AppError({ status: 400, code: 'IMAGE_INVALID' });
  // Loaded by the first upload, not at start-up (~150 ms together).
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([import('file-type'), import('sharp')]);
  const type = await fileTypeFromBuffer(input);
  if (!isAccepted(type?.mime)) throw new AppError({ status: 415, code: 'IMAGE_UNSUPPORTED_TYPE' });
  const output = OUTPUT[type.mime];
  try {
    const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;
    const meta = await sharp(input, options).metadata();
    const animated = (meta.pages ?? 1) > 1;
    let pipeline = sharp(input, { ...options, animated });
    // EXIF orientation is applied to the pixels before the metadata goes.
    if (!animated) pipeline = pipeline.rotate();
    pipeline = pipeline.resize({
      width: maxSide,
      height: maxSide,
      fit: 'inside',
      withoutEnlargement: true,
    });
    if (output.contentType === 'image/jpeg') pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
    else if (output.contentType === 'image/png') pipeline = pipeline.png({ compressionLevel: 8 });
    else pipeline = pipeline.webp({ quality: 85 });
    // sharp writes no metadata unless asked (keepMetadata/withMetadata), so none is copied.
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: output.contentType,
      extension: output.extension,
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch {
    throw new AppError({ status: 400, code: 'IMAGE_INVALID' });
  }
}
