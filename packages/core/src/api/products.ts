import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money';
import { ID_MAX, Id, MultiLineText, SingleLineText, textProblem } from './common';

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
const MAX_BAHT = 10_000_000;
const MAX_STOCK = 10_000_000;
const MAX_TAGS = 50;
const MAX_TAG_LENGTH = 50;

/** The product form messages of spec 001 §5. */
export const PRODUCT_MESSAGES = {
  incompleteTitle: 'ข้อมูลไม่ครบถ้วน',
  nameRequired: 'กรุณากรอกชื่อสินค้า',
  skuRequired: 'กรุณากรอก SKU',
  categoryRequired: 'กรุณาเลือกหมวดหมู่',
  priceRequired: 'กรุณากรอกราคาสินค้า',
  stockInvalid: 'จำนวนสต็อกต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป',
} as const;

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

const money = (label: string) =>
  z
    .number({ error: `${label}ต้องเป็นตัวเลข` })
    .min(0, `${label}ต้องไม่ติดลบ`)
    .max(MAX_BAHT, `${label}ต้องไม่เกิน ${MAX_BAHT.toLocaleString('th-TH')} บาท`)
    .refine(hasAtMostTwoDecimals, `${label}มีทศนิยมได้ไม่เกิน 2 ตำแหน่ง`);

export const ProductName = z.preprocess(
  textFromInput,
  SingleLineText(PRODUCT_MESSAGES.nameRequired)
    .min(1, PRODUCT_MESSAGES.nameRequired)
    .max(200, 'ชื่อสินค้าต้องไม่เกิน 200 ตัวอักษร'),
);

export const ProductSku = z.preprocess(
  textFromInput,
  SingleLineText(PRODUCT_MESSAGES.skuRequired).min(1, PRODUCT_MESSAGES.skuRequired).max(64, 'SKU ต้องไม่เกิน 64 ตัวอักษร'),
);

/** Selling price: required and above 0 (spec 001 §5), baht with at most 2 decimals. */
export const ProductPrice = z.preprocess(
  numberFromText,
  z
    .number({ error: PRODUCT_MESSAGES.priceRequired })
    .positive(PRODUCT_MESSAGES.priceRequired)
    .max(MAX_BAHT, `ราคาสินค้าต้องไม่เกิน ${MAX_BAHT.toLocaleString('th-TH')} บาท`)
    .refine(hasAtMostTwoDecimals, 'ราคาสินค้ามีทศนิยมได้ไม่เกิน 2 ตำแหน่ง'),
);

/** Cost: optional, 0 when left out. */
export const ProductCost = z.preprocess(numberFromText, money('ต้นทุน').optional()).transform((v) => v ?? 0);

/** Original ("ปกติ") price: optional, null when left out. */
export const ProductOriginalPrice = z
  .preprocess(numberFromText, money('ราคาปกติ').optional())
  .transform((v) => v ?? null);

/** Stock: a whole number from 0. */
export const StockQuantity = z.preprocess(
  numberFromText,
  z
    .number({ error: PRODUCT_MESSAGES.stockInvalid })
    .int(PRODUCT_MESSAGES.stockInvalid)
    .min(0, PRODUCT_MESSAGES.stockInvalid)
    .max(MAX_STOCK, `จำนวนสต็อกต้องไม่เกิน ${MAX_STOCK.toLocaleString('th-TH')}`),
);

