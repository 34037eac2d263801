import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { ImageStoreUnavailableError } from '../../integrations/image-store/image-store';
import type { ProcessedImage } from './image-upload';

export interface PutImage {
  store: string;
  key: string;
  url: string;
  sizeBytes: number;
  processed: ProcessedImage;
}

/**
 * Stores a checked, re-encoded image file. The caller records it (images row)
 * in its own transaction and calls `discard` if that transaction fails, so a
 * failed save leaves no file behind.
 */
export async function putImageFile(
  deps: Pick<Deps, 'imageStore'>,
  processed: ProcessedImage,
  folder: string,
): Promise<PutImage & { discard(): Promise<void> }> {
  const put = await fromImageStore(() =>
    deps.imageStore.put({
      data: processed.data,
      extension: processed.extension,
      contentType: processed.contentType,
      folder,
    }),
  );
  return {
    store: deps.imageStore.name,
    key: put.key,
    url: put.url,
    sizeBytes: put.sizeBytes,
    processed,
    discard: () => deps.imageStore.delete(put.key).catch(() => undefined),
  };
}

/** Runs a call to the image store; a store that cannot be reached is a 503 to the client, not a 500. */
export async function fromImageStore<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ImageStoreUnavailableError) throw new AppError({ status: 503, code: 'IMAGE_STORE_UNAVAILABLE' });
    throw err;
  }
}
