import { PRODUCT_FORM_IMAGE_FIELD, ProductFormSchema, type Product, type ProductFormValues } from '@pos/core';
import type { z } from 'zod';

/** The product dialog's fields as the inputs hold them (numbers as typed text); checked by core ProductFormSchema. */
export interface ProductFormFields {
  name: string;
  sku: string;
  category: string;
  price: string;
  original_price: string;
  cost: string;
  stock: string;
  description: string;
  sizes: string[];
  colors: string[];
}

/**
 * The core form schema typed for these inputs: it takes text for every number
 * (its input type says `unknown`, which react-hook-form cannot use for field paths).
 */
export const ProductDialogSchema = ProductFormSchema as unknown as z.ZodType<ProductFormValues, ProductFormFields>;

export const PRODUCT_FORM_FIELDS = [
  'name',
  'sku',
  'category',
  'price',
  'original_price',
  'cost',
  'stock',
  'description',
  'sizes',
  'colors',
] as const satisfies readonly (keyof ProductFormFields)[];

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The dialog's starting values: the product's, or empty with the first category (spec 001). */
export function productFormDefaults(product: Product | null, categories: readonly string[]): ProductFormFields {
  if (!product) {
    return {
      name: '',
      sku: '',
      category: categories[0] ?? '',
      price: '',
      original_price: '',
      cost: '',
      stock: '0',
      description: '',
      sizes: [],
      colors: [],
    };
  }
  return {
    name: product.name,
    sku: product.sku,
    category: product.category ?? '',
    price: text(product.price),
    original_price: text(product.original_price),
    cost: product.cost === 0 ? '' : text(product.cost),
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
 * The multipart form of POST/PUT /api/products (spec 001 §3, §5): the SKU is
 * sent as `barcode`, sizes and colours as JSON text, numbers as text, the
 * image as `newImage` only when a file was chosen; empty values are not sent.
 * `image_url: ""` removes the current image.
 */
export function productFormData(values: ProductFormValues, image: ProductImageChange): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('barcode', values.sku);
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