const tagList = (label: string) =>
  z
    .preprocess(
      tagsFromInput,
      z
        .array(z.preprocess(textFromInput, z.string({ error: `${label}ต้องเป็นข้อความ` })), {
          error: `${label}ต้องเป็นรายการข้อความ`,
        })
        .max(MAX_TAGS, `${label}ต้องไม่เกิน ${MAX_TAGS} รายการ`)
        // Checked on the list, so the error names the form field (sizes/colors), not one entry.
        .refine(
          (tags) => tags.every((tag) => tag.trim().length <= MAX_TAG_LENGTH),
          `${label}แต่ละรายการต้องไม่เกิน ${MAX_TAG_LENGTH} ตัวอักษร`,
        )
        .superRefine((tags, ctx) => {
          const problem = tags.map((tag) => textProblem(tag.trim())).find((p) => p !== null);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    )
    .transform(normalizeTags);

export const ProductSizes = tagList('ไซส์');
export const ProductColors = tagList('สี');

export const ProductDescription = z
  .preprocess(
    textFromInput,
    MultiLineText('รายละเอียดต้องเป็นข้อความ').max(2000, 'รายละเอียดต้องไม่เกิน 2,000 ตัวอักษร').optional(),
  )
  .transform((v) => v ?? '');

const CategoryNameInput = z.preprocess(
  textFromInput,
  SingleLineText(PRODUCT_MESSAGES.categoryRequired).max(100, 'ชื่อหมวดหมู่ต้องไม่เกิน 100 ตัวอักษร'),
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

const IMAGE_URL_MESSAGE = 'ที่อยู่รูปภาพต้องขึ้นต้นด้วย https://, http:// หรือ /uploads/';

/** The fields of a product as clients write it; the web's product form picks from them. */
export const ProductWriteFields = z.object({
  name: ProductName,
  sku: ProductSku,
  /** A separate scan code; left out it equals the SKU; empty text means none. */
  barcode: z
    .preprocess(textFromInput, SingleLineText('บาร์โค้ดต้องเป็นข้อความ').max(64, 'บาร์โค้ดต้องไม่เกิน 64 ตัวอักษร').optional())
    .transform((v) => (v === undefined ? undefined : v === '' ? null : v)),
  category: z.preprocess(textFromInput, CategoryNameInput.optional()),
  category_id: z.preprocess(
    numberFromText,
    z
      .number({ error: PRODUCT_MESSAGES.categoryRequired })
      .int(PRODUCT_MESSAGES.categoryRequired)
      .positive(PRODUCT_MESSAGES.categoryRequired)
      .max(ID_MAX, 'รหัสหมวดหมู่ไม่ถูกต้อง')
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
    .union([SingleLineText(IMAGE_URL_MESSAGE).max(1000, 'ที่อยู่รูปภาพยาวเกินไป'), z.null()], {
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
    message: PRODUCT_MESSAGES.categoryRequired,
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
  search: SingleLineText('คำค้นหาต้องเป็นข้อความ').max(100, 'คำค้นหาต้องไม่เกิน 100 ตัวอักษร').optional(),
  /** Category name (case-insensitive); empty means all. */
  category: SingleLineText('หมวดหมู่ต้องเป็นข้อความ').max(100, 'หมวดหมู่ต้องไม่เกิน 100 ตัวอักษร').optional(),
  category_id: Id('รหัสหมวดหมู่ไม่ถูกต้อง').optional(),
  limit: z.coerce
    .number({ error: 'limit ต้องเป็นตัวเลข' })
    .int('limit ต้องเป็นจำนวนเต็ม')
    .min(1, 'limit ต้องมากกว่า 0')
    .max(PRODUCT_LIST_LIMIT_MAX, `limit ต้องไม่เกิน ${PRODUCT_LIST_LIMIT_MAX.toLocaleString('th-TH')}`)
    .default(PRODUCT_LIST_LIMIT_MAX),
});
export type ListProductsQuery = z.input<typeof ListProductsQuery>;

/** Why stock was adjusted by hand (not a sale or refund); `other` needs a note. */
export const STOCK_ADJUST_REASONS = ['received', 'counted', 'damaged', 'returned_to_supplier', 'other'] as const;
export type StockAdjustReason = (typeof STOCK_ADJUST_REASONS)[number];
/** add and remove change the stock by `amount`; set makes it `amount` (a count). */
export const STOCK_ADJUST_MODES = ['add', 'remove', 'set'] as const;
export type StockAdjustMode = (typeof STOCK_ADJUST_MODES)[number];

export const STOCK_MESSAGES = {
  modeRequired: 'กรุณาเลือกวิธีปรับสต็อก (เพิ่ม ลด หรือกำหนดจำนวน)',
  amountInvalid: 'จำนวนต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป',
  amountZero: 'จำนวนที่เพิ่มหรือลดต้องมากกว่า 0',
  expectedRequired: 'กรุณาส่งจำนวนสต็อกที่เห็นอยู่ก่อนปรับ (expected)',
  reasonRequired: 'กรุณาเลือกเหตุผลในการปรับสต็อก',
  noteRequired: 'กรุณาระบุรายละเอียดเมื่อเลือกเหตุผล "อื่น ๆ"',
  noteTooLong: 'รายละเอียดต้องไม่เกิน 200 ตัวอักษร',
  belowZero: (stock: number) => `ลดสต็อกได้ไม่เกินจำนวนที่มีอยู่ (${stock.toLocaleString('th-TH')} ชิ้น)`,
  tooMuch: `จำนวนสต็อกหลังปรับต้องไม่เกิน ${MAX_STOCK.toLocaleString('th-TH')}`,
} as const;

/** The stock after an adjustment of `amount` from `current` (may be negative or too big: the schema refuses those). */
export function adjustedStock(current: number, mode: StockAdjustMode, amount: number): number {
  if (mode === 'add') return current + amount;
  if (mode === 'remove') return current - amount;
  return amount;
}

const wholeCount = (message: string) =>
  z.preprocess(
    numberFromText,
    z.number({ error: message }).int(message).min(0, message).max(MAX_STOCK, STOCK_MESSAGES.tooMuch),
  );

/**
 * `PATCH /api/products/:id/stock`, the checked form the web uses: add, remove
 * or set `amount`, given the stock the user saw (`expected`). The server
 * refuses with 409 STOCK_CHANGED (fresh stock in `details.stock`) when the
 * stock moved meanwhile, and writes nothing.
 */
export const StockAdjustmentRequest = z
  .object({
    mode: z.enum(STOCK_ADJUST_MODES, { error: STOCK_MESSAGES.modeRequired }),
    amount: wholeCount(STOCK_MESSAGES.amountInvalid),
    expected: wholeCount(STOCK_MESSAGES.expectedRequired),
    reason: z.enum(STOCK_ADJUST_REASONS, { error: STOCK_MESSAGES.reasonRequired }),
    note: z
      .preprocess(
        textFromInput,
        MultiLineText(STOCK_MESSAGES.noteTooLong).max(200, STOCK_MESSAGES.noteTooLong).optional(),
      )
      .transform((v) => (v === undefined || v === '' ? null : v)),
  })
  .superRefine((v, ctx) => {
    if (v.mode !== 'set' && v.amount === 0)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: STOCK_MESSAGES.amountZero });
    const after = adjustedStock(v.expected, v.mode, v.amount);
    if (after < 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: STOCK_MESSAGES.belowZero(v.expected) });
    if (after > MAX_STOCK) ctx.addIssue({ code: 'custom', path: ['amount'], message: STOCK_MESSAGES.tooMuch });
    if (v.reason === 'other' && v.note === null)
      ctx.addIssue({ code: 'custom', path: ['note'], message: STOCK_MESSAGES.noteRequired });
  });
export type StockAdjustmentRequest = z.input<typeof StockAdjustmentRequest>;
export type StockAdjustment = z.output<typeof StockAdjustmentRequest>;

/**
 * The spec's older form `{ quantity, reason? }`: sets the stock to `quantity`
 * without checking what it was. Kept for API clients; the web uses the checked form.
 */
export const StockCountRequest = z.object({
  quantity: z.preprocess(
    numberFromText,
    z
      .number({ error: 'กรุณากรอกจำนวนสต็อก' })
      .int(PRODUCT_MESSAGES.stockInvalid)
      .min(0, PRODUCT_MESSAGES.stockInvalid)
      .max(MAX_STOCK, `จำนวนสต็อกต้องไม่เกิน ${MAX_STOCK.toLocaleString('th-TH')}`),
  ),
  reason: z
    .preprocess(textFromInput, MultiLineText('เหตุผลต้องเป็นข้อความ').max(200, 'เหตุผลต้องไม่เกิน 200 ตัวอักษร').optional())
    .transform((v) => (v === undefined || v === '' ? null : v)),
});
export type StockCount = z.output<typeof StockCountRequest>;

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
  stock: z.number().int(),
  description: z.string(),
  image_url: z.string().nullable(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof Product>;

export const ProductsResponse = z.object({ products: z.array(Product) });

/**
 * `GET /api/products/pos`: the till's product list, only what selling needs (about a third of the
 * full list's bytes: no cost, description, category id or timestamps).
 */
export const PosProduct = Product.pick({
  id: true,
  name: true,
  sku: true,
  barcode: true,
  category: true,
  price: true,
  original_price: true,
  stock: true,
  image_url: true,
  sizes: true,
  colors: true,
});
export type PosProduct = z.infer<typeof PosProduct>;
export const PosProductsResponse = z.object({ products: z.array(PosProduct) });

const isText = (v: unknown): v is string => typeof v === 'string';
const isTextOrNull = (v: unknown) => v === null || typeof v === 'string';
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isNumber = (v: unknown): v is number => Number.isFinite(v);

/** The fields of a till product the browser relies on, of the right kinds (no range or format checks). */
export function isPosProductShape(value: unknown): value is PosProduct {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    isInt(p.id) &&
    isText(p.name) &&
    isText(p.sku) &&
    isTextOrNull(p.barcode) &&
    isTextOrNull(p.category) &&
    isNumber(p.price) &&
    (p.original_price === null || isNumber(p.original_price)) &&
    isInt(p.stock) &&
    isTextOrNull(p.image_url) &&
    Array.isArray(p.sizes) &&
    p.sizes.every(isText) &&
    Array.isArray(p.colors) &&
    p.colors.every(isText)
  );
}

/**
 * How the till checks `GET /api/products/pos` (up to 10,000 products): the server validates its own
 * answer against PosProductsResponse, so the browser checks only the shape, a fraction of a full parse
 * (the full parse of 10,000 products held up the first scan on a slow till by about half a second).
 */
export const PosProductsResponseShape = z.object({
  products: z.custom<PosProduct[]>((v) => Array.isArray(v) && v.every(isPosProductShape)),
});
export const ProductResponse = z.object({ product: Product });

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
  /** The sale's document number for sale and refund movements. */
  document_number: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof StockMovement>;

export const UpdateStockResponse = z.object({ product: Product, movement: StockMovement.nullable() });
export const STOCK_MOVEMENTS_PAGE_MAX = 200;

/** `GET /api/products/:id/stock-movements`: newest first, a page at a time (`before` = the last id seen). */
export const ListStockMovementsQuery = z.object({
  before: Id('before ต้องเป็นรหัสรายการ (จำนวนเต็มบวก)').optional(),
  limit: z.coerce
    .number({ error: 'limit ต้องเป็นตัวเลข' })
    .int('limit ต้องเป็นจำนวนเต็ม')
    .min(1, 'limit ต้องมากกว่า 0')
    .max(STOCK_MOVEMENTS_PAGE_MAX, `limit ต้องไม่เกิน ${STOCK_MOVEMENTS_PAGE_MAX}`)
    .default(50),
});
export type ListStockMovementsQuery = z.input<typeof ListStockMovementsQuery>;

export const StockMovementsResponse = z.object({
  movements: z.array(StockMovement),
  /** Pass as `before` for the next (older) page; null when there is none. */
  next_before: z.number().int().nullable(),
});
