import type { Deps } from '../../deps';
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
  const put = await deps.imageStore.put({
    data: processed.data,
    extension: processed.extension,
    contentType: processed.contentType,
    folder,
  });
  return {
    store: deps.imageStore.name,
    key: put.key,
    url: put.url,
    sizeBytes: put.sizeBytes,
    processed,
    discard: () => deps.imageStore.delete(put.key).catch(() => undefined),
  };
}
