import {
  msg,
  placeholdersOf,
  VALIDATION_IDS,
  VALIDATION_LABELS,
  VALIDATION_MESSAGES,
  validationText as thaiText,
} from '@pos/core';
import { describe, expect, it } from 'vitest';
import { validationFailureText } from './api-error-text';
import { en } from './en';
import { th } from './th';
import { validationText } from './validation-text';

const dictionaries = { th: th as Record<string, string>, en: en as Record<string, string> };
const sorted = (template: string) => placeholdersOf(template).sort();

describe('validation messages in the dictionaries', () => {
  it('gives every id and label core has a Thai and an English entry with the same placeholders', () => {
    for (const id of VALIDATION_IDS) {
      const key = `validation.${id}`;
      expect(dictionaries.en[key]?.trim(), key).toBeTruthy();
      expect(sorted(dictionaries.en[key]!), key).toEqual(sorted(VALIDATION_MESSAGES[id]));
    }
    for (const label of Object.keys(VALIDATION_LABELS)) {
      expect(dictionaries.en[`validation.label.${label}`]?.trim(), label).toBeTruthy();
    }
  });

  it('words each id and label in Thai exactly as the server does', () => {
    for (const id of VALIDATION_IDS) expect(dictionaries.th[`validation.${id}`], id).toBe(VALIDATION_MESSAGES[id]);
    for (const [label, text] of Object.entries(VALIDATION_LABELS)) {
      expect(dictionaries.th[`validation.label.${label}`], label).toBe(text);
    }
    const message = msg('text.tooLong', { label: 'sku', max: 64 });
    expect(validationText('th', message)).toBe(thaiText(message));
  });

  it('has no entry for an id or label core does not have', () => {
    const known = new Set([...VALIDATION_IDS, ...Object.keys(VALIDATION_LABELS).map((label) => `label.${label}`)]);
    for (const key of Object.keys(th).filter((k) => k.startsWith('validation.'))) {
      expect(known.has(key.replace(/^validation\./, '')), key).toBe(true);
    }
  });

  it('fills the label and parameters in the reader’s language, and leaves other text as it is', () => {
    expect(validationText('en', msg('money.max', { label: 'originalPrice', max: '10,000,000' }))).toBe(
      'Usual price must be at most 10,000,000 baht',
    );
    expect(validationText('th', msg('money.max', { label: 'originalPrice', max: '10,000,000' }))).toBe(
      'ราคาปกติต้องไม่เกิน 10,000,000 บาท',
    );
    expect(validationText('en', 'ข้อความจากเซิร์ฟเวอร์')).toBe('ข้อความจากเซิร์ฟเวอร์');
    expect(validationText('en', 'validation.no.such.id')).toBe('validation.no.such.id');
  });

  it('words a refused request by its first field’s id, or leaves it to the server’s text', () => {
    const refusal = {
      code: 'VALIDATION_FAILED',
      fields: { name: 'กรุณากรอกชื่อสินค้า', sku: 'กรุณากรอก SKU' },
      fieldIds: { name: msg('product.nameRequired'), sku: msg('product.skuRequired') },
    };
    expect(validationFailureText('en', refusal)).toBe('Please enter the product name (name)');
    expect(validationFailureText('en', { ...refusal, fieldIds: { sku: msg('product.skuRequired') } })).toBeNull();
    expect(validationFailureText('en', { ...refusal, code: 'SKU_TAKEN' })).toBeNull();
  });
});
