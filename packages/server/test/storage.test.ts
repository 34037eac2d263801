import fs from 'node:fs';
import path from 'node:path';
import type { Product, StorageCleanupResponse, StorageResourcesResponse, StorageUsageResponse } from '@pos/core';
import { describe, expect, it } from 'vitest';
import {
  makeGif,
  makeJpeg,
  makePng,
  productFormFields,
  sendForm,
  uploadedFiles,
  uploadsRoot,
} from './helpers/catalogue-factories';
import { postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

const HOUR = 60 * 60 * 1000;
const MB = 1024 * 1024;
const toMb = (bytes: number) => Math.round((bytes / MB) * 10_000) / 10_000;

async function productWithImage(t: TestApp, token: string, image: Buffer): Promise<Product> {
  const res = await sendForm<{ product: Product }>(t, 'POST', '/api/products', {
    token,
    fields: productFormFields(),
    file: { data: image, filename: 'photo.png', type: 'image/png' },
  });
  expect(res.status).toBe(201);
  return res.body.product;
}

const sizeOf = (t: TestApp, url: string) =>
  fs.statSync(path.join(uploadsRoot(t), url.replace(/^\/uploads\//, ''))).size;
const exists = (t: TestApp, url: string) => fs.existsSync(path.join(uploadsRoot(t), url.replace(/^\/uploads\//, '')));

function cleanup(t: TestApp, token: string, body?: unknown) {
  return t.request<StorageCleanupResponse>('DELETE', '/api/storage/cleanup', { token, body });
}

describe.each(ENGINES)('image storage on local disk on %s', (engine) => {
  const t = useTestApp(engine, { IMAGE_STORAGE_LIMIT_MB: '50' });

  it('reports usage against the configured limit, bandwidth as not tracked, product picture counts and folders', async () => {
    const admin = await t.adminToken();
    const { token: viewer } = await t.buildUser({ role: 'viewer' });
    const empty = await t.request<StorageUsageResponse>('GET', '/api/storage/usage', { token: viewer });
    expect(empty.status).toBe(200);
    expect(empty.body.cloudinary).toMatchObject({
      store: 'local',
      storage: { usedMB: 0, limitMB: 50, percentage: 0 },
      bandwidth: { tracked: false, usedMB: null, percentage: null },
      error: false,
      message: null,
    });
    expect(empty.body.database).toEqual({
      uniqueImages: 0,
      productsWithImages: 0,
      totalProducts: 0,
      imagesPercentage: 0,
    });

    const a = await productWithImage(t, admin, await makePng(300, 200));
    await productWithImage(t, admin, await makeJpeg(640, 480));
    const plain = await sendForm(t, 'POST', '/api/products', { token: admin, fields: productFormFields() });
    expect(plain.status).toBe(201);
    const res = await t.request<StorageUsageResponse>('GET', '/api/storage/usage', { token: viewer });
    const bytes = uploadedFiles(t).reduce((sum, f) => sum + fs.statSync(path.join(uploadsRoot(t), f)).size, 0);
    expect(res.body.cloudinary.storage).toEqual({
      usedMB: toMb(bytes),
      limitMB: 50,
      percentage: Math.round((bytes / (50 * MB)) * 1000) / 10,
    });
    expect(res.body.database).toEqual({
      uniqueImages: 2,
      productsWithImages: 2,
      totalProducts: 3,
      imagesPercentage: 66.7,
    });
    expect(res.body.folders).toEqual({ mainFolder: 'uploads', subFolders: [{ name: 'products' }], error: false });
    expect(a.image_url).toMatch(/^\/uploads\/products\//);
  });

  it('lists files newest first with their real width, height, format and size, a page at a time', async () => {
    const admin = await t.adminToken();
    const { token: cashier } = await t.buildUser({ role: 'cashier' });
    const gif = await productWithImage(t, admin, await makeGif(120, 80));
    // The listing orders by file time: make the newest unambiguous.
    const newest = await productWithImage(t, admin, await makePng(33, 44));
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(uploadsRoot(t), newest.image_url!.replace(/^\/uploads\//, '')), future, future);

    const all = uploadedFiles(t);
    const first = await t.request<StorageResourcesResponse>('GET', '/api/storage/resources?limit=1', {
      token: cashier,
    });
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(all.length);
    const total = all.reduce((sum, f) => sum + fs.statSync(path.join(uploadsRoot(t), f)).size, 0);
    expect(first.body.totalSizeMB).toBe(toMb(total));
    expect(first.body.hasMore).toBe(true);
    expect(first.body.resources).toEqual([
      {
        publicId: newest.image_url!.replace(/^\/uploads\//, ''),
        url: newest.image_url,
        width: 33,
        height: 44,
        format: 'png',
        sizeMB: toMb(sizeOf(t, newest.image_url!)),
        createdAt: future.toISOString(),
      },
    ]);

    // "Load more" really fetches the next page, until the last.
    const seen = [first.body.resources[0]!.publicId];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const page = await t.request<StorageResourcesResponse>('GET', `/api/storage/resources?limit=2&cursor=${cursor}`, {
        token: cashier,
      });
      expect(page.status).toBe(200);
      seen.push(...page.body.resources.map((r) => r.publicId));
      expect(page.body.hasMore).toBe(page.body.nextCursor !== null);
      cursor = page.body.nextCursor;
    }
    expect([...seen].sort()).toEqual(all);
    const gifEntry = await t.request<StorageResourcesResponse>('GET', '/api/storage/resources?limit=100', {
      token: cashier,
    });
    expect(gifEntry.body.resources.find((r) => r.url === gif.image_url)).toMatchObject({
      width: 120,
      height: 80,
      format: 'webp',
    });
    const defaultPage = await t.request<StorageResourcesResponse>('GET', '/api/storage/resources', { token: cashier });
    expect(defaultPage.body.resources.length).toBe(Math.min(20, all.length));

    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'cursor=-1', 'cursor=abc', 'cursor=1e3']) {
      const bad = await t.request('GET', `/api/storage/resources?${query}`, { token: cashier });
      expect(bad.status, query).toBe(400);
      expect(bad.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('finds unused images (not new ones), deletes only on a real run, and keeps what products or the logo use', async () => {
    const admin = await t.adminToken();
    // Used: a live product's picture, a hidden product's (it has sales), the logo.
    const live = await productWithImage(t, admin, await makePng(50, 50));
    const sold = await productWithImage(t, admin, await makePng(51, 51));
    expect(
      (await postSale(t, admin, salePayload([{ product: sold, quantity: 1, size: 'S', color: 'ขาว' }]))).status,
    ).toBe(201);
    expect((await t.request('DELETE', `/api/products/${sold.id}`, { token: admin })).body).toMatchObject({
      soft_deleted: true,
    });
    const logo = await sendForm<{ logo_url: string }>(t, 'POST', '/api/settings/logo', {
      token: admin,
      file: { data: await makePng(60, 60), filename: 'logo.png', type: 'image/png', field: 'logo' },
    });
    expect(logo.status).toBe(200);
    // Unused: a replaced picture, a deleted product's, and a file nothing recorded.
    const replaced = await productWithImage(t, admin, await makePng(52, 52));
    const edit = await sendForm<{ product: Product }>(t, 'PUT', `/api/products/${replaced.id}`, {
      token: admin,
      fields: productFormFields({ barcode: replaced.sku }),
      file: { data: await makePng(53, 53), filename: 'new.png', type: 'image/png' },
    });
    expect(edit.status).toBe(200);
    const deleted = await productWithImage(t, admin, await makePng(54, 54));
    expect((await t.request('DELETE', `/api/products/${deleted.id}`, { token: admin })).status).toBe(200);
    fs.writeFileSync(path.join(uploadsRoot(t), 'products', 'stray.png'), await makePng(10, 10));
    const unusedUrls = [replaced.image_url!, deleted.image_url!, '/uploads/products/stray.png'];
    const unusedBytes = unusedUrls.reduce((sum, url) => sum + sizeOf(t, url), 0);
    const filesBefore = uploadedFiles(t);

    // Just stored: a save may still be on its way, so nothing is unused yet.
    const fresh = await cleanup(t, admin, { dryRun: true });
    expect(fresh.status).toBe(200);
    expect(fresh.body.analysis.unusedImages).toBe(0);

    t.advanceClock(2 * HOUR);
    const dry = await cleanup(t, admin);
    expect(dry.status).toBe(200);
    const inUse = filesBefore.length - 3;
    expect(dry.body).toEqual({
      dryRun: true,
      analysis: {
        totalCloudinaryImages: filesBefore.length,
        totalDatabaseImages: inUse,
        unusedImages: 3,
        unusedSizeMB: toMb(unusedBytes),
      },
      cleanup: { deletedCount: 0, totalSizeFreedMB: 0 },
    });
    expect(uploadedFiles(t)).toEqual(filesBefore);

    const real = await cleanup(t, admin, { dryRun: false });
    expect(real.status).toBe(200);
    expect(real.body.cleanup).toEqual({ deletedCount: 3, totalSizeFreedMB: toMb(unusedBytes) });
    for (const url of unusedUrls) expect(exists(t, url), url).toBe(false);
    for (const url of [live.image_url!, sold.image_url!, logo.body.logo_url, edit.body.product.image_url!]) {
      expect(exists(t, url), url).toBe(true);
    }
    const rows = await t.built.deps.db.kysely.selectFrom('images').select('url').execute();
    expect(rows.map((r) => r.url).filter((u) => unusedUrls.includes(u))).toEqual([]);
    const again = await cleanup(t, admin, { dryRun: 'false' });
    expect(again.body.cleanup.deletedCount).toBe(0);
    t.advanceClock(-2 * HOUR);
  });

  it('never deletes an image a product took up after the analysis, even within the same run', async () => {
    const admin = await t.adminToken();
    // Files earlier tests left unused go first, so the counts below are this test's own.
    t.advanceClock(2 * HOUR);
    expect((await cleanup(t, admin, { dryRun: false })).status).toBe(200);
    const product = await productWithImage(t, admin, await makePng(70, 70));
    const orphan = await productWithImage(t, admin, await makePng(71, 71));
    expect((await t.request('DELETE', `/api/products/${orphan.id}`, { token: admin })).status).toBe(200);
    const late = await productWithImage(t, admin, await makePng(72, 72));
    expect((await t.request('DELETE', `/api/products/${late.id}`, { token: admin })).status).toBe(200);
    t.advanceClock(2 * HOUR);
    const db = t.built.deps.db.kysely;

    // Analysed as unused, then a product takes it up before the real run.
    const dry = await cleanup(t, admin, { dryRun: true });
    expect(dry.body.analysis.unusedImages).toBe(2);
    await db.updateTable('products').set({ image_url: orphan.image_url }).where('id', '=', product.id).execute();

    // And one taken up between this run's own listing and its deletions.
    const store = t.built.deps.imageStore;
    const listAll = store.listAll.bind(store);
    store.listAll = async () => {
      const files = await listAll();
      const other = await productWithImage(t, admin, await makePng(73, 73));
      await db.updateTable('products').set({ image_url: late.image_url }).where('id', '=', other.id).execute();
      return files;
    };
    try {
      const real = await cleanup(t, admin, { dryRun: false });
      expect(real.status).toBe(200);
      expect(real.body.analysis.unusedImages).toBe(1);
      expect(real.body.cleanup.deletedCount).toBe(0);
    } finally {
      store.listAll = listAll;
    }
    expect(exists(t, orphan.image_url!)).toBe(true);
    expect(exists(t, late.image_url!)).toBe(true);
    t.advanceClock(-4 * HOUR);
  });

  it('needs settings_manage to clean up, reports_view to look, and refuses a bad body without deleting', async () => {
    const { token: manager } = await t.buildUser({ role: 'manager' });
    const { token: viewer } = await t.buildUser({ role: 'viewer' });
    expect((await cleanup(t, manager, { dryRun: true })).status).toBe(403);
    expect((await cleanup(t, viewer)).body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.request('GET', '/api/storage/resources', { token: viewer })).status).toBe(200);
    expect((await t.request('GET', '/api/storage/usage')).status).toBe(401);

    const admin = await t.adminToken();
    const doomed = await productWithImage(t, admin, await makePng(80, 80));
    await t.request('DELETE', `/api/products/${doomed.id}`, { token: admin });
    t.advanceClock(2 * HOUR);
    for (const body of [{ dryRun: 'no' }, { dryRun: 0.5 }, []]) {
      const res = await cleanup(t, admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(exists(t, doomed.image_url!)).toBe(true);
    t.advanceClock(-2 * HOUR);
  });
});
