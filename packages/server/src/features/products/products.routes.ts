import {
  RESULT_MESSAGES,
  DeleteProductResponse,
  IdParams,
  isStockCountBody,
  ListProductsQuery,
  ListStockMovementsQuery,
  PosProductColumnsResponse,
  ProductCategoryNamesResponse,
  ProductResponse,
  ProductsResponse,
  ProductWriteForm,
  ProductWriteRequest,
  StockAdjustmentRequest,
  StockCountRequest,
  StockMovementsResponse,
  UpdateStockRequest,
  UpdateStockResponse,
  StyleCountRequest,
  StyleCountResponse,
  VariantGridRequest,
} from '@pos/core';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { etagMatches } from '../../http/etag';
import { needs } from '../../http/route-access';
import { currentUser } from '../../http/request-user';
import { parseBody } from '../../http/validate';
import { createPosList, type PosListEncoding } from './pos-list.service';
import { readProductForm } from './product-form-request';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProductCategoryNames,
  listProducts,
  updateProduct,
} from './products.service';
import { adjustStock, countStyle, listStockMovements, setStockCount } from './stock.service';
import { writeVariantGrid } from './variants.service';

/**
 * POST and PUT take the product dialog's multipart form (or JSON): the body
 * is read and validated in the route with the core schema, because Fastify's
 * schema validation never sees multipart fields. The body schemas per content
 * type describe both forms in the OpenAPI document.
 */
const formSchema = {
  description:
    'Fields of ProductWriteRequest as text (sizes/colors as JSON text, sku may come as `barcode`), image file `newImage` (JPEG, PNG, GIF or WebP, at most 5 MB).',
  body: {
    content: {
      'multipart/form-data': { schema: ProductWriteForm },
      'application/json': { schema: ProductWriteRequest },
    },
  },
};

/**
 * Leaves the body to the handler, which validates it once read (the form, or the
 * stock body against the form it is); checks the other parts. Fastify passes one
 * part's schema, though the type names the whole route's.
 */
const bodyReadByHandler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? (value: unknown) => ({ value })
    : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);

const EDIT_DESCRIPTION = `${formSchema.description} On edit, \`stock\` is ignored: a form opened before a sale would otherwise put sold units back. Change stock with PATCH /products/{id}/stock.`;

const STOCK_DESCRIPTION = [
  'Checked form (the web uses it): `{ mode: add|remove|set, amount, expected, reason, note? }` where `expected` is the stock the user saw.',
  'If the stock is no longer `expected`: 409 STOCK_CHANGED with the fresh stock in `details.stock`, nothing written.',
  '`reason` is received|counted|damaged|returned_to_supplier|other; `note` is required with other. Removing more than the stock is a 400.',
  'Older form `{ quantity, reason? }` (no `mode`): sets the stock to `quantity` without a check.',
  'Either form takes `variantId` (a size × colour variant of the product; `expected` is then its stock). Without it a',
  "product with one variant changes that one, and a product with sizes or colours its unassigned stock (`expected` is the product's stock).",
].join(' ');

const VARIANTS_DESCRIPTION = [
  "The product's whole size × colour grid (at most 500 cells): each cell a combination of its sizes and colours,",
  'with `sku` and `barcode` (left out: made from the product SKU; the barcode left out equals the SKU, empty means none),',
  '`price` (null: the product price) and `active`. A combination left out is removed, or switched off when sales or',
  'stock movements refer to it. Stock is not written here: PATCH /products/{id}/stock with `variantId`.',
  'A code held by another product or variant: 409 SKU_TAKEN naming it.',
].join(' ');

const POS_LIST_DESCRIPTION = [
  'Every live product (up to 10,000), only what selling needs, newest first,',
  'as columns: one array per field, the i-th product being the i-th entry of each, and `category` an index into `categories` (-1 for none).',
  'Answered with a weak `ETag` and `Cache-Control: private, no-cache`: send it back in `If-None-Match` and an unchanged list is a 304 without a body.',
  'The list changes with every product, stock, category, sale and refund write, whichever server process made it.',
].join(' ');

/** A 304 has no body. */
const NotModified = z.null().describe('Not Modified: the list is unchanged since the ETag sent in If-None-Match.');

/** Each made once per catalogue version (see pos-list.service.ts); a client taking neither gets the plain JSON. */
const POS_LIST_ENCODINGS: PosListEncoding[] = ['br', 'gzip'];

