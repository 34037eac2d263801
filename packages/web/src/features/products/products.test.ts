import { zodResolver } from '@hookform/resolvers/zod';
import { AMOUNT_BOUNDS, PRODUCT_FORM_IMAGE_FIELD, msg, type Product } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { validationText } from '../../i18n';
import { th } from '../../i18n/th';
import { ProductForm, productFormData, productFormDefaults, type ProductFormInput } from './product-form';
import { stockTone } from './stock';
import { addTag, removeTag } from './tags';

const PRODUCT: Product = {
  id: 7,
  name: 'เสื้อยืดคอกลม',
  sku: 'TS-001',
  barcode: 'TS-001',
  category: 'เสื้อผ้า',
  category_id: 1,
  price: 250,
  cost: 0,
  original_price: 300,
  stock: 12,
  unassigned_stock: 0,
  description: '',
  image_url: '/uploads/products/a.webp',
  sizes: ['S', 'M'],
  colors: ['ขาว'],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('size and colour tags', () => {
  it('trims what was typed and adds it at the end', () => {
    expect(addTag(['S'], '  M ')).toEqual(['S', 'M']);
  });

  it('ignores empty text and duplicates', () => {
    expect(addTag(['S', 'M'], '   ')).toEqual(['S', 'M']);
    expect(addTag(['S', 'M'], ' M')).toEqual(['S', 'M']);
    expect(addTag([], '')).toEqual([]);
  });

  it('removes one tag', () => {
    expect(removeTag(['S', 'M', 'L'], 'M')).toEqual(['S', 'L']);
  });
});

describe('stock colour bands', () => {
  it('is red up to 10, orange from 11 to 20 and green above 20', () => {
    expect([0, 1, 10].map(stockTone)).toEqual(['red', 'red', 'red']);
    expect([11, 15, 20].map(stockTone)).toEqual(['orange', 'orange', 'orange']);
    expect([21, 500].map(stockTone)).toEqual(['green', 'green']);
  });
});

describe('product form', () => {
  it('starts a new product with the first category and stock 0', () => {
    expect(productFormDefaults(null, ['เสื้อผ้า', 'รองเท้า'])).toMatchObject({ category: 'เสื้อผ้า', stock: '0' });
    expect(productFormDefaults(null, []).category).toBe('');
  });

  it('fills the fields from a product being edited, leaving the stock out of the edit', () => {
    expect(productFormDefaults(PRODUCT, ['รองเท้า'])).toEqual({
      name: 'เสื้อยืดคอกลม',
      sku: 'TS-001',
      barcode: 'TS-001',
      category: 'เสื้อผ้า',
      price: 25000,
      original_price: 30000,
      cost: null,
      stock: '',
      description: '',
      sizes: ['S', 'M'],
      colors: ['ขาว'],
    });
  });

  it('reports every missing required field with the spec messages', () => {
    const result = ProductForm.safeParse(productFormDefaults(null, []));
    expect(result.success).toBe(false);
    // The first message of each field, as the form (and the server) show it in Thai.
    const messages: Record<string, string> = {};
    for (const issue of result.error!.issues) messages[issue.path.join('.')] ??= validationText('th', issue.message);
    expect(messages).toMatchObject({
      name: 'กรุณากรอกชื่อสินค้า',
      sku: 'กรุณากรอก SKU',
      category: 'กรุณาเลือกหมวดหมู่',
      price: 'กรุณากรอกราคาสินค้า',
    });
  });

  it('requires a category name and a price above 0, and refuses money text that is no amount', () => {
    const result = ProductForm.safeParse({
      ...productFormDefaults(null, []),
      name: 'x',
      sku: 'y',
      price: 0,
      cost: Number.NaN,
    });
    const messagesIn = (locale: 'th' | 'en') =>
      Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), validationText(locale, i.message)]));
    expect(messagesIn('th')).toEqual({
      category: 'กรุณาเลือกหมวดหมู่',
      price: 'กรุณากรอกราคาสินค้า',
      cost: 'ต้นทุนต้องเป็นตัวเลข',
    });
    expect(messagesIn('en')).toEqual({
      category: 'Please choose a category',
      price: 'Please enter the price',
      cost: 'Cost must be a number',
    });
  });

  it('sends the multipart form of spec 001: SKU and barcode each as typed, tags as JSON, empty values left out', () => {
    const values = ProductForm.parse({
      ...productFormDefaults(null, ['เสื้อผ้า']),
      name: ' เสื้อ ',
      sku: 'TS-9',
      barcode: ' 8850100000309 ',
      price: 19950,
      sizes: ['S'],
    });
    const form = productFormData(values, { file: null, clear: false });
    expect(Object.fromEntries(form.entries())).toEqual({
      name: 'เสื้อ',
      sku: 'TS-9',
      barcode: '8850100000309',
      category: 'เสื้อผ้า',
      price: '199.5',
      cost: '0',
      stock: '0',
      sizes: '["S"]',
      colors: '[]',
    });
  });

  it('edits a product whose SKU and barcode differ without losing either; an empty barcode is sent as none', () => {
    const product = { ...PRODUCT, sku: 'DM100300', barcode: '8850100000300' };
    const defaults = productFormDefaults(product, []);
    expect(defaults).toMatchObject({ sku: 'DM100300', barcode: '8850100000300' });
    const form = productFormData(ProductForm.parse(defaults), { file: null, clear: false });
    expect(form.get('sku')).toBe('DM100300');
    expect(form.get('barcode')).toBe('8850100000300');
    const none = productFormData(ProductForm.parse({ ...defaults, barcode: '' }), { file: null, clear: false });
    expect(none.get('barcode')).toBe('');
  });

  it('refuses a SKU or barcode a label cannot encode with a message in the screen language', () => {
    const parsed = ProductForm.safeParse({
      ...productFormDefaults(null, ['เสื้อผ้า']),
      name: 'เสื้อ',
      sku: 'เสื้อ-1',
      barcode: 'ก1',
      price: 10000,
    });
    expect(parsed.success).toBe(false);
    const issues = Object.fromEntries(parsed.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(validationText('th', issues.sku ?? '')).toMatch(/^SKU ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ/);
    expect(validationText('th', issues.barcode ?? '')).toMatch(/^บาร์โค้ดใช้ได้เฉพาะ/);
    expect(validationText('en', issues.barcode ?? '')).toMatch(/^Barcode may use only English letters/);
  });

  it('says what to fix when a product saved before the rules (Thai letters in its SKU, a price over the bound) is saved again', () => {
    const older = { ...PRODUCT, sku: 'เสื้อ-1', barcode: 'เสื้อ-1', price: AMOUNT_BOUNDS.unitPriceBaht + 1 };
    const parsed = ProductForm.safeParse(productFormDefaults(older, ['เสื้อผ้า']));
    expect(parsed.success).toBe(false);
    const issues = Object.fromEntries(parsed.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(Object.keys(issues).sort()).toEqual(['barcode', 'price', 'sku']);
    expect(validationText('th', issues.sku ?? '')).toMatch(/^SKU ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ/);
    expect(validationText('th', issues.price ?? '')).toBe('ราคาสินค้าต้องไม่เกิน 100,000 บาท');
    expect(validationText('en', issues.price ?? '')).toBe('Price must be at most 100,000 baht');
    expect(validationText('en', issues.sku ?? '')).toMatch(/^SKU may use only English letters/);
  });

  it('sends a chosen image as newImage, or an empty image_url to remove the current one', () => {
    const values = ProductForm.parse(productFormDefaults(PRODUCT, []));
    const file = new File([new Uint8Array([1, 2, 3])], 'shirt.png', { type: 'image/png' });
    const withFile = productFormData(values, { file, clear: true });
    expect(withFile.get(PRODUCT_FORM_IMAGE_FIELD)).toBeInstanceOf(File);
    expect(withFile.has('image_url')).toBe(false);
    expect(withFile.get('original_price')).toBe('300');
    expect(withFile.has('stock')).toBe(false);

    const cleared = productFormData(values, { file: null, clear: true });
    expect(cleared.get('image_url')).toBe('');
    expect(cleared.has(PRODUCT_FORM_IMAGE_FIELD)).toBe(false);
  });
});

