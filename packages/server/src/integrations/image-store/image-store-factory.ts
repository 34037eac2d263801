import type { Config } from '../../config';
import { cloudinaryStore } from './cloudinary-store';
import type { ImageStore } from './image-store';
import { localDiskStore, uploadsDirOf } from './local-disk-store';

/** Cloudinary when configured, local disk under DATA_DIR/uploads otherwise. */
export async function imageStoreFor(config: Config): Promise<ImageStore> {
  const limitBytes = config.imageStorageLimitMb * 1024 * 1024;
  return config.cloudinary
    ? cloudinaryStore(config.cloudinary, { limitBytes })
    : localDiskStore(uploadsDirOf(config), { limitBytes });
}
