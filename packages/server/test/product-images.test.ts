import fs from 'node:fs';
import path from 'node:path';
import type { Product } from '@pos/core';
import sharp from 'sharp';
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
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

type ProductBody = { product: Product };
type ErrorBody = { error: string; code: string };

async function countRows(t: TestApp): Promise<{ products: number; images: number }> {
  const db = t.built.deps.db.kysely;
  const p = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const i = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { products: Number(p.n), images: Number(i.n) };
}

function storedFileOf(t: TestApp, imageUrl: string): string {
  expect(imageUrl).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.(jpg|png|webp)$/);
  return path.join(uploadsRoot(t), imageUrl.replace(/^\/uploads\//, ''));
}

describe.each(ENGINES)('product images on %s', (engine) => {
  const t = useTestApp(engine);

  it('stores a real JPEG re-encoded (EXIF gone, longest side capped) under a random name and serves it', async () => {
    const { token } = await t.buildUser({ role: 'manager' });
    const original = await makeJpeg(2400, 1200);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await sendForm<ProductBody>(t, 'POST', '/api/products', {
      token,
      fields: productFormFields(),
      file: { data: original, filename: 'IMG_0001.JPG', type: 'image/jpeg' },
    });
    expect(res.status).toBe(201);
    const url = res.body.product.image_url ?? '';
    const file = storedFileOf(t, url);
    expect(url.endsWith('.jpg')).toBe(true);
    const stored = fs.readFileSync(file);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(stored.includes(Buffer.from('Somchai Private'))).toBe(false);

    const row = await t.built.deps.db.kysely
      .selectFrom('images')
      .select(['store', 'key', 'url', 'size_bytes', 'width', 'height', 'content_type'])
      .where('url', '=', url)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ store: 'local', width: 1600, height: 800, content_type: 'image/jpeg' });
    expect(row.size_bytes).toBe(stored.length);

    // Served publicly (img tags send no token), with long cache headers.
    const served = await fetch(`${t.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
  });

  it('stores a PNG as PNG and a GIF as WebP', async () => {
    const { token } = await t.buildUser({ role: 'admin' });
    const png = await sendForm<ProductBody>(t, 'POST', '/api/products', {
      token,
      fields: productFormFields(),
      file: { data: await makePng(), filename: 'logo.png', type: 'image/png' },
    });
    expect(png.status).toBe(201);
    const pngFile = fs.readFileSync(storedFileOf(t, png.body.product.image_url ?? ''));
    const pngMeta = await sharp(pngFile).metadata();
    expect(pngMeta).toMatchObject({ format: 'png', width: 300, height: 200, hasAlpha: true });
    expect(pngMeta.exif).toBeUndefined();
    const servedPng = await fetch(`${t.url}${png.body.product.image_url}`);
    expect(servedPng.headers.get('content-type')).toBe('image/png');

    const gif = await sendForm<ProductBody>(t, 'POST', '/api/products', {
      token,
      fields: productFormFields(),
      file: { data: await makeGif(), filename: 'anim.gif', type: 'image/gif' },
    });
    expect(gif.status).toBe(201);
    expect(gif.body.product.image_url).toMatch(/\.webp$/);
    const gifMeta = await sharp(fs.readFileSync(storedFileOf(t, gif.body.product.image_url ?? ''))).metadata();
    expect(gifMeta).toMatchObject({ format: 'webp', width: 120, height: 80 });
  });

  it.each([
    [
      'an SVG',
      () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
      'evil.svg',
      'image/svg+xml',
      415,
      'IMAGE_UNSUPPORTED_TYPE',
    ],
    [
      'an HTML file renamed .png',
      () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
      'photo.png',
      'image/png',
      415,
      'IMAGE_UNSUPPORTED_TYPE',
    ],
    [
      'a PDF',
      () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
      'doc.jpg',
      'image/jpeg',
      415,
      'IMAGE_UNSUPPORTED_TYPE',
    ],
    [
      'a truncated JPEG',
      async () => {
        const jpeg = await makeJpeg(640, 480);
        return jpeg.subarray(0, Math.floor(jpeg.length / 2));
      },
      'cut.jpg',
      'image/jpeg',
      400,
      'IMAGE_INVALID',
    ],
    [
      'a 6 MB file',
      async () => {
        const jpeg = await makeJpeg(64, 64);
        return Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024 - jpeg.length, 7)]);
      },
      'huge.jpg',
      'image/jpeg',
      413,
      'IMAGE_TOO_LARGE',
    ],
  ] as const)(
    'refuses %s with a Thai message and leaves nothing stored',
    async (_label, make, filename, type, status, code) => {
      const { token } = await t.buildUser({ role: 'manager' });
      const filesBefore = uploadedFiles(t);
      const rowsBefore = await countRows(t);
      const res = await sendForm<ErrorBody>(t, 'POST', '/api/products', {
        token,
        fields: productFormFields(),
        file: { data: await make(), filename, type },
      });
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
      expect(res.body.error).toMatch(/[\u0E00-\u0E7F]/);
      expect(uploadedFiles(t)).toEqual(filesBefore);
      expect(await countRows(t)).toEqual(rowsBefore);
    },
  );

  it('stores nothing when the rest of the form is refused (duplicate SKU, missing price)', async () => {
    const { token } = await t.buildUser({ role: 'manager' });
    const first = await sendForm<ProductBody>(t, 'POST', '/api/products', { token, fields: productFormFields() });
    const filesBefore = uploadedFiles(t);
    const image = { data: await makeJpeg(100, 100), filename: 'a.jpg', type: 'image/jpeg' };
    const dup = await sendForm(t, 'POST', '/api/products', {
      token,
      fields: productFormFields({ barcode: first.body.product.sku }),
      file: image,
    });
    expect(dup.status).toBe(409);
    const noPrice = await sendForm(t, 'POST', '/api/products', {
      token,
      fields: productFormFields({ price: '' }),
      file: image,
    });
    expect(noPrice.status).toBe(400);
    expect(uploadedFiles(t)).toEqual(filesBefore);
  });

  it('replaces the image on edit and keeps the old file; image_url "" removes it; no image keeps it', async () => {
    const { token } = await t.buildUser({ role: 'manager' });
    const created = await sendForm<ProductBody>(t, 'POST', '/api/products', {
      token,
      fields: productFormFields(),
      file: { data: await makeJpeg(200, 200), filename: 'one.jpg', type: 'image/jpeg' },
    });
    const product = created.body.product;
    const oldFile = storedFileOf(t, product.image_url ?? '');
    const fields = productFormFields({ barcode: product.sku, name: product.name });

    const kept = await sendForm<ProductBody>(t, 'PUT', `/api/products/${product.id}`, { token, fields });
    expect(kept.body.product.image_url).toBe(product.image_url);

    const replaced = await sendForm<ProductBody>(t, 'PUT', `/api/products/${product.id}`, {
      token,
      fields,
      file: { data: await makePng(50, 50), filename: 'two.png', type: 'image/png' },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.product.image_url).not.toBe(product.image_url);
    expect(fs.existsSync(storedFileOf(t, replaced.body.product.image_url ?? ''))).toBe(true);
    expect(fs.existsSync(oldFile)).toBe(true);

    const removed = await sendForm<ProductBody>(t, 'PUT', `/api/products/${product.id}`, {
      token,
      fields: { ...fields, image_url: '' },
    });
    expect(removed.body.product.image_url).toBeNull();
  });

  it('ignores an empty file input, as a form with no file chosen sends one', async () => {
    const { token } = await t.buildUser({ role: 'manager' });
    const res = await sendForm<ProductBody>(t, 'POST', '/api/products', {
      token,
      fields: productFormFields(),
      file: { data: Buffer.alloc(0), filename: '', type: 'application/octet-stream' },
    });
    expect(res.status).toBe(201);
    expect(res.body.product.image_url).toBeNull();
  });

  it('serves no directory listing, no dotfiles and nothing outside the uploads folder', async () => {
    fs.writeFileSync(path.join(uploadsRoot(t), '.hidden'), 'secret');
    for (const url of [
      '/uploads/',
      '/uploads/products/',
      '/uploads/.hidden',
      '/uploads/../pos.db',
      '/uploads/%2e%2e/pos.db',
      '/uploads/..%2fpos.db',
      '/uploads/products/%2e%2e/%2e%2e/pos.db',
      '/uploads/nope.jpg',
    ]) {
      const res = await fetch(`${t.url}${url}`);
      const body = await res.text();
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
      expect(body, url).not.toContain('secret');
      expect(body, url).not.toContain('SQLite format');
    }
  });
});