describe('product dialog field messages for characters that may not be stored', () => {
  // The dialog's own resolver: what it returns is what the fields show.
  const resolve = (values: ProductFormInput) =>
    zodResolver(ProductForm)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const filled = { ...productFormDefaults(null, ['เสื้อผ้า']), name: 'เสื้อ', sku: 'TS-1', price: 10000 };

  it('has Thai and English messages for them', () => {
    for (const id of ['text.controlChars', 'text.bidiControls'] as const) {
      expect(validationText('th', msg(id))).toMatch(/[\u0E00-\u0E7F]/);
      expect(validationText('en', msg(id))).toMatch(/^The text contains invisible/);
    }
  });

  it('gives the message id at the name, SKU, description and sizes', async () => {
    const { errors } = await resolve({
      ...filled,
      name: 'เสื้อ\u202eยืด',
      sku: 'TS\u00001',
      description: 'ผ้า\u0007ฝ้าย',
      sizes: ['S', 'M\u2066'],
    });
    expect(errors.name?.message).toBe(msg('text.bidiControls'));
    expect(errors.sku?.message).toBe(msg('text.controlChars'));
    expect(errors.description?.message).toBe(msg('text.controlChars'));
    expect(errors.sizes?.message).toBe(msg('text.bidiControls'));
  });

  it('keeps line breaks in the description', async () => {
    const { errors } = await resolve({ ...filled, description: 'ผ้าฝ้าย\nซักเครื่องได้' });
    expect(errors).toEqual({});
  });
});

describe('texts the spec quotes', () => {
  it('keeps the product and barcode screen wording of spec 001', () => {
    expect(th['products.deleteTitle']).toBe('ยืนยันการลบสินค้า');
    expect(th['products.deleteConfirm']).toBe('คุณต้องการลบสินค้านี้หรือไม่?');
    expect(th['products.incompleteTitle']).toBe('ข้อมูลไม่ครบถ้วน');
    expect(th['barcodes.title']).toBe('พิมพ์บาร์โค้ด');
    expect(th['barcodes.noSelectionTitle']).toBe('ยังไม่ได้เลือกสินค้า');
    expect(th['barcodes.previewTitle']).toBe('ตัวอย่างก่อนพิมพ์');
    expect(th['barcodes.loadError']).toBe('ไม่สามารถโหลดข้อมูลสินค้าได้');
    expect(th['common.originalPrice']).toBe('ปกติ {price}');
  });
});
