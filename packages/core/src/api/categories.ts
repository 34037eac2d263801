import { z } from 'zod';
import { grouped, msg } from '../validation';
import { Flag, Id, MultiLineText, SingleLineText } from './common';

export const DEFAULT_CATEGORY_COLOR = '#3B82F6';
export const DEFAULT_CATEGORY_ICON = 'folder';
export const CATEGORY_NAME_MAX = 100;

export const CategoryName = SingleLineText(msg('category.nameRequired'))
  .min(1, msg('category.nameRequired'))
  .max(CATEGORY_NAME_MAX, msg('text.tooLong', { label: 'categoryName', max: CATEGORY_NAME_MAX }));

export const CategoryColor = SingleLineText(msg('category.colorInvalid')).regex(
  /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/,
  msg('category.colorInvalid'),
);

const CategoryDescription = MultiLineText(msg('text.type', { label: 'categoryDescription' })).max(
  500,
  msg('text.tooLong', { label: 'categoryDescription', max: 500 }),
);

const CategoryFields = {
  name: CategoryName,
  description: CategoryDescription.nullish().transform((v) => v ?? ''),
  color: CategoryColor,
  icon: SingleLineText(msg('text.type', { label: 'icon' }))
    .min(1, msg('category.iconRequired'))
    .max(50, msg('text.tooLong', { label: 'iconName', max: 50 })),
  sort_order: z.coerce
    .number({ error: msg('number.type', { label: 'sortOrder' }) })
    .int(msg('number.int', { label: 'sortOrder' }))
    .min(0, msg('number.nonNegative', { label: 'sortOrder' }))
    .max(100_000, msg('number.max', { label: 'sortOrder', max: grouped(100_000) })),
  is_active: Flag,
};

/** `POST /api/categories`. Left-out fields take the spec defaults; sort_order defaults to the end of the list. */
export const CreateCategoryRequest = z.object({
  name: CategoryFields.name,
  description: CategoryFields.description,
  color: CategoryFields.color.default(DEFAULT_CATEGORY_COLOR),
  icon: CategoryFields.icon.default(DEFAULT_CATEGORY_ICON),
  sort_order: CategoryFields.sort_order.optional(),
  is_active: CategoryFields.is_active.default(true),
});
export type CreateCategoryRequest = z.input<typeof CreateCategoryRequest>;

/** `PUT /api/categories/:id`: any subset of the fields; unknown fields (e.g. product_count sent back) are ignored. */
export const UpdateCategoryRequest = z.object({
  name: CategoryFields.name.optional(),
  description: CategoryDescription.nullable().optional(),
  color: CategoryFields.color.optional(),
  icon: CategoryFields.icon.optional(),
  sort_order: CategoryFields.sort_order.optional(),
  is_active: CategoryFields.is_active.optional(),
});
export type UpdateCategoryRequest = z.input<typeof UpdateCategoryRequest>;

export const ListCategoriesQuery = z.object({
  /** Only categories whose active flag is on. */
  active_only: Flag.optional(),
  /** Adds `product_count` (live products in the category) to each category. */
  include: Flag.optional(),
});

export const DeleteCategoryQuery = z.object({
  /** Deletes even while products use the category; they move to no category. */
  force: Flag.optional(),
});

const CategoryId = Id(msg('value.invalid', { label: 'categoryId' }));
const TOO_MANY_CATEGORIES = msg('value.tooMany', { label: 'category' });

/**
 * `PUT /api/categories/reorder`: `{categories: [{id, sort_order}]}` (a missing
 * sort_order means the position in the list, from 1), or `{ids: [...]}` in the new order.
 */
export const ReorderCategoriesRequest = z
  .object({
    categories: z
      .array(z.object({ id: CategoryId, sort_order: CategoryFields.sort_order.optional() }), {
        error: msg('category.listInvalid'),
      })
      .max(1000, TOO_MANY_CATEGORIES)
      .optional(),
    ids: z
      .array(CategoryId, { error: msg('category.idsInvalid') })
      .max(1000, TOO_MANY_CATEGORIES)
      .optional(),
  })
  .refine((v) => v.categories !== undefined || v.ids !== undefined, {
    message: msg('category.orderRequired'),
    path: ['categories'],
  })
  .transform((v) =>
    v.categories
      ? v.categories.map((c, index) => ({ id: c.id, sort_order: c.sort_order ?? index + 1 }))
      : (v.ids ?? []).map((id, index) => ({ id, sort_order: index + 1 })),
  );
export type ReorderCategoriesRequest = z.input<typeof ReorderCategoriesRequest>;

export const Category = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  icon: z.string(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
  /** Live products in the category; present when the list was asked with `include=true`, and on single reads. */
  product_count: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Category = z.infer<typeof Category>;

export const CategoriesResponse = z.object({ categories: z.array(Category) });
export const CategoryResponse = z.object({ category: Category });

export const DeleteCategoryResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** Products moved to no category by a forced delete. */
  moved_products: z.number().int(),
});

export const CategoryStatsResponse = z.object({
  stats: z.object({
    total_categories: z.number().int(),
    active_categories: z.number().int(),
    total_products: z.number().int(),
    /** Live products without a category (e.g. after a forced category delete). */
    uncategorized_products: z.number().int(),
    categories: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        color: z.string(),
        icon: z.string(),
        is_active: z.boolean(),
        product_count: z.number().int(),
        total_stock: z.number().int(),
        /** Products at or below the low-stock threshold. */
        low_stock_count: z.number().int(),
        /** Stock × selling price, baht. */
        stock_value: z.number(),
      }),
    ),
  }),
});
export type CategoryStats = z.infer<typeof CategoryStatsResponse>['stats'];
