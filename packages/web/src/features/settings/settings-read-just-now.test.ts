import { describe, expect, it } from 'vitest';
import { SETTINGS_JUST_READ_MS, settingsReadJustNow } from './settings.queries';

describe('settingsReadJustNow (the POS re-reads the settings when it opens, spec 000 §7)', () => {
  const now = 1_700_000_000_000;

  it('counts a read under way or finished a moment ago as the opening read', () => {
    expect(settingsReadJustNow({ fetchStatus: 'fetching', dataUpdatedAt: 0 }, now)).toBe(true);
    expect(settingsReadJustNow({ fetchStatus: 'idle', dataUpdatedAt: now - 500 }, now)).toBe(true);
  });

  it('asks again when the settings were read earlier, never read, or not in the cache', () => {
    expect(settingsReadJustNow({ fetchStatus: 'idle', dataUpdatedAt: now - SETTINGS_JUST_READ_MS }, now)).toBe(false);
    expect(settingsReadJustNow({ fetchStatus: 'idle', dataUpdatedAt: now - 60_000 }, now)).toBe(false);
    expect(settingsReadJustNow({ fetchStatus: 'idle', dataUpdatedAt: 0 }, now)).toBe(false);
    expect(settingsReadJustNow(undefined, now)).toBe(false);
  });
});
