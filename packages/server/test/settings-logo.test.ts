import fs from 'node:fs';
import path from 'node:path';
import { ERROR_MESSAGES, type StoreSettings } from '@pos/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildProduct, makeJpeg, makePng, sendForm, uploadedFiles, uploadsRoot } from './helpers/catalogue-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

type LogoBody = { logo_url: string; logo: string; code?: string; error?: string };

function uploadLogo(t: TestApp, token: string, data: Buffer, filename = 'logo.png', type = 'image/png') {
  return sendForm<LogoBody>(t, 'POST', '/api/settings/logo', {
    token,
    file: { data, filename, type, field: 'logo' },
  });
}

async function storeLogo(t: TestApp, token: string): Promise<string> {
  const res = await t.request<{ settings: StoreSettings }>('GET', '/api/settings/store', { token });
  expect(res.status).toBe(200);
  expect(res.body.settings.system.logo).toBe(res.body.settings.system.logo_url);
  return res.body.settings.system.logo_url;
}

const fileOf = (t: TestApp, url: string) => path.join(uploadsRoot(t), url.replace(/^\/uploads\//, ''));

describe.each(ENGINES)('store logo on %s', (engine) => {
  const t = useTestApp(engine);

  it('stores an uploaded logo re-encoded, serves it, and gives it to every screen through the store settings', async () => {
    const { token } = await t.buildUser({ role: 'manager' });
    const res = await uploadLogo(t, token, await makeJpeg(2000, 1000), 'shop.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.logo_url).toMatch(/^\/uploads\/logo\/[0-9a-f]{32}\.jpg$/);
    expect(res.body.logo).toBe(res.body.logo_url);
    const stored = fs.readFileSync(fileOf(t, res.body.logo_url));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 256 });
    expect(meta.exif).toBeUndefined();

    const { token: cashier } = await t.buildUser({ role: 'cashier' });
    expect(await storeLogo(t, cashier)).toBe(res.body.logo_url);
    const served = await fetch(`${t.url}${res.body.logo_url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
    const row = await t.built.deps.db.kysely
      .selectFrom('images')
      .select(['store', 'width', 'height', 'size_bytes'])
      .where('url', '=', res.body.logo_url)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ store: 'local', width: 512, height: 256, size_bytes: stored.length });
  });

  it('replaces a logo: the old file goes only after the new one is saved; a refused file keeps the old logo', async () => {
    const { token } = await t.buildUser({ role: 'admin' });
    const first = await uploadLogo(t, token, await makePng(100, 100));
    expect(first.status).toBe(200);
    const second = await uploadLogo(t, token, await makePng(120, 120));
    expect(second.status).toBe(200);
    expect(second.body.logo_url).not.toBe(first.body.logo_url);
    expect(fs.existsSync(fileOf(t, first.body.logo_url))).toBe(false);
    expect(fs.existsSync(fileOf(t, second.body.logo_url))).toBe(true);
    const oldRows = await t.built.deps.db.kysely
      .selectFrom('images')
      .select('id')
      .where('url', '=', first.body.logo_url)
      .execute();
    expect(oldRows).toEqual([]);

    // A damaged file is refused before anything changes.
    const before = uploadedFiles(t);
    const broken = await uploadLogo(t, token, Buffer.concat([(await makePng()).subarray(0, 40), Buffer.alloc(500, 7)]));
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('IMAGE_INVALID');
    expect(await storeLogo(t, token)).toBe(second.body.logo_url);
    expect(uploadedFiles(t)).toEqual(before);
  });

  it('keeps the old logo file when a product shows the same picture', async () => {
    const { token } = await t.buildUser({ role: 'admin' });
    const first = await uploadLogo(t, token, await makePng(90, 90));
    const product = await buildProduct(t);
    await t.built.deps.db.kysely
      .updateTable('products')
      .set({ image_url: first.body.logo_url })
      .where('id', '=', product.id)
      .execute();
    const second = await uploadLogo(t, token, await makePng(80, 80));
    expect(second.status).toBe(200);
    expect(fs.existsSync(fileOf(t, first.body.logo_url))).toBe(true);
  });

  it('refuses a file over 5 MB with the spec message, and anything that is not an image, storing nothing', async () => {
    const { token } = await t.buildUser({ role: 'admin' });
    const current = await storeLogo(t, token);
    const before = uploadedFiles(t);
    const png = await makePng();
    const tooBig = await uploadLogo(t, token, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'LOGO_TOO_LARGE', error: 'ไฟล์มีขนาดใหญ่เกินไป กรุณาเลือกไฟล์ที่ไม่เกิน 5MB' });

    const text = await uploadLogo(t, token, Buffer.from('ร้านของเรา\n'.repeat(50)), 'logo.png', 'image/png');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ code: 'LOGO_NOT_AN_IMAGE', error: ERROR_MESSAGES.LOGO_NOT_AN_IMAGE });
    const pdf = await uploadLogo(
      t,
      token,
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
      'logo.pdf',
      'application/pdf',
    );
    expect(pdf.status).toBe(400);
    expect(pdf.body.code).toBe('LOGO_NOT_AN_IMAGE');
    const pngHeaderOnGarbage = Buffer.concat([png.subarray(0, 33), Buffer.alloc(2000, 7)]);
    const garbage = await uploadLogo(t, token, pngHeaderOnGarbage);
    expect(garbage.status).toBe(400);
    expect(garbage.body.code).toBe('IMAGE_INVALID');

    const noFile = await sendForm<LogoBody>(t, 'POST', '/api/settings/logo', { token, fields: { logo: 'x' } });
    expect(noFile.status).toBe(400);
    expect(noFile.body.code).toBe('LOGO_FILE_REQUIRED');
    const wrongField = await sendForm<LogoBody>(t, 'POST', '/api/settings/logo', {
      token,
      file: { data: png, filename: 'logo.png', type: 'image/png', field: 'newImage' },
    });
    expect(wrongField.status).toBe(400);
    const json = await t.request('POST', '/api/settings/logo', { token, body: { logo_url: '/etc/passwd' } });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe('LOGO_FILE_REQUIRED');

    expect(await storeLogo(t, token)).toBe(current);
    expect(uploadedFiles(t)).toEqual(before);
  });

  it('deletes the logo and its file; deleting again is harmless', async () => {
    const { token } = await t.buildUser({ role: 'manager' });
    const up = await uploadLogo(t, token, await makePng(64, 64));
    expect(up.status).toBe(200);
    const del = await t.request<LogoBody>('DELETE', '/api/settings/logo', { token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ logo_url: '', logo: '' });
    expect(await storeLogo(t, token)).toBe('');
    expect(fs.existsSync(fileOf(t, up.body.logo_url))).toBe(false);
    expect((await t.request('DELETE', '/api/settings/logo', { token })).status).toBe(200);
  });

  it('keeps the logo when a settings form opened before an upload or delete is saved (only the logo calls change it)', async () => {
    const { token } = await t.buildUser({ role: 'admin' });
    // The form was opened while there was no logo; the upload happens in another tab.
    const opened = await t.request<{ settings: { system: Record<string, unknown> } }>('GET', '/api/settings', {
      token,
    });
    const up = await uploadLogo(t, token, await makePng(64, 64));
    expect(up.status).toBe(200);
    const save = (system: Record<string, unknown>) =>
      t.request('PUT', '/api/settings', { token, body: { settings: { system } } });
    const { storeName: _name, taxRate, address, logo_url } = opened.body.settings.system;
    expect(logo_url).toBe('');
    const first = await save({ storeName: 'ร้านหลังอัปโหลด', taxRate, address, logo_url });
    expect(first.status).toBe(200);
    expect(await storeLogo(t, token)).toBe(up.body.logo_url);
    expect(fs.existsSync(fileOf(t, up.body.logo_url))).toBe(true);

    // And the other way round: a form that still holds the old logo does not bring it back after a delete.
    expect((await t.request('DELETE', '/api/settings/logo', { token })).status).toBe(200);
    const second = await save({ storeName: 'ร้านหลังลบโลโก้', logo_url: up.body.logo_url });
    expect(second.status).toBe(200);
    expect(await storeLogo(t, token)).toBe('');
  });

  it('lets only settings_edit holders change the logo', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const up = await uploadLogo(t, token, await makePng());
    expect(up.status).toBe(403);
    expect(up.body.code).toBe('FORBIDDEN');
    expect((await t.request('DELETE', '/api/settings/logo', { token })).status).toBe(403);
    expect((await t.request('DELETE', '/api/settings/logo')).status).toBe(401);
  });
});
