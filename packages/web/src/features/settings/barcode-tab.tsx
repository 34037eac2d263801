import { Check, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { BarcodeLabel, type BarcodeLabelProduct } from '../../components/barcode/barcode-label';
import {
  DEFAULT_BARCODE_SETTINGS,
  type BarcodeFormat,
  type BarcodeLabelSettings,
} from '../../components/barcode/label-settings';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/types';
import { cn } from '../../lib/utils';
import {
  BARCODE_SETTING_LIMITS,
  mergeBarcodeSettings,
  saveBarcodeSettings,
  useBarcodeSettings,
} from '../barcodes/barcode-settings';

/** 12 preset bar colours (spec 001 §9): dark enough for a scanner to read on white. */
export const BARCODE_PRESET_COLORS = [
  '#000000',
  '#1e293b',
  '#374151',
  '#1e3a8a',
  '#1d4ed8',
  '#0e7490',
  '#047857',
  '#166534',
  '#78350f',
  '#9a3412',
  '#991b1b',
  '#6b21a8',
] as const;

/** Light label backgrounds: the bars stay dark on any of them, so scanners still read them. */
export const BARCODE_BACKGROUNDS = ['#ffffff', '#fffbeb', '#fef9c3', '#f1f5f9', '#eff6ff', '#f0fdf4'] as const;

/** The symbologies offered: the ones Thai shops print (spec 001 §3 "format"); CODE128 encodes any code. */
export const OFFERED_FORMATS = [
  'CODE128',
  'EAN13',
  'EAN8',
  'UPC',
  'CODE39',
  'CODE93',
  'ITF14',
] as const satisfies readonly BarcodeFormat[];

/** Screen pixels (the label is drawn at 96 per inch) as millimetres on paper. */
export function pxToMm(px: number): string {
  return (Math.round((px * 254) / 96) / 10).toLocaleString('en-US');
}

type SliderKey = keyof typeof BARCODE_SETTING_LIMITS;

const SLIDERS: readonly { key: SliderKey; label: MessageKey; mm?: true }[] = [
  { key: 'labelWidth', label: 'settings.barcode.labelWidth', mm: true },
  { key: 'labelHeight', label: 'settings.barcode.labelHeight', mm: true },
  { key: 'width', label: 'settings.barcode.barWidth' },
  { key: 'height', label: 'settings.barcode.barHeight' },
  { key: 'margin', label: 'settings.barcode.margin' },
  { key: 'fontSize', label: 'settings.barcode.fontSize' },
];

type FlagKey = 'showName' | 'showPrice' | 'showSku' | 'nameBold' | 'priceBold';

const FLAGS: readonly { key: FlagKey; label: MessageKey }[] = [
  { key: 'showName', label: 'settings.barcode.showName' },
  { key: 'showPrice', label: 'settings.barcode.showPrice' },
  { key: 'showSku', label: 'settings.barcode.showSku' },
  { key: 'nameBold', label: 'settings.barcode.nameBold' },
  { key: 'priceBold', label: 'settings.barcode.priceBold' },
];

function Slider({
  label,
  value,
  shown = String(value),
  limits,
  disabled,
  onChange,
}: {
  label: string;
  value: number;
  /** The value as read out (millimetres for the label size). */
  shown?: string;
  limits: { min: number; max: number; step: number };
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between text-sm">
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <output htmlFor={id} className="text-slate-700 tabular-nums">
          {shown}
        </output>
      </div>
      <input
        id={id}
        type="range"
        aria-valuetext={shown}
        min={limits.min}
        max={limits.max}
        step={limits.step}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-11 w-full cursor-pointer accent-blue-600 disabled:cursor-not-allowed"
      />
    </div>
  );
}

/**
 * Barcode label appearance (spec 001): sliders within the spec ranges, 12 preset colours and a live
 * preview drawn by the same label component the /barcodes screen prints with. Kept in this browser
 * (pos_barcode_settings) through the barcodes feature's settings module, saved as it changes.
 */
export function BarcodeTab({ readOnly }: { readOnly: boolean }) {
  const t = useT();
  const settings = useBarcodeSettings();
  const change = (patch: Partial<BarcodeLabelSettings>) => saveBarcodeSettings(mergeBarcodeSettings(settings, patch));
  const sample: BarcodeLabelProduct = {
    name: t('settings.barcode.sampleName'),
    barcode: '8850123456789',
    price: 290,
    originalPrice: 350,
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="space-y-5">
        <p className="text-sm text-slate-600">{t('settings.barcode.savedHere')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {SLIDERS.map(({ key, label, mm }) => (
            <Slider
              key={key}
              label={t(label)}
              value={settings[key]}
              shown={mm ? t('settings.barcode.mm', { mm: pxToMm(settings[key]) }) : undefined}
              limits={BARCODE_SETTING_LIMITS[key]}
              disabled={readOnly}
              onChange={(value) => change({ [key]: value })}
            />
          ))}
        </div>
        <div className="space-y-1">
          <label htmlFor="settings-barcode-format" className="text-sm font-medium text-slate-900">
            {t('settings.barcode.format')}
          </label>
          <select
            id="settings-barcode-format"
            value={settings.format}
            disabled={readOnly}
            onChange={(event) => change({ format: event.target.value as BarcodeFormat })}
            className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm disabled:cursor-not-allowed"
          >
            {[...new Set<BarcodeFormat>([...OFFERED_FORMATS, settings.format])].map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
          <p className="text-xs text-slate-600">{t('settings.barcode.formatHint')}</p>
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-900">{t('settings.barcode.background')}</legend>
          <div className="grid grid-cols-6 gap-2 sm:flex sm:flex-wrap">
            {BARCODE_BACKGROUNDS.map((color) => {
              const selected = settings.background.toLowerCase() === color;
              return (
                <button
                  key={color}
                  type="button"
                  aria-label={t('settings.barcode.backgroundName', { color })}
                  aria-pressed={selected}
                  disabled={readOnly}
                  onClick={() => change({ background: color })}
                  className={cn(
                    'flex size-11 cursor-pointer items-center justify-center rounded-lg border-2 disabled:cursor-not-allowed',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
                    selected ? 'border-blue-600' : 'border-slate-300',
                  )}
                  style={{ backgroundColor: color }}
                >
                  {selected ? <Check className="size-5 text-blue-700" aria-hidden /> : null}
                </button>
              );
            })}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-900">{t('settings.barcode.color')}</legend>
          <div className="grid grid-cols-6 gap-2 sm:flex sm:flex-wrap">
            {BARCODE_PRESET_COLORS.map((color) => {
              const selected = settings.lineColor.toLowerCase() === color;
              return (
                <button
                  key={color}
                  type="button"
                  aria-label={t('settings.barcode.colorName', { color })}
                  aria-pressed={selected}
                  disabled={readOnly}
                  onClick={() => change({ lineColor: color })}
                  className={cn(
                    'flex size-11 cursor-pointer items-center justify-center rounded-lg border-2 disabled:cursor-not-allowed',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
                    selected ? 'border-blue-600' : 'border-transparent',
                  )}
                  style={{ backgroundColor: color }}
                >
                  {selected ? <Check className="size-5 text-white" aria-hidden /> : null}
                </button>
              );
            })}
          </div>
        </fieldset>
        <div className="grid gap-1 sm:grid-cols-2">
          {[...FLAGS, { key: 'textTop' as const, label: 'settings.barcode.textTop' as const }].map(({ key, label }) => {
            const id = `settings-barcode-${key}`;
            const checked = key === 'textTop' ? settings.textPosition === 'top' : settings[key];
            return (
              <label key={key} htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                <input
                  id={id}
                  type="checkbox"
                  checked={checked}
                  disabled={readOnly}
                  onChange={(event) =>
                    change(
                      key === 'textTop'
                        ? { textPosition: event.target.checked ? 'top' : 'bottom' }
                        : { [key]: event.target.checked },
                    )
                  }
                  className="size-5 accent-blue-600"
                />
                {t(label)}
              </label>
            );
          })}
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={readOnly}
          onClick={() => saveBarcodeSettings({ ...DEFAULT_BARCODE_SETTINGS })}
        >
          <RotateCcw aria-hidden />
          {t('settings.barcode.reset')}
        </Button>
      </div>
      {/* First on a phone, so each change shows without scrolling; beside the controls on a wide screen. */}
      <Card className="order-first flex flex-col gap-3 self-start p-4 lg:sticky lg:top-24 lg:order-last">
        <h3 className="text-sm font-medium text-slate-900">{t('settings.barcode.preview')}</h3>
        <div className="flex min-h-48 items-center justify-center overflow-auto rounded-lg bg-slate-100 p-4">
          <BarcodeLabel product={sample} settings={settings} variant="design" className="shadow-sm" />
        </div>
      </Card>
    </div>
  );
}
