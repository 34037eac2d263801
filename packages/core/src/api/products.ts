import { z } from 'zod';
import { AMOUNT_BOUNDS } from '../bounds';
import { hasAtMostTwoDecimals } from '../money';
import { MAX_VARIANTS_PER_STYLE } from '../variants';
import { grouped, msg, type ValidationLabel } from '../validation';
import { ID_MAX, Id, ListLimit, MultiLineText, SingleLineText, textProblem, withoutInvisibles } from './common';

/** Stock of this many or fewer is "low" (red); up to MEDIUM_STOCK_THRESHOLD is orange (spec 001 §2, §9). */
export const LOW_STOCK_THRESHOLD = 10;
export const MEDIUM_STOCK_THRESHOLD = 20;
export type StockLevel = 'low' | 'medium' | 'high';
export function stockLevel(stock: number): StockLevel {
  if (stock <= LOW_STOCK_THRESHOLD) return 'low';
  if (stock <= MEDIUM_STOCK_THRESHOLD) return 'medium';
  return 'high';
}

/** Product images: at most 5 MB, checked by content, one of these types. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** Multipart field names of the product form (spec 001 §3). */
export const PRODUCT_FORM_IMAGE_FIELD = 'newImage';

export const PRODUCT_LIST_LIMIT_MAX = 10_000;
/** Price, cost and usual price: what the till may sell (one bound with the sale's). */
const MAX_BAHT = AMOUNT_BOUNDS.unitPriceBaht;
const MAX_STOCK = 10_000_000;
const MAX_TAGS = 50;
const MAX_TAG_LENGTH = 50;

/** What a form or API client sends for a text or number field (its schema refuses anything else at run time). */
type FieldInput = string | number | null | undefined;

/**
 * Numbers as forms send them: text such as " 1,250.50 " becomes 1250.5; empty
 * text and null mean "not given". Anything else is left for the schema to refuse.
 */
function numberFromText(value: FieldInput): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const text = value.trim().replace(/,/g, '');
    if (text === '') return undefined;
    return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(text) ? Number(text) : value;
  }
  return value;
}

/** Text as forms and API clients send it: numbers become text, null means "not given". */
function textFromInput(value: FieldInput): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return value;
}

/** Trims, drops empty values and duplicates, keeping the first-seen order (sizes and colours). */
export function normalizeTags(values: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    const tag = value.trim();
    if (tag !== '') seen.add(tag);
  }
  return [...seen];
}

/**
 * Sizes and colours arrive as a list, as JSON text of a list (the multipart
 * form), as an object whose values are the list, or as comma-separated text.
 */
function tagsFromInput(value: unknown): unknown {
  if (value === null || value === undefined) return [];
  let v: unknown = value;
  if (typeof v === 'string') {
    const text = v.trim();
    if (text === '') return [];
    if (!text.startsWith('[') && !text.startsWith('{')) return text.split(',');
    try {
      v = JSON.parse(text);
    } catch {
      return value;
    }
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) return Object.values(v);
  return v;
}

const money = (label: ValidationLabel) =>
  z
    .number({ error: msg('number.type', { label }) })
    .min(0, msg('number.nonNegative', { label }))
    .max(MAX_BAHT, msg('money.max', { label, max: grouped(MAX_BAHT) }))
    .refine(hasAtMostTwoDecimals, msg('money.decimals', { label }));

const nameRequired = msg('product.nameRequired');
const skuRequired = msg('product.skuRequired');
const categoryRequired = msg('product.categoryRequired');
const priceRequired = msg('product.priceRequired');
const stockInvalid = msg('product.stockInvalid');
const stockMax = msg('number.max', { label: 'stock', max: grouped(MAX_STOCK) });

export const ProductName = z.preprocess(
  textFromInput,
  SingleLineText(nameRequired)
    .min(1, nameRequired)
    .max(200, msg('text.tooLong', { label: 'productName', max: 200 })),
);

/**
 * What a label's CODE128 (the default symbology, spec 001 §9) can encode: printable ASCII. A SKU
 * or barcode outside it (Thai letters) could be saved but never printed or scanned.
 */
export function isLabelEncodable(code: string): boolean {
  return /^[\x20-\x7E]*$/.test(code);
}

export const ProductSku = z.preprocess(
  textFromInput,
  SingleLineText(skuRequired)
    .min(1, skuRequired)
    .max(64, msg('text.tooLong', { label: 'sku', max: 64 }))
    .refine(isLabelEncodable, msg('product.codeNotEncodable', { label: 'sku' })),
);