export function productsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['products'];
    app.get(
      '/products',
      {
        config: { access: needs('products_view') },
        schema: { tags, querystring: ListProductsQuery, response: { 200: ProductsResponse } },
      },
      async (req) => ({ products: await listProducts(deps, req.query) }),
    );
    // The till's lighter list, kept per catalogue version; a static path, which the router prefers over /products/:id.
    const posList = createPosList(deps);
    app.get(
      '/products/pos',
      {
        config: { access: needs('products_view') },
        schema: {
          tags,
          description: POS_LIST_DESCRIPTION,
          response: { 200: PosProductColumnsResponse, 304: NotModified },
        },
      },
      async (req, typedReply) => {
        // Sent as prepared bytes (Fastify does not serialise a Buffer); the schema documents what they hold.
        const reply = typedReply as FastifyReply;
        const body = await posList.current();
        // Browsers keep it and ask again each time (If-None-Match): a 304 when nothing changed.
        reply.header('cache-control', 'private, no-cache').header('etag', body.etag).header('vary', 'accept-encoding');
        if (etagMatches(req.headers['if-none-match'], body.etag)) return reply.code(304).send();
        const encoding = negotiate(req.headers['accept-encoding'] ?? '', POS_LIST_ENCODINGS);
        reply.type('application/json; charset=utf-8');
        if (!encoding) return reply.send(body.json);
        return reply.header('content-encoding', encoding).send(await body.encoded(encoding));
      },
    );
    // A static path: the router prefers it over /products/:id.
    app.get(
      '/products/categories/list',
      {
        config: { access: needs('products_view') },
        schema: { tags, response: { 200: ProductCategoryNamesResponse } },
      },
      async () => ({ categories: await listProductCategoryNames(deps) }),
    );
    app.get(
      '/products/:id',
      {
        config: { access: needs('products_view') },
        schema: { tags, params: IdParams, response: { 200: ProductResponse } },
      },
      async (req) => ({ product: await getProduct(deps, req.params.id) }),
    );
    app.post(
      '/products',
      {
        config: { access: needs('products_create'), errors: [409, 503] },
        schema: { tags, ...formSchema, response: { 201: ProductResponse } },
        validatorCompiler: bodyReadByHandler,
      },
      async (req, reply) => {
        const form = await readProductForm(req);
        const input = parseBody(ProductWriteRequest, form.fields);
        return reply.code(201).send({ product: await createProduct(deps, currentUser(req), input, form.image) });
      },
    );
    app.put(
      '/products/:id',
      {
        config: { access: needs('products_edit'), errors: [409, 503] },
        validatorCompiler: bodyReadByHandler,
        schema: {
          tags,
          ...formSchema,
          description: EDIT_DESCRIPTION,
          params: IdParams,
          response: { 200: ProductResponse },
        },
      },
      async (req) => {
        const form = await readProductForm(req);
        const input = parseBody(ProductWriteRequest, form.fields);
        return { product: await updateProduct(deps, req.params.id, input, form.image) };
      },
    );
    app.put(
      '/products/:id/variants',
      {
        config: { access: needs('products_edit'), errors: [409] },
        schema: {
          tags,
          description: VARIANTS_DESCRIPTION,
          params: IdParams,
          body: VariantGridRequest,
          response: { 200: ProductResponse },
        },
      },
      async (req) => ({ product: await writeVariantGrid(deps, req.params.id, req.body.variants) }),
    );
    app.delete(
      '/products/:id',
      {
        config: { access: needs('products_delete') },
        schema: { tags, params: IdParams, response: { 200: DeleteProductResponse } },
      },
      async (req) => {
        const { soft } = await deleteProduct(deps, req.params.id);
        return {
          ok: true as const,
          message: soft ? RESULT_MESSAGES.productSoftDeleted : RESULT_MESSAGES.productDeleted,
          soft_deleted: soft,
        };
      },
    );
    // The body schema describes both forms; the handler checks the body against the one it is,
    // so errors name that form's fields (a union's errors would name none).
    app.patch(
      '/products/:id/stock',
      {
        config: { access: needs('products_edit'), errors: [409] },
        schema: {
          tags,
          description: STOCK_DESCRIPTION,
          params: IdParams,
          body: UpdateStockRequest,
          response: { 200: UpdateStockResponse },
        },
        validatorCompiler: bodyReadByHandler,
      },
      async (req) =>
        isStockCountBody(req.body)
          ? setStockCount(deps, currentUser(req), req.params.id, parseBody(StockCountRequest, req.body))
          : adjustStock(deps, currentUser(req), req.params.id, parseBody(StockAdjustmentRequest, req.body)),
    );
    app.post(
      '/products/:id/stock-count',
      {
        config: { access: needs('products_edit'), errors: [409] },
        schema: {
          tags,
          description:
            'A style counted: `counts` of its variants ({ variantId, expected, counted }), saved as one counted adjustment per changed variant, only if each still holds `expected` (else 409 STOCK_CHANGED naming it, nothing written). `clearUnassigned`: the whole style was counted, so its unassigned stock becomes 0.',
          params: IdParams,
          body: StyleCountRequest,
          response: { 200: StyleCountResponse },
        },
      },
      async (req) => countStyle(deps, currentUser(req), req.params.id, req.body),
    );
    app.get(
      '/products/:id/stock-movements',
      {
        config: { access: needs('products_view') },
        schema: {
          tags,
          params: IdParams,
          querystring: ListStockMovementsQuery,
          response: { 200: StockMovementsResponse },
        },
      },
      async (req) => listStockMovements(deps, req.params.id, req.query),
    );
  };
}
