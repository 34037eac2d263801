import {
  RESULT_MESSAGES,
  CategoriesResponse,
  CategoryResponse,
  CategoryStatsResponse,
  CreateCategoryRequest,
  DeleteCategoryQuery,
  DeleteCategoryResponse,
  IdParams,
  ListCategoriesQuery,
  ReorderCategoriesRequest,
  UpdateCategoryRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { needs } from '../../http/route-access';
import {
  categoryStats,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  reorderCategories,
  updateCategory,
} from './categories.service';

/**
 * Reading categories needs products_view: the product, POS and barcode screens
 * all filter by category. Changing them needs settings_edit, not products_*:
 * categories are managed on the settings screen's categories tab (spec 001 §2),
 * which the manager may edit even though the manager holds no products_delete.
 *
 * The fixed paths (/categories/reorder, /categories/stats/overview) are static
 * routes, which the router always prefers over /categories/:id.
 */
export function categoriesRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['categories'];
    app.get(
      '/categories',
      {
        config: { access: needs('products_view') },
        schema: { tags, querystring: ListCategoriesQuery, response: { 200: CategoriesResponse } },
      },
      async (req) => ({
        categories: await listCategories(deps, {
          activeOnly: req.query.active_only ?? false,
          includeCounts: req.query.include ?? false,
        }),
      }),
    );
    app.get(
      '/categories/stats/overview',
      { config: { access: needs('products_view') }, schema: { tags, response: { 200: CategoryStatsResponse } } },
      async () => ({ stats: await categoryStats(deps) }),
    );
    app.put(
      '/categories/reorder',
      {
        config: { access: needs('settings_edit'), errors: [404] },
        schema: { tags, body: ReorderCategoriesRequest, response: { 200: CategoriesResponse } },
      },
      async (req) => ({ categories: await reorderCategories(deps, req.body) }),
    );
    app.get(
      '/categories/:id',
      {
        config: { access: needs('products_view') },
        schema: { tags, params: IdParams, response: { 200: CategoryResponse } },
      },
      async (req) => ({ category: await getCategory(deps, req.params.id) }),
    );
    app.post(
      '/categories',
      {
        config: { access: needs('settings_edit'), errors: [409] },
        schema: { tags, body: CreateCategoryRequest, response: { 201: CategoryResponse } },
      },
      async (req, reply) => reply.code(201).send({ category: await createCategory(deps, req.body) }),
    );
    app.put(
      '/categories/:id',
      {
        config: { access: needs('settings_edit'), errors: [409] },
        schema: { tags, params: IdParams, body: UpdateCategoryRequest, response: { 200: CategoryResponse } },
      },
      async (req) => ({ category: await updateCategory(deps, req.params.id, req.body) }),
    );
    app.delete(
      '/categories/:id',
      {
        config: { access: needs('settings_edit'), errors: [409] },
        schema: { tags, params: IdParams, querystring: DeleteCategoryQuery, response: { 200: DeleteCategoryResponse } },
      },
      async (req) => {
        const { name, movedProducts } = await deleteCategory(deps, req.params.id, req.query.force ?? false);
        return {
          ok: true as const,
          message:
            movedProducts > 0
              ? RESULT_MESSAGES.categoryDeletedMoving(name, movedProducts)
              : RESULT_MESSAGES.categoryDeleted(name),
          moved_products: movedProducts,
        };
      },
    );
  };
}
