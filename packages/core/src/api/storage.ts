import { z } from 'zod';
import { Flag } from './common';
import { msg } from '../validation';

/** Spec 001 §9: the image files tab shows the latest 20. */
export const STORAGE_RESOURCES_PAGE_SIZE = 20;
export const STORAGE_RESOURCES_LIMIT_MAX = 100;

/** Which image store the server uses: local disk (default) or Cloudinary. */
export const IMAGE_STORES = ['local', 'cloudinary'] as const;
export type ImageStoreName = (typeof IMAGE_STORES)[number];

/**
 * `GET /api/storage/usage` (spec 001 §3). `cloudinary` describes whichever
 * store is in use (the spec's screen names it so); `store` says which. Local
 * disk does not count bandwidth: `bandwidth.tracked` is false and its figures
 * null rather than invented. When the store cannot be reached, `error` is true,
 * `message` says why and the figures are null.
 */
export const StorageUsageResponse = z.object({
  cloudinary: z.object({
    store: z.enum(IMAGE_STORES),
    storage: z.object({
      usedMB: z.number().nullable(),
      limitMB: z.number().nullable(),
      percentage: z.number().nullable(),
    }),
    bandwidth: z.object({
      tracked: z.boolean(),
      usedMB: z.number().nullable(),
      percentage: z.number().nullable(),
    }),
    last_updated: z.string().nullable(),
    error: z.boolean(),
    message: z.string().nullable(),
  }),
  database: z.object({
    uniqueImages: z.number().int(),
    productsWithImages: z.number().int(),
    totalProducts: z.number().int(),
    imagesPercentage: z.number(),
  }),
  folders: z.object({
    mainFolder: z.string(),
    subFolders: z.array(z.object({ name: z.string() })),
    error: z.boolean(),
  }),
});
export type StorageUsageResponse = z.infer<typeof StorageUsageResponse>;

const PageCursor = z
  .string({ error: msg('value.invalid', { label: 'cursor' }) })
  .regex(/^\d{1,9}$/, msg('value.invalid', { label: 'cursor' }))
  .describe('`nextCursor` of the previous page ("load more")');

export const StorageResourcesQuery = z.object({
  limit: z.coerce
    .number({ error: msg('number.type', { label: 'limit' }) })
    .int(msg('number.int', { label: 'limit' }))
    .min(1, msg('number.atLeastOne', { label: 'limit' }))
    .max(STORAGE_RESOURCES_LIMIT_MAX, msg('number.max', { label: 'limit', max: STORAGE_RESOURCES_LIMIT_MAX }))
    .default(STORAGE_RESOURCES_PAGE_SIZE),
  cursor: PageCursor.optional(),
});
export type StorageResourcesQuery = z.input<typeof StorageResourcesQuery>;

/** `GET /api/storage/resources` (spec 001 §3): newest first; totals cover the whole store. */
export const StorageResourcesResponse = z.object({
  resources: z.array(
    z.object({
      publicId: z.string(),
      url: z.string(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
      format: z.string(),
      sizeMB: z.number(),
      createdAt: z.string(),
    }),
  ),
  totalCount: z.number().int(),
  totalSizeMB: z.number(),
  hasMore: z.boolean(),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type StorageResourcesResponse = z.infer<typeof StorageResourcesResponse>;

/** `DELETE /api/storage/cleanup`: a dry run (analysis only) unless `dryRun` is false. */
export const StorageCleanupRequest = z
  .object({ dryRun: Flag.optional().default(true) })
  // No body at all (the spec's default) arrives as null.
  .nullish()
  .transform((v) => ({ dryRun: v?.dryRun ?? true }));
export type StorageCleanupRequest = z.input<typeof StorageCleanupRequest>;

/** Spec 001 §3. The analysis counts the store's files, those in use, and the unused ones. */
export const StorageCleanupResponse = z.object({
  dryRun: z.boolean(),
  analysis: z.object({
    totalCloudinaryImages: z.number().int(),
    totalDatabaseImages: z.number().int(),
    unusedImages: z.number().int(),
    unusedSizeMB: z.number(),
  }),
  cleanup: z.object({
    deletedCount: z.number().int(),
    totalSizeFreedMB: z.number(),
  }),
});
export type StorageCleanupResponse = z.infer<typeof StorageCleanupResponse>;