/** A separate scan code; left out it equals the SKU; empty text means none. */
export const ProductBarcode = z
  .preprocess(
    textFromInput,
    SingleLineText(msg('text.type', { label: 'barcode' }))
      .max(64, msg('text.tooLong', { label: 'barcode', max: 64 }))
      .refine(isLabelEncodable, msg('product.codeNotEncodable', { label: 'barcode' }))
      .optional(),
  )
  .transform((v) => (v === undefined ? undefined : v === '' ? null : v));

/** Selling price: required and above 0 (spec 001 §5), baht with at most 2 decimals. */
export const ProductPrice = z.preprocess(
  numberFromText,
  z
    .number({ error: priceRequired })
    .positive(priceRequired)
    .max(MAX_BAHT, msg('money.max', { label: 'price', max: grouped(MAX_BAHT) }))
    .refine(hasAtMostTwoDecimals, msg('money.decimals', { label: 'price' })),
);

/** Cost: optional, 0 when left out. */
export const ProductCost = z.preprocess(numberFromText, money('cost').optional()).transform((v) => v ?? 0);

/** Original ("ปกติ") price: optional, null when left out. */
export const ProductOriginalPrice = z
  .preprocess(numberFromText, money('originalPrice').optional())
  .transform((v) => v ?? null);

/** Stock: a whole number from 0. */
export const StockQuantity = z.preprocess(
  numberFromText,
  z.number({ error: stockInvalid }).int(stockInvalid).min(0, stockInvalid).max(MAX_STOCK, stockMax),
);

const tagList = (label: ValidationLabel) =>
  z
    .preprocess(
      tagsFromInput,
      z
        .array(
          z.preprocess(
            textFromInput,
            z.string({ error: msg('text.type', { label }) }).overwrite((tag) => withoutInvisibles(tag)),
          ),
          {
            error: msg('list.type', { label }),
          },
        )
        .max(MAX_TAGS, msg('list.max', { label, max: MAX_TAGS }))
        // Checked on the list, so the error names the form field (sizes/colors), not one entry.
        .refine(
          (tags) => tags.every((tag) => tag.trim().length <= MAX_TAG_LENGTH),
          msg('list.itemTooLong', { label, max: MAX_TAG_LENGTH }),
        )
        .superRefine((tags, ctx) => {
          const problem = tags.map((tag) => textProblem(tag.trim())).find((p) => p !== null);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    )
    .transform(normalizeTags);

export const ProductSizes = tagList('sizes');
export const ProductColors = tagList('colors');

export const ProductDescription = z
  .preprocess(
    textFromInput,
    MultiLineText(msg('text.type', { label: 'description' }))
      .max(2000, msg('text.tooLong', { label: 'description', max: grouped(2000) }))
      .optional(),
  )
  .transform((v) => v ?? '');

const CategoryNameInput = z.preprocess(
  textFromInput,
  SingleLineText(categoryRequired).max(100, msg('text.tooLong', { label: 'categoryName', max: 100 })),
);

/** The aliases the spec's screens use: sku sent as `barcode`, `originalPrice`, `categoryId`. */
function productAliases(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const input = { ...(value as Record<string, unknown>) };
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  if (blank(input.sku) && !blank(input.barcode)) input.sku = input.barcode;
  if (input.original_price === undefined && input.originalPrice !== undefined)
    input.original_price = input.originalPrice;
  if (input.category_id === undefined && input.categoryId !== undefined) input.category_id = input.categoryId;
  delete input.originalPrice;
  delete input.categoryId;
  return input;
}

const IMAGE_URL_MESSAGE = msg('product.imageUrlInvalid');

/** The fields of a product as clients write it; the web's product form picks from them. */
export const ProductWriteFields = z.object({
  name: ProductName,
  sku: ProductSku,
  barcode: ProductBarcode,
  category: z.preprocess(textFromInput, CategoryNameInput.optional()),
  category_id: z.preprocess(
    numberFromText,
    z
      .number({ error: categoryRequired })
      .int(categoryRequired)
      .positive(categoryRequired)
      .max(ID_MAX, msg('value.invalid', { label: 'categoryId' }))
      .optional(),
  ),
  price: ProductPrice,
  cost: ProductCost,
  original_price: ProductOriginalPrice,
  stock: z.preprocess(numberFromText, StockQuantity.optional()),
  description: ProductDescription,
  sizes: ProductSizes,
  colors: ProductColors,
  image_url: z
    .union([SingleLineText(IMAGE_URL_MESSAGE).max(1000, msg('value.tooLong', { label: 'imageUrl' })), z.null()], {
      error: IMAGE_URL_MESSAGE,
    })
    .optional()
    .refine((v) => v == null || v === '' || /^(https?:\/\/|\/uploads\/)/.test(v), IMAGE_URL_MESSAGE)
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v)),
});

