import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('image store configuration', () => {
  it('keeps images on local disk with a 1 GB storage limit by default', () => {
    expect(loadConfig({})).toMatchObject({ cloudinary: null, imageStorageLimitMb: 1024 });
    expect(loadConfig({ IMAGE_STORAGE_LIMIT_MB: '500' }).imageStorageLimitMb).toBe(500);
  });

  it('takes Cloudinary from CLOUDINARY_URL, with an optional API base, in the pos folder unless told', () => {
    expect(loadConfig({ CLOUDINARY_URL: 'cloudinary://1234:s3cr%2Ft@my-shop' }).cloudinary).toEqual({
      cloudName: 'my-shop',
      apiKey: '1234',
      apiSecret: 's3cr/t',
      uploadPrefix: null,
      folder: 'pos',
    });
    expect(
      loadConfig({
        CLOUDINARY_URL: 'cloudinary://k:s@demo?upload_prefix=http://127.0.0.1:4567',
        CLOUDINARY_FOLDER: 'branch-2',
      }).cloudinary,
    ).toMatchObject({ uploadPrefix: 'http://127.0.0.1:4567', folder: 'branch-2' });
  });

  it('takes Cloudinary from its three variables, all or none', () => {
    expect(
      loadConfig({ CLOUDINARY_CLOUD_NAME: 'demo', CLOUDINARY_API_KEY: 'k', CLOUDINARY_API_SECRET: 's' }).cloudinary,
    ).toEqual({ cloudName: 'demo', apiKey: 'k', apiSecret: 's', uploadPrefix: null, folder: 'pos' });
    expect(() => loadConfig({ CLOUDINARY_CLOUD_NAME: 'demo', CLOUDINARY_API_KEY: 'k' })).toThrow(
      /^CLOUDINARY_API_SECRET must be set too/,
    );
  });

  it.each([
    ['CLOUDINARY_URL', 'https://k:s@demo'],
    ['CLOUDINARY_URL', 'cloudinary://demo'],
    ['CLOUDINARY_URL', 'not a url'],
    ['CLOUDINARY_URL', 'cloudinary://k:s@demo?upload_prefix=ftp://x'],
    ['CLOUDINARY_FOLDER', '../other'],
    ['IMAGE_STORAGE_LIMIT_MB', '0'],
    ['IMAGE_STORAGE_LIMIT_MB', 'lots'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    const env = { CLOUDINARY_URL: 'cloudinary://k:s@demo', [name]: value };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${name} `));
  });
});
