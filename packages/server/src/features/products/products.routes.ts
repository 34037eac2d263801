import {
  DeleteProductResponse,
  IdParams,
  ListProductsQuery,
  PosProductsResponse,
  ProductCategoryNamesResponse,
  ProductResponse,
  ProductsResponse,
  ProductWriteRequest,
  StockMovementsResponse,
  UpdateStockRequest,
  UpdateStockResponse,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { currentUser, needs } from '../../http/route-access';
import { parseBody } from '../../http/validate';
import { readProductForm } from './product-form';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProductCategoryNames,
  listPosProducts,
  listProducts,
  listStockMovements,
  setStock,
  updateProduct,
} from './products.service';

/**
 * POST and PUT take the product dialog's multipart form (or JSON): the body
 * is read and validated in the route with the core schema, because Fastify's
 * schema validation never sees multipart fields.
 */
const formSchema = {
  consumes: ['multipart/form-data', 'application/json'],
  description:
    'Fields of ProductWriteRequest as text (sizes/colors as JSON text, sku may come as `barcode`), image file `newImage` (JPEG, PNG, GIF or WebP, at most 5 MB).',
};

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
    // The till's lighter list; a static path, which the router prefers over /products/:id.
    app.get(
      '/products/pos',
      {
        config: { access: needs('products_view') },
        schema: { tags, response: { 200: PosProductsResponse } },
      },
      async () => ({ products: await listPosProducts(deps) }),
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
        config: { access: needs('products_create') },
        schema: { tags, ...formSchema, response: { 201: ProductResponse } },
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
        config: { access: needs('products_edit') },
        schema: { tags, ...formSchema, params: IdParams, response: { 200: ProductResponse } },
      },
      async (req) => {
        const form = await readProductForm(req);
        const input = parseBody(ProductWriteRequest, form.fields);
        return { product: await updateProduct(deps, currentUser(req), req.params.id, input, form.image) };
      },
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
          message: soft ? 'ลบสินค้าแล้ว (เก็บไว้ในประวัติการขาย)' : 'ลบสินค้าแล้ว',
          soft_deleted: soft,
        };
      },
    );
    app.patch(
      '/products/:id/stock',
      {
        config: { access: needs('products_edit') },
        schema: { tags, params: IdParams, body: UpdateStockRequest, response: { 200: UpdateStockResponse } },
      },
      async (req) => setStock(deps, currentUser(req), req.params.id, req.body),
    );
    app.get(
      '/products/:id/stock-movements',
      {
        config: { access: needs('products_view') },
        schema: { tags, params: IdParams, response: { 200: StockMovementsResponse } },
      },
      async (req) => ({ movements: await listStockMovements(deps, req.params.id) }),
    );
  };
}
