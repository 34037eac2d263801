import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import type { MessageKey, MessageParams } from '../../i18n';
import { differenceLook, differenceText } from './shift-difference';

const th = (key: MessageKey, params?: MessageParams) => translate('th', key, params);
const en = (key: MessageKey, params?: MessageParams) => translate('en', key, params);

describe('a shift difference in words', () => {
  it('says over or short with the amount unsigned, never by colour alone', () => {
    expect(differenceText(12, th)).toBe('เงินเกิน ฿12.00');
    expect(differenceText(-3.5, th)).toBe('เงินขาด ฿3.50');
    expect(differenceText(0, th)).toBe('ตรงยอด');
    expect(differenceText(-3.5, en)).toBe('Short ฿3.50');
    expect(differenceText(1250.25, en)).toBe('Over ฿1,250.25');
  });

  it('gives each its own tone, and nothing for an open shift', () => {
    expect(differenceLook(12)).toMatchObject({ kind: 'over', tone: 'amber' });
    expect(differenceLook(-0.25)).toMatchObject({ kind: 'short', tone: 'red' });
    // A float's leftover is no difference.
    expect(differenceLook(0.1 + 0.2 - 0.3)).toMatchObject({ kind: 'even', tone: 'green' });
    expect(differenceLook(null)).toBeNull();
    expect(differenceText(null, th)).toBe('');
  });
});