/**
 * `POST /api/products` and `PUT /api/products/:id`, as multipart/form-data
 * (numbers as text, sizes/colors as JSON text, image file `newImage`) or JSON.
 *
 * PUT takes the whole form like POST: fields left out take their defaults
 * (cost 0, no original price, empty description, no sizes or colours), except
 * `stock` and the image, which stay as they are when left out. `image_url: ""`
 * (or null) removes the image. A category is given by name or id.
 */
export const ProductWriteRequest = z.preprocess(
  productAliases,
  ProductWriteFields.refine((v) => v.category_id !== undefined || (v.category !== undefined && v.category !== ''), {
    path: ['category'],
    message: categoryRequired,
    // Reported together with the other missing fields, as the form shows them all at once.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
  }),
);
export type ProductWriteRequest = z.input<typeof ProductWriteRequest>;

const formText = (description: string) => z.string().describe(description);

/**
 * The product dialog's multipart/form-data body, for the API description: the
 * fields of ProductWriteRequest as text and the image file. The server reads the
 * form into ProductWriteRequest, which decides what is valid.
 */
export const ProductWriteForm = z.object({
  name: formText('Product name'),
  sku: formText('SKU; the dialog sends it as `barcode`, which is taken as the SKU when `sku` is empty').optional(),
  barcode: formText('Scan code; left out it equals the SKU, empty means none').optional(),
  category: formText('Category name (or give `category_id`)').optional(),
  category_id: formText('Category id, instead of `category` (also `categoryId`)').optional(),
  price: formText('Price in baht, e.g. "359.50"'),
  cost: formText('Cost in baht').optional(),
  original_price: formText('Usual price in baht, shown struck through (also `originalPrice`)').optional(),
  stock: formText('Starting stock (ignored on edit)').optional(),
  description: formText('Description').optional(),
  sizes: formText('Sizes: a JSON array such as ["S","M"], or the field repeated').optional(),
  colors: formText('Colours: a JSON array, or the field repeated').optional(),
  image_url: formText('Image address to keep; empty removes the image').optional(),
  [PRODUCT_FORM_IMAGE_FIELD]: z
    .file()
    .max(PRODUCT_IMAGE_MAX_BYTES)
    .describe('Product photo: JPEG, PNG, GIF or WebP, at most 5 MB')
    .optional(),
});
export type ProductWrite = z.output<typeof ProductWriteRequest>;

export const ListProductsQuery = z.object({
  /** Case-insensitive substring of the name, SKU or barcode. */
  search: SingleLineText(msg('text.type', { label: 'search' }))
    .max(100, msg('text.tooLong', { label: 'search', max: 100 }))
    .optional(),
  /** Category name (case-insensitive); empty means all. */
  category: SingleLineText(msg('text.type', { label: 'category' }))
    .max(100, msg('text.tooLong', { label: 'category', max: 100 }))
    .optional(),
  category_id: Id(msg('value.invalid', { label: 'categoryId' })).optional(),
  limit: ListLimit(PRODUCT_LIST_LIMIT_MAX, grouped(PRODUCT_LIST_LIMIT_MAX)).default(PRODUCT_LIST_LIMIT_MAX),
});
export type ListProductsQuery = z.input<typeof ListProductsQuery>;

/** Why stock was adjusted by hand (not a sale or refund); `other` needs a note. */
export const STOCK_ADJUST_REASONS = ['received', 'counted', 'damaged', 'returned_to_supplier', 'other'] as const;
export type StockAdjustReason = (typeof STOCK_ADJUST_REASONS)[number];
/**
 * Which way each reason moves the stock: receiving only raises it, damage and returns to the
 * supplier only lower it, a count and "other" go either way.
 */
export const STOCK_REASON_DIRECTION: Readonly<Record<StockAdjustReason, 'up' | 'down' | 'either'>> = {
  received: 'up',
  counted: 'either',
  damaged: 'down',
  returned_to_supplier: 'down',
  other: 'either',
};

