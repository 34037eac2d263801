import type { StorageCleanupResponse, StorageResourcesResponse, StorageUsageResponse } from '@pos/core';
import { ERROR_MESSAGES } from '@pos/core';
import type { DbExecutor } from '../../db/executor';
import type { Deps } from '../../deps';
import {
  ImageStoreUnavailableError,
  type ImageStore,
  type StoredFile,
} from '../../integrations/image-store/image-store';
import { deleteImageRows } from '../images/images.queries';
import { fromImageStore } from '../images/images.service';
import { readStoredSettings } from '../settings/settings.service';
import { lockImageReferences, productImageReferences, productImageStats } from './storage.queries';

type StorageDeps = Pick<Deps, 'db' | 'imageStore' | 'now'>;

/**
 * A file stored this recently may belong to a save still in progress (the file
 * is written before the product or logo that names it commits): cleanup leaves
 * it for a later run.
 */
export const CLEANUP_MIN_AGE_MS = 60 * 60 * 1000;

const MB = 1024 * 1024;
const toMb = (bytes: number) => Math.round((bytes / MB) * 10_000) / 10_000;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** The store's keys of every file the database names: product pictures (live or hidden) and the logo. */
async function referencedKeys(db: DbExecutor, store: ImageStore): Promise<Set<string>> {
  const refs = await productImageReferences(db);
  const settings = await readStoredSettings(db);
  const keys = new Set<string>();
  for (const url of [...refs.urls, settings.system.logo_url]) {
    const key = url ? store.keyOf(url) : null;
    if (key !== null) keys.add(key);
  }
  for (const file of refs.files) if (file.store === store.name) keys.add(file.key);
  return keys;
}

export async function getStorageUsage(deps: StorageDeps): Promise<StorageUsageResponse> {
  const stats = await productImageStats(deps.db.reader);
  const database = { ...stats, imagesPercentage: percent(stats.productsWithImages, stats.totalProducts) };
  const store = deps.imageStore;
  let cloudinary: StorageUsageResponse['cloudinary'];
  try {
    const usage = await store.usage();
    cloudinary = {
      store: store.name,
      storage: {
        usedMB: toMb(usage.bytes),
        limitMB: usage.limitBytes === null ? null : toMb(usage.limitBytes),
        percentage: usage.limitBytes ? percent(usage.bytes, usage.limitBytes) : null,
      },
      bandwidth: usage.bandwidth
        ? {
            tracked: true,
            usedMB: toMb(usage.bandwidth.bytes),
            percentage: usage.bandwidth.percentage === null ? null : Math.round(usage.bandwidth.percentage * 10) / 10,
          }
        : { tracked: false, usedMB: null, percentage: null },
      last_updated: usage.lastUpdated,
      error: false,
      message: null,
    };
  } catch (err) {
    if (!(err instanceof ImageStoreUnavailableError)) throw err;
    cloudinary = {
      store: store.name,
      storage: { usedMB: null, limitMB: null, percentage: null },
      bandwidth: { tracked: store.name !== 'local', usedMB: null, percentage: null },
      last_updated: null,
      error: true,
      message: `${ERROR_MESSAGES.IMAGE_STORE_UNAVAILABLE}: ${err.message}`,
    };
  }
  let folders: StorageUsageResponse['folders'];
  try {
    const found = await store.folders();
    folders = { mainFolder: found.mainFolder, subFolders: found.subFolders.map((name) => ({ name })), error: false };
  } catch (err) {
    if (!(err instanceof ImageStoreUnavailableError)) throw err;
    folders = { mainFolder: '', subFolders: [], error: true };
  }
  return { cloudinary, database, folders };
}

const newestFirst = (a: StoredFile, b: StoredFile) =>
  b.createdAt.localeCompare(a.createdAt) || a.key.localeCompare(b.key);

/** One page of the store's files, newest first; `cursor` is where the previous page ended. */
export async function listStoredImages(
  deps: Pick<Deps, 'imageStore'>,
  query: { limit: number; cursor?: string | undefined },
): Promise<StorageResourcesResponse> {
  const store = deps.imageStore;
  const all = (await fromImageStore(() => store.listAll())).sort(newestFirst);
  const offset = query.cursor === undefined ? 0 : Number(query.cursor);
  const page = await fromImageStore(() => store.describe(all.slice(offset, offset + query.limit)));
  const hasMore = offset + query.limit < all.length;
  return {
    resources: page.map((f) => ({
      publicId: f.key,
      url: f.url,
      width: f.width,
      height: f.height,
      format: f.format,
      sizeMB: toMb(f.sizeBytes),
      createdAt: f.createdAt,
    })),
    totalCount: all.length,
    totalSizeMB: toMb(all.reduce((sum, f) => sum + f.sizeBytes, 0)),
    hasMore,
    nextCursor: hasMore ? String(offset + query.limit) : null,
  };
}

/**
 * Deletes those of `files` nothing names any more. The references are read
 * again under a lock that holds back product and settings writes, the image
 * rows go in that transaction, and only after it commits the files: so a file
 * a product or the logo took up meanwhile stays. Returns what was deleted.
 */
export async function deleteUnreferencedFiles<F extends { key: string; sizeBytes: number }>(
  deps: Pick<Deps, 'db' | 'imageStore'>,
  files: readonly F[],
): Promise<F[]> {
  if (files.length === 0) return [];
  const store = deps.imageStore;
  const free = await deps.db.kysely.transaction().execute(async (trx) => {
    await lockImageReferences(trx, deps.db.engine);
    const refs = await referencedKeys(trx, store);
    const unreferenced = files.filter((f) => !refs.has(f.key));
    await deleteImageRows(
      trx,
      store.name,
      unreferenced.map((f) => f.key),
    );
    return unreferenced;
  });
  const deleted: F[] = [];
  for (const file of free) {
    // A file the store would not delete now is unreferenced still: the next cleanup finds it again.
    await store.delete(file.key).then(
      () => deleted.push(file),
      () => undefined,
    );
  }
  return deleted;
}

/**
 * Spec 001 §4: analyse (dry run), then delete. Unused = named by no product
 * (live or hidden) and not the logo, and older than CLEANUP_MIN_AGE_MS. A real
 * run analyses afresh and re-checks each file at deletion time.
 */
export async function cleanupStorage(deps: StorageDeps, options: { dryRun: boolean }): Promise<StorageCleanupResponse> {
  const store = deps.imageStore;
  // References first: whatever a product takes up while the (possibly slow) listing runs is
  // caught by the re-check at deletion time.
  const refs = await referencedKeys(deps.db.kysely, store);
  const files = await fromImageStore(() => store.listAll());
  const settledBefore = deps.now().getTime() - CLEANUP_MIN_AGE_MS;
  const unused = files.filter((f) => !refs.has(f.key) && Date.parse(f.createdAt) <= settledBefore);
  const analysis = {
    totalCloudinaryImages: files.length,
    totalDatabaseImages: refs.size,
    unusedImages: unused.length,
    unusedSizeMB: toMb(unused.reduce((sum, f) => sum + f.sizeBytes, 0)),
  };
  if (options.dryRun) return { dryRun: true, analysis, cleanup: { deletedCount: 0, totalSizeFreedMB: 0 } };
  const deleted = await deleteUnreferencedFiles(deps, unused);
  return {
    dryRun: false,
    analysis,
    cleanup: {
      deletedCount: deleted.length,
      totalSizeFreedMB: toMb(deleted.reduce((sum, f) => sum + f.sizeBytes, 0)),
    },
  };
}
