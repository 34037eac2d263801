import { useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import {
  BARCODE_FORMATS,
  DEFAULT_BARCODE_SETTINGS,
  TEXT_POSITIONS,
  type BarcodeFormat,
  type BarcodeLabelSettings,
} from '../../components/barcode/label-settings';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/**
 * Barcode label appearance (spec 001 §3 "Barcode label settings"), kept in the
 * browser under `pos_barcode_settings`, never on the server. The /barcodes
 * screen reads it; the barcode tab of the settings screen edits it with the
 * limits below.
 */

/** Slider ranges of the settings screen (spec 001 §9); stored values are clamped to them. */
export const BARCODE_SETTING_LIMITS = {
  labelWidth: { min: 100, max: 400, step: 10 },
  labelHeight: { min: 80, max: 250, step: 10 },
  width: { min: 1, max: 4, step: 0.5 },
  height: { min: 20, max: 100, step: 5 },
  margin: { min: 0, max: 30, step: 1 },
  fontSize: { min: 8, max: 40, step: 1 },
} as const;

const D = DEFAULT_BARCODE_SETTINGS;

function numberFrom(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return value;
}

function flagFrom(value: unknown): unknown {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}

/** A number within the slider range: out-of-range values are clamped, anything else takes the default. */
function ranged(limits: { min: number; max: number }, fallback: number) {
  return z
    .preprocess(numberFrom, z.number().finite())
    .transform((v) => Math.min(limits.max, Math.max(limits.min, v)))
    .catch(fallback);
}

const flag = (fallback: boolean) => z.preprocess(flagFrom, z.boolean()).catch(fallback);

/** `#rgb`, `#rrggbb(aa)`, a CSS colour name, or `rgb()/rgba()`. */
const COLOR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|rgba?\([\d\s.,%]+\))$/;
const color = (fallback: string) => z.string().trim().regex(COLOR).catch(fallback);

const FORMAT_BY_UPPER = new Map<string, BarcodeFormat>(BARCODE_FORMATS.map((f) => [f.toUpperCase(), f]));

/** Format names are matched case-insensitively ("ean13" is EAN13); unknown names fall back to CODE128. */
const format = z
  .string()
  .transform((v, ctx) => {
    const known = FORMAT_BY_UPPER.get(v.trim().toUpperCase());
    if (!known) {
      // eslint-disable-next-line i18next/no-literal-string -- never shown: .catch() below puts the default instead
      ctx.addIssue({ code: 'custom', message: 'unknown barcode format' });
      return z.NEVER;
    }
    return known;
  })
  .catch(D.format);

/**
 * The settings schema. Every field falls back to its default on its own, so
 * one bad or missing value never throws away the others.
 */
export const BarcodeLabelSettingsSchema = z.object({
  format,
  width: ranged(BARCODE_SETTING_LIMITS.width, D.width),
  height: ranged(BARCODE_SETTING_LIMITS.height, D.height),
  margin: ranged(BARCODE_SETTING_LIMITS.margin, D.margin),
  fontSize: ranged(BARCODE_SETTING_LIMITS.fontSize, D.fontSize),
  background: color(D.background),
  lineColor: color(D.lineColor),
  textPosition: z.enum(TEXT_POSITIONS).catch(D.textPosition),
  showName: flag(D.showName),
  showPrice: flag(D.showPrice),
  showSku: flag(D.showSku),
  nameBold: flag(D.nameBold),
  priceBold: flag(D.priceBold),
  labelWidth: ranged(BARCODE_SETTING_LIMITS.labelWidth, D.labelWidth),
  labelHeight: ranged(BARCODE_SETTING_LIMITS.labelHeight, D.labelHeight),
}) satisfies z.ZodType<BarcodeLabelSettings, unknown>;

/**
 * Reads stored settings: JSON text or an object. Missing, invalid or
 * unparseable values take the defaults; unknown keys are dropped.
 */
export function parseBarcodeSettings(raw: unknown): BarcodeLabelSettings {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      value = undefined;
    }
  }
  const object = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  return BarcodeLabelSettingsSchema.parse(object);
}

/** Applies a change from the settings screen to the current settings, validated the same way. */
export function mergeBarcodeSettings(
  current: BarcodeLabelSettings,
  patch: Partial<Record<keyof BarcodeLabelSettings, unknown>>,
): BarcodeLabelSettings {
  return parseBarcodeSettings({ ...current, ...patch });
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.barcodeSettings);
  } catch {
    return null;
  }
}

export function readBarcodeSettings(): BarcodeLabelSettings {
  return parseBarcodeSettings(readRaw());
}

/** Told to this tab's readers when the settings are saved here (the `storage` event covers other tabs). */
const CHANGE_EVENT = 'pos-barcode-settings-change';

/** Stores the settings (validated) and tells every reader in this tab. */
export function saveBarcodeSettings(settings: BarcodeLabelSettings): BarcodeLabelSettings {
  const valid = parseBarcodeSettings(settings);
  try {
    localStorage.setItem(STORAGE_KEYS.barcodeSettings, JSON.stringify(valid));
  } catch {
    // Storage full or blocked: the settings last until the page is closed.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
  return valid;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.barcodeSettings) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The current label settings; follows changes made in this tab or another one. */
export function useBarcodeSettings(): BarcodeLabelSettings {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  return useMemo(() => parseBarcodeSettings(raw), [raw]);
}