/** The reasons that fit a change from `before` to `after` (all of them when nothing changes yet). */
export function reasonFits(reason: StockAdjustReason, before: number, after: number): boolean {
  const direction = STOCK_REASON_DIRECTION[reason];
  if (direction === 'up') return after >= before;
  if (direction === 'down') return after <= before;
  return true;
}

/** add and remove change the stock by `amount`; set makes it `amount` (a count). */
export const STOCK_ADJUST_MODES = ['add', 'remove', 'set'] as const;
export type StockAdjustMode = (typeof STOCK_ADJUST_MODES)[number];

const NOTE_TOO_LONG = msg('text.tooLong', { label: 'description', max: 200 });
const STOCK_TOO_MUCH = msg('stock.tooMuch', { max: grouped(MAX_STOCK) });

/** The stock after an adjustment of `amount` from `current` (may be negative or too big: the schema refuses those). */
export function adjustedStock(current: number, mode: StockAdjustMode, amount: number): number {
  if (mode === 'add') return current + amount;
  if (mode === 'remove') return current - amount;
  return amount;
}

const wholeCount = (message: string) =>
  z.preprocess(
    numberFromText,
    z.number({ error: message }).int(message).min(0, message).max(MAX_STOCK, STOCK_TOO_MUCH),
  );

/**
 * `PATCH /api/products/:id/stock`, the checked form the web uses: add, remove
 * or set `amount`, given the stock the user saw (`expected`). The server
 * refuses with 409 STOCK_CHANGED (fresh stock in `details.stock`) when the
 * stock moved meanwhile, and writes nothing.
 */
/** The variant a stock change is for; left out, a product with one variant changes that one, a style its unassigned stock. */
const StockVariantId = Id(msg('value.invalid', { label: 'variantId' })).optional();

export const StockAdjustmentRequest = z
  .object({
    variantId: StockVariantId,
    mode: z.enum(STOCK_ADJUST_MODES, { error: msg('stock.modeRequired') }),
    amount: wholeCount(msg('stock.amountInvalid')),
    expected: wholeCount(msg('stock.expectedRequired')),
    reason: z.enum(STOCK_ADJUST_REASONS, { error: msg('stock.reasonRequired') }),
    note: z
      .preprocess(textFromInput, MultiLineText(NOTE_TOO_LONG).max(200, NOTE_TOO_LONG).optional())
      .transform((v) => (v === undefined || v === '' ? null : v)),
  })
  .superRefine((v, ctx) => {
    if (v.mode !== 'set' && v.amount === 0)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: msg('stock.amountZero') });
    const after = adjustedStock(v.expected, v.mode, v.amount);
    if (after < 0)
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: msg('stock.belowZero', { stock: grouped(v.expected) }),
      });
    if (after > MAX_STOCK) ctx.addIssue({ code: 'custom', path: ['amount'], message: STOCK_TOO_MUCH });
    if (!reasonFits(v.reason, v.expected, after)) {
      const up = STOCK_REASON_DIRECTION[v.reason] === 'up';
      ctx.addIssue({ code: 'custom', path: ['reason'], message: msg(up ? 'stock.reasonUp' : 'stock.reasonDown') });
    }
    if (v.reason === 'other' && v.note === null)
      ctx.addIssue({ code: 'custom', path: ['note'], message: msg('stock.noteRequired') });
  });
export type StockAdjustmentRequest = z.input<typeof StockAdjustmentRequest>;
export type StockAdjustment = z.output<typeof StockAdjustmentRequest>;

/**
 * The spec's older form `{ quantity, reason? }`: sets the stock to `quantity`
 * without checking what it was. Kept for API clients; the web uses the checked form.
 */
export const StockCountRequest = z.object({
  variantId: StockVariantId,
  quantity: z.preprocess(
    numberFromText,
    z
      .number({ error: msg('product.stockRequired') })
      .int(stockInvalid)
      .min(0, stockInvalid)
      .max(MAX_STOCK, stockMax),
  ),
  reason: z
    .preprocess(
      textFromInput,
      MultiLineText(msg('text.type', { label: 'reason' }))
        .max(200, msg('text.tooLong', { label: 'reason', max: 200 }))
        .optional(),
    )
    .transform((v) => (v === undefined || v === '' ? null : v)),
});
export type StockCount = z.output<typeof StockCountRequest>;

