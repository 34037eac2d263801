import { DETAILED_ERROR_MESSAGES, ERROR_CODES, ERROR_MESSAGES } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { th } from './th';

const dictionaries = { th: th as Record<string, string>, en: en as Record<string, string> };

describe('API error codes in the dictionaries', () => {
  it('gives every code of core\u2019s list a Thai and an English message', () => {
    for (const code of ERROR_CODES) {
      for (const [locale, dictionary] of Object.entries(dictionaries)) {
        expect(dictionary[`apiErrors.${code}`]?.trim(), `${locale} ${code}`).toBeTruthy();
      }
    }
  });

  it('words each code in Thai exactly as the server does, so the Thai screens read as before', () => {
    for (const code of ERROR_CODES) expect(dictionaries.th[`apiErrors.${code}`], code).toBe(ERROR_MESSAGES[code]);
    for (const [code, template] of Object.entries(DETAILED_ERROR_MESSAGES)) {
      expect(dictionaries.th[`apiErrors.detailed.${code}`], code).toBe(template);
      expect(dictionaries.en[`apiErrors.detailed.${code}`], code).toBeTruthy();
    }
  });

  it('has no message for a code core does not list', () => {
    const codes = new Set<string>(ERROR_CODES);
    for (const key of Object.keys(th).filter((k) => k.startsWith('apiErrors.'))) {
      expect(codes.has(key.replace(/^apiErrors\.(detailed\.)?/, '')), key).toBe(true);
    }
  });
});
