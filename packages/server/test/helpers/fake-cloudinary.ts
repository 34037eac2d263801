import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';

/** One call the Cloudinary SDK made, as the fake received it. */
export interface CloudinaryCall {
  method: string;
  /** Path without the query, e.g. /v1_1/demo/image/upload. */
  path: string;
  query: Record<string, string | string[]>;
  /** Form fields of uploader calls (upload, destroy), the `file` field's data left out. */
  fields: Record<string, string>;
  /** `key:secret` of admin API calls (HTTP basic auth); null on uploader calls. */
  basicAuth: string | null;
  /** Uploader calls: whether `signature` is the SHA-1 the API secret gives over the signed fields. */
  signatureValid: boolean | null;
}

export interface FakeResource {
  public_id: string;
  format: string;
  bytes: number;
  width: number;
  height: number;
  created_at: string;
  secure_url: string;
}

export interface FakeCloudinary {
  /** What to put in CLOUDINARY_URL: cloudinary://key:secret@cloud?upload_prefix=http://127.0.0.1:port */
  cloudinaryUrl: string;
  cloudName: string;
  calls: CloudinaryCall[];
  resources: Map<string, FakeResource>;
  /** What GET /usage answers (Cloudinary's own field names). */
  usage: Record<string, unknown>;
  /** While set, every call answers this HTTP status with Cloudinary's error body. */
  failWith: number | null;
  /** While set, every call waits for it before answering: a slow Cloudinary. */
  hold: Promise<void> | null;
  /** Largest page the resources listing gives, whatever max_results asks (to exercise next_cursor). */
  pageSize: number;
  /** Adds a resource as if uploaded earlier (another app's, or an old one of ours). */
  seed(publicId: string, options?: { bytes?: number; createdAt?: string; format?: string }): FakeResource;
  deliveryUrl(publicId: string, format: string): string;
  close(): Promise<void>;
}

const API_KEY = '123456789012345';
const API_SECRET = 'fake-cloudinary-secret';