/**
 * `POST /api/products/:id/stock-count`: the stock screen's count of a style, one counted figure per
 * variant (scanned or typed), saved at once as one counted adjustment per variant that changed, each only
 * if its stock is still what the count started from (`expected`: else 409 STOCK_CHANGED naming it and
 * nothing is written). `clearUnassigned`: the whole style was counted, so its unassigned stock (counted
 * before it had variants) is now 0.
 */
export const StyleCountRequest = z.object({
  counts: z
    .array(
      z.object({
        variantId: Id(msg('value.invalid', { label: 'variantId' })),
        expected: wholeCount(msg('stock.expectedRequired')),
        counted: wholeCount(msg('stock.amountInvalid')),
      }),
      { error: msg('value.invalid', { label: 'variants' }) },
    )
    .max(MAX_VARIANTS_PER_STYLE, msg('list.max', { label: 'variants', max: MAX_VARIANTS_PER_STYLE })),
  clearUnassigned: z.boolean({ error: msg('value.invalid', { label: 'variants' }) }).default(false),
  note: z
    .preprocess(textFromInput, MultiLineText(NOTE_TOO_LONG).max(200, NOTE_TOO_LONG).optional())
    .transform((v) => (v === undefined || v === '' ? null : v)),
});
export type StyleCountRequest = z.input<typeof StyleCountRequest>;
export type StyleCount = z.output<typeof StyleCountRequest>;

/** A body with `quantity` and no `mode` is the older count form; anything else is checked as an adjustment. */
export function isStockCountBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'quantity' in body && !('mode' in body);
}

/** Either form of `PATCH /api/products/:id/stock` (for the API description; the route picks with isStockCountBody). */
export const UpdateStockRequest = z.union([StockAdjustmentRequest, StockCountRequest]);
export type UpdateStockRequest = z.input<typeof UpdateStockRequest>;

