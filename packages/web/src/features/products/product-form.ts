import { bahtToSatang, msg, PRODUCT_FORM_IMAGE_FIELD, ProductWriteFields, type Product } from '@pos/core';
import { z } from 'zod';
import { moneyFieldValue } from '../../components/form/money-value';

const api = ProductWriteFields.shape;

/** A core field as its control holds it: the core rules, with the control's value type (core takes what any client sends). */
const heldAs =
  <Input>() =>
  <S extends z.ZodType>(field: S) =>
    z.preprocess((value: Input) => value, field);

/**
 * The add/edit product form (spec 001 §5), derived from the API's fields: money as MoneyField holds
 * it (satang, checked in baht by the core rules), sizes and colours as lists, and a category name
 * it requires (the API also takes an id). SKU and barcode are two fields, sent as `sku` and
 * `barcode` (the spec's form sent the SKU as `barcode`, which overwrote a separate scan code).
 */
export const ProductForm = ProductWriteFields.pick({
  name: true,
  sku: true,
  barcode: true,
  stock: true,
  description: true,
}).extend({
  category: api.category
    .refine((name) => name !== undefined && name !== '', msg('product.categoryRequired'))
    .transform((name) => name ?? ''),
  price: moneyFieldValue(api.price),
  cost: moneyFieldValue(api.cost),
  original_price: moneyFieldValue(api.original_price),
  sizes: heldAs<string[]>()(api.sizes),
  colors: heldAs<string[]>()(api.colors),
});
export type ProductFormInput = z.input<typeof ProductForm>;
export type ProductFormValues = z.output<typeof ProductForm>;

/** The fields in the order the dialog shows them (the first refused one names the toast). */
export const PRODUCT_FORM_FIELDS = [
  'name',
  'sku',
  'barcode',
  'category',
  'price',
  'original_price',
  'cost',
  'stock',
  'description',
  'sizes',
  'colors',
] as const satisfies readonly (keyof ProductFormInput)[];

const satang = (baht: number | null) => (baht === null ? null : bahtToSatang(baht));

/** The dialog's starting values: the product's, or empty with the first category (spec 001). */
export function productFormDefaults(product: Product | null, categories: readonly string[]): ProductFormInput {
  if (!product) {
    return {
      name: '',
      sku: '',
      barcode: '',
      category: categories[0] ?? '',
      price: null,
      original_price: null,
      cost: null,
      stock: '0',
      description: '',
      sizes: [],
      colors: [],
    };
  }
  return {
    name: product.name,
    sku: product.sku,
    barcode: product.barcode ?? '',
    category: product.category ?? '',
    price: satang(product.price),
    original_price: satang(product.original_price),
    cost: product.cost === 0 ? null : satang(product.cost),
    // Never sent on edit: the stock changes only through the adjust-stock dialog.
    stock: '',
    description: product.description,
    sizes: [...product.sizes],
    colors: [...product.colors],
  };
}

export interface ProductImageChange {
  /** A newly chosen file. */
  file: File | null;
  /** The product's current image was removed. */
  clear: boolean;
}

/**
 * The multipart form of POST/PUT /api/products (spec 001 §3, §5): SKU and
 * barcode (empty: none), sizes and colours as JSON text, numbers as text, the
 * image as `newImage` only when a file was chosen; empty values are not sent.
 * `image_url: ""` removes the current image.
 */
export function productFormData(values: ProductFormValues, image: ProductImageChange): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('sku', values.sku);
  form.append('barcode', values.barcode ?? '');
  form.append('category', values.category);
  form.append('price', String(values.price));
  form.append('cost', String(values.cost));
  if (values.original_price !== null) form.append('original_price', String(values.original_price));
  if (values.stock !== undefined) form.append('stock', String(values.stock));
  if (values.description !== '') form.append('description', values.description);
  form.append('sizes', JSON.stringify(values.sizes));
  form.append('colors', JSON.stringify(values.colors));
  if (image.file instanceof File) form.append(PRODUCT_FORM_IMAGE_FIELD, image.file, image.file.name);
  else if (image.clear) form.append('image_url', '');
  return form;
}