/** Cloudinary's string to sign (signature version 2): sorted k=v, & in values escaped, joined by &. */
function expectedSignature(fields: Record<string, string>): string {
  const signed = Object.entries(fields)
    .filter(([k, v]) => !['file', 'api_key', 'signature', 'resource_type', 'cloud_name'].includes(k) && v !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`.replace(/&/g, '%26'))
    .join('&');
  return createHash('sha1')
    .update(signed + API_SECRET)
    .digest('hex');
}

function basicAuthOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const match = /^Basic (.+)$/.exec(header);
  return match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : null;
}

/**
 * A small HTTP server on 127.0.0.1 answering the calls the official SDK makes
 * for our store: upload and destroy (signed multipart forms), and the admin
 * API's resources listing, usage and sub-folders (basic auth). It keeps the
 * uploaded images (dimensions read with sharp) and records every call.
 */
export async function startFakeCloudinary(cloudName = 'demo'): Promise<FakeCloudinary> {
  const app = Fastify({ logger: false });
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fieldSize: 20 * 1024 * 1024 } });
  let version = 1_700_000_000;
  let origin = '';

  const fake: FakeCloudinary = {
    cloudinaryUrl: '',
    cloudName,
    calls: [],
    resources: new Map(),
    usage: {
      plan: 'Free',
      last_updated: '2026-11-24',
      storage: { usage: 0, credits_usage: 0 },
      bandwidth: { usage: 7 * 1024 * 1024, credits_usage: 0.01, limit: 70 * 1024 * 1024, used_percent: 10 },
      credits: { usage: 0.5, limit: 25, used_percent: 2 },
      resources: 0,
    },
    failWith: null,
    hold: null,
    pageSize: 500,
    deliveryUrl: (publicId, format) => `${origin}/${cloudName}/image/upload/v${version}/${publicId}.${format}`,
    seed(publicId, options = {}) {
      version += 1;
      const format = options.format ?? 'jpg';
      const resource: FakeResource = {
        public_id: publicId,
        format,
        bytes: options.bytes ?? 1000,
        width: 10,
        height: 10,
        created_at: options.createdAt ?? new Date().toISOString(),
        secure_url: fake.deliveryUrl(publicId, format),
      };
      fake.resources.set(publicId, resource);
      return resource;
    },
    close: () => app.close(),
  };

  app.addHook('preHandler', async (request, reply) => {
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries((request.body as Record<string, unknown> | undefined) ?? {})) {
      if (k !== 'file') fields[k] = String(v);
    }
    const raw = (request.body as Record<string, unknown> | undefined) ?? {};
    const isUploader = request.method === 'POST';
    fake.calls.push({
      method: request.method,
      path: request.url.split('?')[0] ?? '',
      query: request.query as Record<string, string | string[]>,
      fields,
      basicAuth: basicAuthOf(request),
      signatureValid: isUploader
        ? fields.signature ===
          expectedSignature(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)])))
        : null,
    });
    if (fake.hold) await fake.hold;
    if (fake.failWith !== null) {
      return reply.code(fake.failWith).send({ error: { message: 'Service temporarily unavailable (fake)' } });
    }
    const authorised = isUploader
      ? fields.api_key === API_KEY && fake.calls.at(-1)?.signatureValid
      : basicAuthOf(request) === `${API_KEY}:${API_SECRET}`;
    if (!authorised) return reply.code(401).send({ error: { message: 'Invalid Signature or credentials (fake)' } });
  });

  app.post(`/v1_1/${cloudName}/image/upload`, async (request, reply) => {
    const body = request.body as Record<string, string>;
    const match = /^data:([^;]+);base64,(.*)$/s.exec(body.file ?? '');
    if (!match?.[2]) return reply.code(400).send({ error: { message: 'Invalid file (fake)' } });
    const data = Buffer.from(match[2], 'base64');
    const meta = await sharp(data).metadata();
    const publicId = body.public_id ?? `random${version}`;
    if (fake.resources.has(publicId) && ['0', 'false'].includes(body.overwrite ?? '')) {
      return reply.code(400).send({ error: { message: 'Resource already exists (fake)' } });
    }
    const resource = fake.seed(publicId, { bytes: data.length, format: meta.format === 'jpeg' ? 'jpg' : meta.format });
    resource.width = meta.width ?? 0;
    resource.height = meta.pageHeight ?? meta.height ?? 0;
    return { ...resource, version, resource_type: 'image', type: 'upload', url: resource.secure_url };
  });

  app.post(`/v1_1/${cloudName}/image/destroy`, async (request) => {
    const publicId = (request.body as Record<string, string>).public_id ?? '';
    return { result: fake.resources.delete(publicId) ? 'ok' : 'not found' };
  });

  app.get(`/v1_1/${cloudName}/resources/image/upload`, async (request) => {
    const query = request.query as Record<string, string>;
    const prefix = query.prefix ?? '';
    const all = [...fake.resources.values()]
      .filter((r) => r.public_id.startsWith(prefix))
      .sort((a, b) => a.public_id.localeCompare(b.public_id));
    const offset = Number(query.next_cursor ?? 0);
    const size = Math.min(Number(query.max_results ?? 10), fake.pageSize);
    const page = all.slice(offset, offset + size);
    return {
      resources: page.map((r) => ({ ...r, resource_type: 'image', type: 'upload', url: r.secure_url })),
      ...(offset + size < all.length ? { next_cursor: String(offset + size) } : {}),
    };
  });

  app.get(`/v1_1/${cloudName}/usage`, async () => {
    const bytes = [...fake.resources.values()].reduce((sum, r) => sum + r.bytes, 0);
    const storage = { ...(fake.usage.storage as object), usage: bytes };
    return { ...fake.usage, storage, resources: fake.resources.size };
  });

  app.get(`/v1_1/${cloudName}/folders/*`, async (request) => {
    const root = decodeURIComponent((request.params as Record<string, string>)['*'] ?? '');
    const names = new Set<string>();
    for (const id of fake.resources.keys()) {
      const rest = id.startsWith(`${root}/`) ? id.slice(root.length + 1).split('/') : [];
      if (rest.length > 1 && rest[0]) names.add(rest[0]);
    }
    const folders = [...names].sort().map((name) => ({ name, path: `${root}/${name}` }));
    return { folders, next_cursor: null, total_count: folders.length };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  origin = `http://127.0.0.1:${port}`;
  fake.cloudinaryUrl = `cloudinary://${API_KEY}:${API_SECRET}@${cloudName}?upload_prefix=${origin}`;
  return fake;
}

/**
 * A fake Cloudinary for this test file, started before its apps: `env` gets CLOUDINARY_URL (pass it to
 * useTestApp), and the SDK, which reads it from the process when the store first imports it, too.
 */
export function useFakeCloudinary(cloudName: string, env: Record<string, string>): () => FakeCloudinary {
  let fake: FakeCloudinary | undefined;
  beforeAll(async () => {
    fake = await startFakeCloudinary(cloudName);
    process.env.CLOUDINARY_URL = fake.cloudinaryUrl;
    env.CLOUDINARY_URL = fake.cloudinaryUrl;
  });
  afterAll(async () => {
    delete process.env.CLOUDINARY_URL;
    await fake?.close();
  });
  return () => {
    if (!fake) throw new Error('the fake Cloudinary has not started yet');
    return fake;
  };
}
