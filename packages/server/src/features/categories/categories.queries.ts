import type { Category } from '@pos/core';
import { LOW_STOCK_THRESHOLD } from '@pos/core';
import { sql, type Selectable } from 'kysely';
import type { CategoriesTable } from '../../db/schema';
import type { DbExecutor } from '../../db/executor';

export const CATEGORY_COLUMNS = [
  'id',
  'name',
  'description',
  'color',
  'icon',
  'sort_order',
  'is_active',
  'created_at',
  'updated_at',
] as const;
export type CategoryRow = Pick<Selectable<CategoriesTable>, (typeof CATEGORY_COLUMNS)[number]>;

export function toApiCategory(row: CategoryRow, productCount?: number): Category {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    icon: row.icon,
    sort_order: row.sort_order,
    is_active: row.is_active === 1,
    ...(productCount !== undefined && { product_count: productCount }),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function listCategoryRows(db: DbExecutor, options: { activeOnly: boolean }): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .select(CATEGORY_COLUMNS)
    .$if(options.activeOnly, (qb) => qb.where('is_active', '=', 1))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function listActiveCategoryNames(db: DbExecutor): Promise<string[]> {
  const rows = await db
    .selectFrom('categories')
    .select('name')
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.name);
}

export function findCategory(db: DbExecutor, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').select(CATEGORY_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The category of this name, compared case-insensitively as the unique index does. */
export function findCategoryByName(db: DbExecutor, name: string): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .select(CATEGORY_COLUMNS)
    .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`)
    .executeTakeFirst();
}

/** Live products per category id. */
export async function countLiveProductsByCategory(db: DbExecutor, categoryId?: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('products')
    .select((eb) => ['category_id', eb.fn.countAll<number>().as('n')])
    .where('deleted_at', 'is', null)
    .where('category_id', 'is not', null)
    .$if(categoryId !== undefined, (qb) => qb.where('category_id', '=', categoryId ?? 0))
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.category_id), Number(r.n)]));
}

export async function maxSortOrder(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.max<number | null>('sort_order').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

export function insertCategory(
  db: DbExecutor,
  values: Pick<CategoriesTable, 'name' | 'description' | 'color' | 'icon' | 'sort_order' | 'is_active'> & {
    now: string;
  },
): Promise<CategoryRow> {
  const { now, ...fields } = values;
  return db
    .insertInto('categories')
    .values({ ...fields, created_at: now, updated_at: now })
    .returning(CATEGORY_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateCategoryRow(
  db: DbExecutor,
  id: number,
  values: Partial<Pick<CategoriesTable, 'name' | 'description' | 'color' | 'icon' | 'sort_order' | 'is_active'>> & {
    updated_at: string;
  },
): Promise<CategoryRow | undefined> {
  return db.updateTable('categories').set(values).where('id', '=', id).returning(CATEGORY_COLUMNS).executeTakeFirst();
}

export async function deleteCategoryRow(db: DbExecutor, id: number): Promise<void> {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

/** Moves the category's live products to no category; returns how many moved. */
export async function clearProductsCategory(db: DbExecutor, categoryId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('products')
    .set({ category_id: null, updated_at: now })
    .where('category_id', '=', categoryId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface CategoryStatsRow {
  id: number;
  name: string;
  color: string;
  icon: string;
  is_active: number;
  product_count: number;
  total_stock: number;
  low_stock_count: number;
  /** Satang. */
  stock_value: number;
}

/** Per category: live products, their stock, low-stock count and stock value at selling price. */
export async function categoryStatsRows(db: DbExecutor): Promise<CategoryStatsRow[]> {
  const rows = await db
    .selectFrom('categories as c')
    .leftJoin('products as p', (join) => join.onRef('p.category_id', '=', 'c.id').on('p.deleted_at', 'is', null))
    .select((eb) => [
      'c.id',
      'c.name',
      'c.color',
      'c.icon',
      'c.is_active',
      'c.sort_order',
      eb.fn.count<number>('p.id').as('product_count'),
      eb.fn.coalesce(eb.fn.sum<number>('p.stock'), sql<number>`0`).as('total_stock'),
      eb.fn
        .coalesce(eb.fn.sum<number>(sql`case when p.stock <= ${LOW_STOCK_THRESHOLD} then 1 else 0 end`), sql<number>`0`)
        .as('low_stock_count'),
      eb.fn.coalesce(eb.fn.sum<number>(sql`p.stock * p.price`), sql<number>`0`).as('stock_value'),
    ])
    .groupBy(['c.id', 'c.name', 'c.color', 'c.icon', 'c.is_active', 'c.sort_order'])
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    color: r.color,
    icon: r.icon,
    is_active: r.is_active,
    product_count: Number(r.product_count),
    total_stock: Number(r.total_stock),
    low_stock_count: Number(r.low_stock_count),
    stock_value: Number(r.stock_value),
  }));
}

export async function countLiveProducts(db: DbExecutor): Promise<{ total: number; uncategorized: number }> {
  const row = await db
    .selectFrom('products')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .coalesce(eb.fn.sum<number>(sql`case when category_id is null then 1 else 0 end`), sql<number>`0`)
        .as('uncategorized'),
    ])
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), uncategorized: Number(row.uncategorized) };
}
