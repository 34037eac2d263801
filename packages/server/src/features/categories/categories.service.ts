import {
  satangToBaht,
  type Category,
  type CategoryStats,
  type CreateCategoryRequest,
  type ReorderCategoriesRequest,
  type UpdateCategoryRequest,
} from '@pos/core';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../http/app-error';
import {
  categoryStatsRows,
  clearProductsCategory,
  countLiveProducts,
  countLiveProductsByCategory,
  deleteCategoryRow,
  findCategory,
  findCategoryByName,
  insertCategory,
  listCategoryRows,
  maxSortOrder,
  toApiCategory,
  updateCategoryRow,
} from './categories.queries';

type CategoryDeps = Pick<Deps, 'db' | 'now'>;

export async function listCategories(
  deps: CategoryDeps,
  options: { activeOnly: boolean; includeCounts: boolean },
): Promise<Category[]> {
  const rows = await listCategoryRows(deps.db.kysely, { activeOnly: options.activeOnly });
  if (!options.includeCounts) return rows.map((row) => toApiCategory(row));
  const counts = await countLiveProductsByCategory(deps.db.kysely);
  return rows.map((row) => toApiCategory(row, counts.get(row.id) ?? 0));
}

export async function getCategory(deps: CategoryDeps, id: number): Promise<Category> {
  const row = await findCategory(deps.db.kysely, id);
  if (!row) throw notFound('CATEGORY_NOT_FOUND');
  const counts = await countLiveProductsByCategory(deps.db.kysely, id);
  return toApiCategory(row, counts.get(id) ?? 0);
}

const nameTaken = (name: string) => conflict('CATEGORY_NAME_TAKEN', { details: { name } });

export async function createCategory(
  deps: CategoryDeps,
  input: z.output<typeof CreateCategoryRequest>,
): Promise<Category> {
  try {
    return await deps.db.kysely.transaction().execute(async (trx) => {
      if (await findCategoryByName(trx, input.name)) throw nameTaken(input.name);
      const row = await insertCategory(trx, {
        name: input.name,
        description: input.description,
        color: input.color,
        icon: input.icon,
        sort_order: input.sort_order ?? (await maxSortOrder(trx)) + 1,
        is_active: input.is_active ? 1 : 0,
        now: deps.now().toISOString(),
      });
      return toApiCategory(row, 0);
    });
  } catch (err) {
    // Two requests raced for the same name; the unique index decided.
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}

export async function updateCategory(
  deps: CategoryDeps,
  id: number,
  input: z.output<typeof UpdateCategoryRequest>,
): Promise<Category> {
  try {
    return await deps.db.kysely.transaction().execute(async (trx) => {
      if (!(await findCategory(trx, id))) throw notFound('CATEGORY_NOT_FOUND');
      if (input.name !== undefined) {
        const same = await findCategoryByName(trx, input.name);
        if (same && same.id !== id) throw nameTaken(input.name);
      }
      // Products refer to the category by id, so a new name shows on them at once;
      // sales keep the name they were sold under.
      const row = await updateCategoryRow(trx, id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description ?? '' }),
        ...(input.color !== undefined && { color: input.color }),
        ...(input.icon !== undefined && { icon: input.icon }),
        ...(input.sort_order !== undefined && { sort_order: input.sort_order }),
        ...(input.is_active !== undefined && { is_active: input.is_active ? 1 : 0 }),
        updated_at: deps.now().toISOString(),
      });
      if (!row) throw notFound('CATEGORY_NOT_FOUND');
      const counts = await countLiveProductsByCategory(trx, id);
      return toApiCategory(row, counts.get(id) ?? 0);
    });
  } catch (err) {
    if (isUniqueViolation(err) && input.name !== undefined) throw nameTaken(input.name);
    throw err;
  }
}

/**
 * Deletes a category. While live products use it the answer is 409, unless
 * `force`, which first moves those products to no category (in the same transaction).
 */
export async function deleteCategory(
  deps: CategoryDeps,
  id: number,
  force: boolean,
): Promise<{ name: string; movedProducts: number }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const row = await findCategory(trx, id);
    if (!row) throw notFound('CATEGORY_NOT_FOUND');
    const inUse = (await countLiveProductsByCategory(trx, id)).get(id) ?? 0;
    if (inUse > 0 && !force) {
      throw conflict('CATEGORY_IN_USE', { details: { name: row.name, products: inUse } });
    }
    const movedProducts = inUse > 0 ? await clearProductsCategory(trx, id, deps.now().toISOString()) : 0;
    await deleteCategoryRow(trx, id);
    return { name: row.name, movedProducts };
  });
}

export async function reorderCategories(
  deps: CategoryDeps,
  order: z.output<typeof ReorderCategoriesRequest>,
): Promise<Category[]> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const now = deps.now().toISOString();
    for (const { id, sort_order } of order) {
      if (!(await updateCategoryRow(trx, id, { sort_order, updated_at: now }))) {
        throw notFound('CATEGORY_NOT_FOUND');
      }
    }
  });
  return listCategories(deps, { activeOnly: false, includeCounts: false });
}

export async function categoryStats(deps: CategoryDeps): Promise<CategoryStats> {
  const [rows, products] = await Promise.all([categoryStatsRows(deps.db.kysely), countLiveProducts(deps.db.kysely)]);
  return {
    total_categories: rows.length,
    active_categories: rows.filter((r) => r.is_active === 1).length,
    total_products: products.total,
    uncategorized_products: products.uncategorized,
    categories: rows.map((r) => ({
      id: r.id,
      name: r.name,
      color: r.color,
      icon: r.icon,
      is_active: r.is_active === 1,
      product_count: r.product_count,
      total_stock: r.total_stock,
      low_stock_count: r.low_stock_count,
      stock_value: satangToBaht(r.stock_value),
    })),
  };
}
