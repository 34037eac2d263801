import { formatShelfPrice } from '@pos/core';
import { useMemo, type CSSProperties } from 'react';
import { cn } from '../../lib/utils';
import { OriginalPrice } from '../ui/original-price';
import { Barcode } from './barcode';
import { labelBarcodeOptions } from './barcode-render';
import type { BarcodeLabelSettings } from './label-settings';

/** What a label shows of a product (spec 001 §3 "barcode product sample"). */
export interface BarcodeLabelProduct {
  name: string;
  barcode: string;
  price: number;
  originalPrice?: number | null | undefined;
}

interface BarcodeLabelProps {
  product: BarcodeLabelProduct;
  settings: BarcodeLabelSettings;
  /**
   * `print`: fills its cell of the label sheet, bars at the printing size.
   * `design`: the settings' label width and height and bar size (the settings screen's live preview).
   */
  variant?: 'print' | 'design';
  className?: string;
}

/**
 * One barcode label: the name (optional, bold option), the price (satang
 * only when it has them, as the till shows it), the crossed-out "ปกติ" original
 * price when it is above the price, and the
 * barcode with its text (spec 001 "Barcode printing").
 */
export function BarcodeLabel({ product, settings, variant = 'print', className }: BarcodeLabelProps) {
  const options = useMemo(() => labelBarcodeOptions(settings, variant), [settings, variant]);
  const style: CSSProperties =
    variant === 'design'
      ? { width: settings.labelWidth, height: settings.labelHeight, background: settings.background }
      : { background: settings.background };

  return (
    <div
      data-testid="barcode-label"
      style={style}
      className={cn(
        'flex flex-col items-center justify-center gap-0.5 overflow-hidden px-1.5 py-1 text-center text-black',
        '[break-inside:avoid] [print-color-adjust:exact]',
        className,
      )}
    >
      {settings.showName ? (
        <p className={cn('w-full text-[11px] leading-snug break-words', settings.nameBold && 'font-bold')}>
          {product.name}
        </p>
      ) : null}
      {settings.showPrice ? (
        <p className="flex flex-wrap items-baseline justify-center gap-x-1.5 text-xs leading-snug tabular-nums">
          <span className={cn('text-[13px]', settings.priceBold && 'font-bold')}>
            {formatShelfPrice(product.price)}
          </span>
          <OriginalPrice
            price={product.price}
            originalPrice={product.originalPrice}
            className="text-[10px] text-slate-600"
          />
        </p>
      ) : null}
      <Barcode value={product.barcode} options={options} className="mx-auto" />
    </div>
  );
}
