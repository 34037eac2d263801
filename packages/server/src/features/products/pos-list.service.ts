import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PosProductList, posProductsToColumns, PRODUCT_LIST_LIMIT_MAX } from '@pos/core';
import type { Deps } from '../../deps';
import { listPosProductRows, readCatalogueVersion, toPosProduct } from './products.queries';
import { listSellingVariantRows, toPosVariant, type VariantRow } from './variants.queries';
import { inGridOrder } from './variants.service';

export type PosListEncoding = 'br' | 'gzip';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Compressed once per version and sent to every till: quick enough to redo after each sale. */
const ENCODE: Record<PosListEncoding, (json: Buffer) => Promise<Buffer>> = {
  gzip: (json) => gzip(json, { level: 6 }),
  br: (json) =>
    brotli(json, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
};

/** The till's product list as sent, for one catalogue version. */
export interface PosListBody {
  version: string;
  /** A weak validator (the same list in any encoding): a hash of the JSON, so equal lists match anywhere. */
  etag: string;
  json: Buffer;
  /** The JSON compressed with `encoding` (made on first use, then kept with the version). */
  encoded(encoding: PosListEncoding): Promise<Buffer>;
}

async function buildBody(deps: Pick<Deps, 'db'>, version: string): Promise<PosListBody> {
  const rows = await listPosProductRows(deps.db.kysely, PRODUCT_LIST_LIMIT_MAX);
  const variants = new Map<number, VariantRow[]>();
  for (const v of await listSellingVariantRows(deps.db.kysely)) {
    const list = variants.get(v.product_id);
    if (list) list.push(v);
    else variants.set(v.product_id, [v]);
  }
  const products = rows.map((row) => {
    const product = toPosProduct(row, []);
    product.variants = inGridOrder(variants.get(row.id) ?? [], product).map(toPosVariant);
    return product;
  });
  // The server answers only what the API promises (the browser checks only the shape, see core).
  const checked = PosProductList.parse(products);
  // Sent as columns (see core's pos-product-columns.ts): half the characters for a slow till to read.
  const json = Buffer.from(JSON.stringify({ columns: posProductsToColumns(checked) }));
  const etag = `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  const encodings = new Map<PosListEncoding, Promise<Buffer>>();
  return {
    version,
    etag,
    json,
    encoded(encoding) {
      let pending = encodings.get(encoding);
      if (!pending) {
        pending = ENCODE[encoding](json);
        // A failure is not kept: the next request tries again.
        pending.catch(() => encodings.delete(encoding));
        encodings.set(encoding, pending);
      }
      return pending;
    },
  };
}

/**
 * `GET /api/products/pos` (spec 000 §7: every product, up to 10,000) made once per catalogue version
 * and kept in memory (issue 10 item 6): reading, checking, serialising and compressing 10,000 rows
 * took ~120 ms of the server's CPU per request. Each request reads only the version, which the
 * database bumps with every product or category write (whichever server process made it), so the
 * answer is never older than the last write committed before the request.
 */
export function createPosList(deps: Pick<Deps, 'db'>): { current(): Promise<PosListBody> } {
  let kept: PosListBody | null = null;
  /** The version the database gave last. */
  let latest: string | null = null;
  /** Builds under way, by version: concurrent requests for one version share one build. */
  const building = new Map<string, Promise<PosListBody>>();

  async function current(): Promise<PosListBody> {
    // The version first, then the rows: rows at least as new as the version they are kept under.
    const version = await readCatalogueVersion(deps.db.kysely);
    latest = version;
    if (kept?.version === version) return kept;
    let build = building.get(version);
    if (!build) {
      build = buildBody(deps, version).finally(() => building.delete(version));
      building.set(version, build);
    }
    const body = await build;
    // Kept only if still the database's latest: a slower build of an older version may finish after a newer one.
    if (body.version === latest) kept = body;
    return body;
  }

  return { current };
}
