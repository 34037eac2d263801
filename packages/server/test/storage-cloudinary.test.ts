import type { Product, StorageCleanupResponse, StorageResourcesResponse, StorageUsageResponse } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, makePng, productFormFields, sendForm, uploadedFiles } from './helpers/catalogue-factories';
import { useFakeCloudinary } from './helpers/fake-cloudinary';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

const HOUR = 60 * 60 * 1000;
const MB = 1024 * 1024;
const toMb = (bytes: number) => Math.round((bytes / MB) * 10_000) / 10_000;

// Read by useTestApp when its app starts, after the fake below is listening.
const env: Record<string, string> = { IMAGE_STORAGE_LIMIT_MB: '2048' };
const fake = useFakeCloudinary('demo-shop', env);

async function productWithImage(t: TestApp, token: string, image: Buffer): Promise<Product> {
  const res = await sendForm<{ product: Product }>(t, 'POST', '/api/products', {
    token,
    fields: productFormFields(),
    file: { data: image, filename: 'photo.jpg', type: 'image/jpeg' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product;
}

const idOf = (url: string) => /\/image\/upload\/v\d+\/(.+)\.[a-z]+$/.exec(url)?.[1] ?? '';

describe.each(ENGINES)('image storage on Cloudinary (fake) on %s', (engine) => {
  const t = useTestApp(engine, env);

  beforeAll(() => {
    fake().resources.clear();
    fake().calls.length = 0;
    fake().failWith = null;
    fake().pageSize = 500;
  });

  it('uploads product photos and the logo through the SDK, signed, under the app folder', async () => {
    const admin = await t.adminToken();
    const product = await productWithImage(t, admin, await makeJpeg(800, 600));
    expect(product.image_url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/demo-shop\/image\/upload\/v\d+\/pos\/products\/[0-9a-f]{32}\.jpg$/,
    );
    const upload = fake().calls.find((c) => c.path === '/v1_1/demo-shop/image/upload');
    expect(upload).toMatchObject({ method: 'POST', signatureValid: true, basicAuth: null });
    // The SDK sends flags as 0/1.
    expect(upload?.fields).toMatchObject({ public_id: idOf(product.image_url!), overwrite: '0' });
    expect(fake().resources.get(idOf(product.image_url!))).toMatchObject({ width: 800, height: 600, format: 'jpg' });
    const row = await t.built.deps.db.kysely
      .selectFrom('images')
      .select(['store', 'key'])
      .where('url', '=', product.image_url!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ store: 'cloudinary', key: idOf(product.image_url!) });

    const first = await sendForm<{ logo_url: string }>(t, 'POST', '/api/settings/logo', {
      token: admin,
      file: { data: await makePng(100, 100), filename: 'logo.png', type: 'image/png', field: 'logo' },
    });
    expect(first.status).toBe(200);
    expect(idOf(first.body.logo_url)).toMatch(/^pos\/logo\//);
    const second = await sendForm<{ logo_url: string }>(t, 'POST', '/api/settings/logo', {
      token: admin,
      file: { data: await makePng(90, 90), filename: 'logo.png', type: 'image/png', field: 'logo' },
    });
    expect(second.status).toBe(200);
    // The old logo is destroyed through the SDK once the new one is saved.
    const destroy = fake().calls.filter((c) => c.path === '/v1_1/demo-shop/image/destroy');
    expect(destroy.map((c) => [c.fields.public_id, c.signatureValid])).toEqual([[idOf(first.body.logo_url), true]]);
    expect(fake().resources.has(idOf(first.body.logo_url))).toBe(false);
    expect(fake().resources.has(idOf(second.body.logo_url))).toBe(true);
    // Nothing went to local disk.
    expect(uploadedFiles(t)).toEqual([]);
  });

  it('reports Cloudinary usage, bandwidth and folders, and lists the app folder newest first across pages', async () => {
    const admin = await t.adminToken();
    const { token: viewer } = await t.buildUser({ role: 'viewer' });
    fake().seed('other-app/banner', { bytes: 5 * MB, createdAt: '2026-01-01T00:00:00.000Z' });
    const old = fake().seed('pos/products/old', { bytes: 2 * MB, createdAt: '2025-06-01T00:00:00.000Z' });
    await productWithImage(t, admin, await makeJpeg(300, 300));
    fake().pageSize = 2;
    fake().calls.length = 0;

    const usage = await t.request<StorageUsageResponse>('GET', '/api/storage/usage', { token: viewer });
    expect(usage.status).toBe(200);
    const accountBytes = [...fake().resources.values()].reduce((sum, r) => sum + r.bytes, 0);
    expect(usage.body.cloudinary).toEqual({
      store: 'cloudinary',
      storage: {
        usedMB: toMb(accountBytes),
        limitMB: 2048,
        percentage: Math.round((accountBytes / (2048 * MB)) * 1000) / 10,
      },
      bandwidth: { tracked: true, usedMB: 7, percentage: 10 },
      last_updated: '2026-11-24T00:00:00.000Z',
      error: false,
      message: null,
    });
    expect(usage.body.folders).toEqual({
      mainFolder: 'pos',
      subFolders: [{ name: 'logo' }, { name: 'products' }],
      error: false,
    });
    expect(fake().calls.find((c) => c.path === '/v1_1/demo-shop/usage')?.basicAuth).toBe(
      `${new URL(fake().cloudinaryUrl).username}:${new URL(fake().cloudinaryUrl).password}`,
    );

    const ours = [...fake().resources.values()].filter((r) => r.public_id.startsWith('pos/'));
    const page = await t.request<StorageResourcesResponse>('GET', '/api/storage/resources?limit=2', { token: viewer });
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(ours.length);
    expect(page.body.totalSizeMB).toBe(toMb(ours.reduce((sum, r) => sum + r.bytes, 0)));
    expect(page.body.hasMore).toBe(true);
    const listings = fake().calls.filter((c) => c.path === '/v1_1/demo-shop/resources/image/upload');
    // Only the app's folder, every page followed.
    expect(listings.every((c) => c.query.prefix === 'pos/')).toBe(true);
    expect(listings.length).toBeGreaterThan(1);
    const last = await t.request<StorageResourcesResponse>(
      'GET',
      `/api/storage/resources?limit=2&cursor=${ours.length - 1}`,
      { token: viewer },
    );
    expect(last.body.resources).toEqual([
      {
        publicId: 'pos/products/old',
        url: old.secure_url,
        width: 10,
        height: 10,
        format: 'jpg',
        sizeMB: 2,
        createdAt: old.created_at,
      },
    ]);
    expect(last.body).toMatchObject({ hasMore: false, nextCursor: null });
    fake().pageSize = 500;
  });

  it('cleans up only unused images of the app folder, re-checked at deletion', async () => {
    const admin = await t.adminToken();
    const kept = await productWithImage(t, admin, await makeJpeg(200, 200));
    const dropped = await productWithImage(t, admin, await makeJpeg(210, 210));
    expect((await t.request('DELETE', `/api/products/${dropped.id}`, { token: admin })).status).toBe(200);
    t.advanceClock(2 * HOUR);

    const dry = await t.request<StorageCleanupResponse>('DELETE', '/api/storage/cleanup', { token: admin });
    expect(dry.status).toBe(200);
    const unusedIds = ['pos/products/old', idOf(dropped.image_url!)];
    const unusedBytes = unusedIds.reduce((sum, id) => sum + fake().resources.get(id)!.bytes, 0);
    const ours = [...fake().resources.keys()].filter((id) => id.startsWith('pos/'));
    expect(dry.body.analysis).toEqual({
      totalCloudinaryImages: ours.length,
      totalDatabaseImages: ours.length - 2,
      unusedImages: 2,
      unusedSizeMB: toMb(unusedBytes),
    });
    expect(fake().calls.some((c) => c.path.endsWith('/destroy') && unusedIds.includes(c.fields.public_id ?? ''))).toBe(
      false,
    );

    const droppedBytes = fake().resources.get(idOf(dropped.image_url!))!.bytes;
    // Between the analysis and the real run, a product takes up the old image.
    await t.built.deps.db.kysely
      .updateTable('products')
      .set({ image_url: fake().resources.get('pos/products/old')!.secure_url })
      .where('id', '=', kept.id)
      .execute();
    const real = await t.request<StorageCleanupResponse>('DELETE', '/api/storage/cleanup', {
      token: admin,
      body: { dryRun: false },
    });
    expect(real.status).toBe(200);
    expect(real.body.cleanup).toEqual({ deletedCount: 1, totalSizeFreedMB: toMb(droppedBytes) });
    expect(fake().resources.has(idOf(dropped.image_url!))).toBe(false);
    expect(fake().resources.has('pos/products/old')).toBe(true);
    expect(fake().resources.has('other-app/banner')).toBe(true);
    t.advanceClock(-2 * HOUR);
  });

  it('never shows the Cloudinary credentials to a browser', async () => {
    const admin = await t.adminToken();
    const { key, secret } = {
      key: new URL(fake().cloudinaryUrl).username,
      secret: new URL(fake().cloudinaryUrl).password,
    };
    fake().failWith = 401;
    const failed = await t.request('GET', '/api/storage/usage', { token: admin });
    fake().failWith = null;
    for (const url of ['/api/settings', '/api/settings/store', '/api/storage/usage', '/api/storage/resources']) {
      const res = await t.request('GET', url, { token: admin });
      expect(res.status, url).toBe(200);
      expect(JSON.stringify(res.body), url).not.toMatch(new RegExp(`${key}|${secret}`));
    }
    expect(JSON.stringify(failed.body)).not.toMatch(new RegExp(`${key}|${secret}`));
  });

  it('says Cloudinary cannot be reached instead of failing: usage carries the error, the rest answer 503', async () => {
    const admin = await t.adminToken();
    fake().failWith = 500;
    try {
      const usage = await t.request<StorageUsageResponse>('GET', '/api/storage/usage', { token: admin });
      expect(usage.status).toBe(200);
      expect(usage.body.cloudinary).toMatchObject({ store: 'cloudinary', error: true, last_updated: null });
      expect(usage.body.cloudinary.message).toMatch(/^ไม่สามารถเชื่อมต่อที่เก็บรูปภาพได้.*Service temporarily unavailable/);
      expect(usage.body.folders.error).toBe(true);
      expect(usage.body.database.totalProducts).toBeGreaterThan(0);
      for (const [method, url] of [
        ['GET', '/api/storage/resources'],
        ['DELETE', '/api/storage/cleanup'],
      ] as const) {
        const res = await t.request(method, url, { token: admin });
        expect(res.status, url).toBe(503);
        expect(res.body.code).toBe('IMAGE_STORE_UNAVAILABLE');
      }
      const logoBefore = await t.request<{ settings: { system: { logo_url: string } } }>('GET', '/api/settings/store', {
        token: admin,
      });
      const upload = await sendForm(t, 'POST', '/api/settings/logo', {
        token: admin,
        file: { data: await makePng(), filename: 'logo.png', type: 'image/png', field: 'logo' },
      });
      expect(upload.status).toBe(503);
      expect(upload.body).toMatchObject({ code: 'IMAGE_STORE_UNAVAILABLE' });
      const logoAfter = await t.request<{ settings: { system: { logo_url: string } } }>('GET', '/api/settings/store', {
        token: admin,
      });
      expect(logoAfter.body.settings.system.logo_url).toBe(logoBefore.body.settings.system.logo_url);
      const product = await sendForm(t, 'POST', '/api/products', {
        token: admin,
        fields: productFormFields(),
        file: { data: await makePng(), filename: 'p.png', type: 'image/png' },
      });
      expect(product.status).toBe(503);
    } finally {
      fake().failWith = null;
    }
  });
});
