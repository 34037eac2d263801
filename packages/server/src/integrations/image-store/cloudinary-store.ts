import { randomBytes } from 'node:crypto';
import type { CloudinaryConfig } from '../../config';
import { ImageStoreUnavailableError, type ImageStore, type StoredFile } from './image-store';

/** The part of the official SDK this store uses (v2 API, promise style). */
interface CloudinarySdk {
  uploader: {
    upload(file: string, options: Record<string, unknown>): Promise<UploadResult>;
    destroy(publicId: string, options: Record<string, unknown>): Promise<{ result: string }>;
  };
  api: {
    resources(options: Record<string, unknown>): Promise<{ resources: Resource[]; next_cursor?: string }>;
    usage(options: Record<string, unknown>): Promise<Usage>;
    sub_folders(path: string, options: Record<string, unknown>): Promise<{ folders: { name: string }[] }>;
  };
}

interface UploadResult {
  public_id: string;
  secure_url: string;
  bytes: number;
}

interface Resource {
  public_id: string;
  secure_url: string;
  bytes: number;
  width?: number;
  height?: number;
  format?: string;
  created_at: string;
}

interface Quota {
  usage?: number;
  limit?: number;
  used_percent?: number;
}

interface Usage {
  last_updated?: string;
  storage?: Quota;
  bandwidth?: Quota;
}

const PAGE = 500;
const TIMEOUT_MS = 20_000;

/** The SDK rejects with `{ error: { message, http_code } }` or an Error: one error type for the services. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const inner = (err as { error?: { message?: string } } | null)?.error;
    const message = inner?.message ?? (err instanceof Error ? err.message : String(err));
    throw new ImageStoreUnavailableError(`Cloudinary ${what} failed: ${message}`);
  }
}

/**
 * Images in Cloudinary, under `config.folder` (public ids `pos/products/<random>`),
 * served from Cloudinary's CDN. The SDK is imported here, on first use, because
 * it picks http or https for its API base when it is first imported: tests
 * point CLOUDINARY_URL's upload_prefix at a fake on 127.0.0.1 before this runs.
 */
export async function cloudinaryStore(config: CloudinaryConfig, options: { limitBytes: number }): Promise<ImageStore> {
  const { v2 } = (await import('cloudinary')) as unknown as { v2: CloudinarySdk };
  const auth = {
    cloud_name: config.cloudName,
    api_key: config.apiKey,
    api_secret: config.apiSecret,
    secure: true,
    timeout: TIMEOUT_MS,
    ...(config.uploadPrefix ? { upload_prefix: config.uploadPrefix } : {}),
  };
  const root = config.folder;
  const deliveryPath = `/${config.cloudName}/image/upload/`;

  function fileOf(r: Resource): StoredFile {
    return {
      key: r.public_id,
      url: r.secure_url,
      sizeBytes: r.bytes,
      width: r.width ?? null,
      height: r.height ?? null,
      format: r.format ?? '',
      createdAt: new Date(r.created_at).toISOString(),
    };
  }

  return {
    name: 'cloudinary',
    async put({ data, contentType, folder }) {
      const publicId = `${root}/${folder}/${randomBytes(16).toString('hex')}`;
      const result = await call('upload', () =>
        v2.uploader.upload(`data:${contentType};base64,${data.toString('base64')}`, {
          ...auth,
          public_id: publicId,
          resource_type: 'image',
          overwrite: false,
        }),
      );
      return { key: result.public_id, url: result.secure_url, sizeBytes: result.bytes };
    },
    async delete(key) {
      // "not found" is fine: the file is gone either way.
      await call('destroy', () => v2.uploader.destroy(key, { ...auth, resource_type: 'image', invalidate: true }));
    },
    keyOf(url) {
      const at = url.indexOf(deliveryPath);
      if (at < 0) return null;
      // <delivery path>[v<version>/]<public id>.<format>
      const rest = url
        .slice(at + deliveryPath.length)
        .split(/[?#]/)[0]!
        .replace(/^v\d+\//, '')
        .replace(/\.[a-z0-9]+$/i, '');
      return rest.startsWith(`${root}/`) ? decodeURIComponent(rest) : null;
    },
    async listAll() {
      const files: StoredFile[] = [];
      let cursor: string | undefined;
      do {
        const page = await call('resources', () =>
          v2.api.resources({
            ...auth,
            resource_type: 'image',
            type: 'upload',
            prefix: `${root}/`,
            max_results: PAGE,
            ...(cursor ? { next_cursor: cursor } : {}),
          }),
        );
        files.push(...page.resources.map(fileOf));
        cursor = page.next_cursor;
      } while (cursor);
      return files;
    },
    async describe(files) {
      return files;
    },
    async usage() {
      const usage = await call('usage', () => v2.api.usage(auth));
      const storage = usage.storage ?? {};
      const bandwidth = usage.bandwidth ?? {};
      const bandwidthPercent =
        bandwidth.used_percent ??
        (bandwidth.limit && bandwidth.usage !== undefined ? (bandwidth.usage / bandwidth.limit) * 100 : null);
      return {
        bytes: storage.usage ?? 0,
        // Credit-based plans name no storage limit: the configured one stands in.
        limitBytes: storage.limit ?? options.limitBytes,
        bandwidth: { bytes: bandwidth.usage ?? 0, percentage: bandwidthPercent },
        lastUpdated: usage.last_updated ? new Date(usage.last_updated).toISOString() : new Date().toISOString(),
      };
    },
    async folders() {
      const result = await call('folders', () => v2.api.sub_folders(root, auth));
      return { mainFolder: root, subFolders: result.folders.map((f) => f.name).sort() };
    },
  };
}