export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  /** Category name; null when the product has none (e.g. after a forced category delete). */
  category: z.string().nullable(),
  category_id: z.number().int().nullable(),
  /** Baht, 2 decimals. */
  price: z.number(),
  cost: z.number(),
  original_price: z.number().nullable(),
  /** The sum of its variants' stock and `unassigned_stock`. */
  stock: z.number().int(),
  /** Stock counted for the style before it had variants, sold from by any of them until counted per variant. */
  unassigned_stock: z.number().int(),
  /**
   * The list's answer only (`GET /api/products`): the lowest stock among its active variants, for the low-stock
   * mark of a style whose total hides one sold-out size; null when no variant is active. Left out elsewhere.
   */
  lowest_variant_stock: z.number().int().nullable().optional(),
  /**
   * The list's answer only: low stock as the list marks it (`isLowStock`), what the products screen's low-stock
   * figure counts. Left out elsewhere.
   */
  low_stock: z.boolean().optional(),
  description: z.string(),
  image_url: z.string().nullable(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof Product>;

/** A style's variants are worth a look when one that is sold is at or below the low-stock line. */
export function hasLowVariant(product: Pick<Product, 'sizes' | 'colors' | 'lowest_variant_stock'>): boolean {
  const lowest = product.lowest_variant_stock;
  return (
    (product.sizes.length > 0 || product.colors.length > 0) &&
    lowest !== undefined &&
    lowest !== null &&
    lowest <= LOW_STOCK_THRESHOLD
  );
}

/**
 * Low stock as the products list marks it: the total at or below the line (its red badge), or a style with a
 * selling variant there however high its total (its "size running out" mark).
 */
export function isLowStock(product: Pick<Product, 'stock' | 'sizes' | 'colors' | 'lowest_variant_stock'>): boolean {
  return product.stock <= LOW_STOCK_THRESHOLD || hasLowVariant(product);
}

/** A size × colour variant of a product (issue 34): its own codes, stock and, when set, price. */
export const ProductVariant = z.object({
  id: z.number().int(),
  /** null: the product has no sizes (or colours). */
  size: z.string().nullable(),
  color: z.string().nullable(),
  sku: z.string(),
  barcode: z.string().nullable(),
  stock: z.number().int(),
  /** Baht; null sells at the product's price. */
  price: z.number().nullable(),
  /** Switched off: kept, not sold. */
  active: z.boolean(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

/**
 * A cell of `PUT /api/products/:id/variants`: one size × colour combination the style carries, with its
 * codes (left out: kept, or for a new cell made from the style's SKU, its barcode equal to its SKU; an
 * empty barcode means none), its own price (null: the style's) and whether it is sold. Its stock is not
 * written here.
 */
export const VariantGridCell = z.object({
  size: z.string().max(MAX_TAG_LENGTH).nullable(),
  color: z.string().max(MAX_TAG_LENGTH).nullable(),
  sku: ProductSku.optional(),
  barcode: ProductBarcode,
  /** Left out: kept (a new cell: the style's); null: the style's. */
  price: z.preprocess(
    (v) => (v === null ? null : numberFromText(v as FieldInput)),
    money('price').nullable().optional(),
  ),
  active: z.boolean({ error: msg('value.invalid', { label: 'variants' }) }).default(true),
});
export type VariantGridCell = z.output<typeof VariantGridCell>;

export const VariantGridRequest = z.object({
  variants: z
    .array(VariantGridCell, { error: msg('value.invalid', { label: 'variants' }) })
    .max(MAX_VARIANTS_PER_STYLE, msg('list.max', { label: 'variants', max: MAX_VARIANTS_PER_STYLE })),
});
export type VariantGridRequest = z.input<typeof VariantGridRequest>;

/** One product with its variants (a product without sizes and colours has one, with size and colour null). */
export const ProductWithVariants = Product.extend({ variants: z.array(ProductVariant) });
export type ProductWithVariants = z.infer<typeof ProductWithVariants>;

export const ProductsResponse = z.object({ products: z.array(Product) });

/**
 * `GET /api/products/pos`: the till's product list, only what selling needs (about a third of the
 * full list's bytes: no cost, description, category id or timestamps).
 */
/** A variant the till sells (switched-off ones are not sent). */
export const PosVariant = ProductVariant.omit({ active: true });
export type PosVariant = z.infer<typeof PosVariant>;

export const PosProduct = Product.pick({
  id: true,
  name: true,
  sku: true,
  barcode: true,
  category: true,
  price: true,
  original_price: true,
  stock: true,
  unassigned_stock: true,
  image_url: true,
  sizes: true,
  colors: true,
}).extend({ variants: z.array(PosVariant) });
export type PosProduct = z.infer<typeof PosProduct>;
/** The till's products as the server checks them before sending them as columns (pos-product-columns.ts). */
export const PosProductList = z.array(PosProduct);

export const ProductResponse = z.object({ product: ProductWithVariants });

export const DeleteProductResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** True when the product appears in sales and was kept for history (hidden everywhere else). */
  soft_deleted: z.boolean(),
});

/** `GET /api/products/categories/list`: active category names in display order. */
export const ProductCategoryNamesResponse = z.object({ categories: z.array(z.string()) });

export const STOCK_MOVEMENT_KINDS = ['initial', 'edit', 'adjustment', 'sale', 'refund'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

export const StockMovement = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  /** Who changed it; null if that user was removed since. */
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  old_quantity: z.number().int(),
  new_quantity: z.number().int(),
  delta: z.number().int(),
  /** Why an adjustment was made; null for sales, refunds and older rows. */
  reason_code: z.enum(STOCK_ADJUST_REASONS).nullable(),
  /** Free text: the adjustment's note (older rows: the reason as typed). */
  reason: z.string().nullable(),
  sale_id: z.number().int().nullable(),
  /** The variant moved, with its size and colour; null for the style's unassigned stock and older rows. */
  variant_id: z.number().int().nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  /** The sale's document number for sale and refund movements. */
  document_number: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof StockMovement>;

export const UpdateStockResponse = z.object({ product: ProductWithVariants, movement: StockMovement.nullable() });
export const StyleCountResponse = z.object({ product: ProductWithVariants, movements: z.array(StockMovement) });
export const STOCK_MOVEMENTS_PAGE_MAX = 200;

/** `GET /api/products/:id/stock-movements`: newest first, a page at a time (`before` = the last id seen). */
export const ListStockMovementsQuery = z.object({
  before: Id(msg('product.beforeInvalid')).optional(),
  limit: ListLimit(STOCK_MOVEMENTS_PAGE_MAX).default(50),
});
export type ListStockMovementsQuery = z.input<typeof ListStockMovementsQuery>;

export const StockMovementsResponse = z.object({
  movements: z.array(StockMovement),
  /** Pass as `before` for the next (older) page; null when there is none. */
  next_before: z.number().int().nullable(),
});
