import { ScanBarcode } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../lib/utils';
import { barcodeErrorMessage, checkBarcode, drawBarcode, type BarcodeDrawOptions } from './barcode-render';

interface BarcodeProps {
  value: string;
  options: BarcodeDrawOptions;
  className?: string;
}

/**
 * A barcode drawn by JsBarcode as SVG. A value the format cannot encode shows
 * the library's message (spec 001 §8) in place of the bars, so one bad code
 * never breaks the page around it.
 */
export function Barcode({ value, options, className }: BarcodeProps) {
  const { format, width, height, margin, fontSize, background, lineColor, textPosition, displayValue } = options;
  const invalid = useMemo(() => checkBarcode(value, format), [value, format]);
  const [drawFailure, setDrawFailure] = useState<{ value: string; format: string; message: string } | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);

  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg || invalid) return;
    try {
      drawBarcode(svg, value, {
        format,
        width,
        height,
        margin,
        fontSize,
        background,
        lineColor,
        textPosition,
        displayValue,
      });
    } catch (error) {
      setDrawFailure({ value, format, message: barcodeErrorMessage(error, value, format) });
    }
  }, [invalid, value, format, width, height, margin, fontSize, background, lineColor, textPosition, displayValue]);

  const failure = drawFailure && drawFailure.value === value && drawFailure.format === format ? drawFailure : null;
  const message = invalid ?? failure?.message ?? null;
  if (message) {
    return (
      <p
        data-testid="barcode-error"
        className={cn(
          'flex items-start justify-center gap-1 text-center text-xs leading-snug [overflow-wrap:anywhere] text-red-700',
          className,
        )}
      >
        <ScanBarcode className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{message}</span>
      </p>
    );
  }
  return (
    <svg
      ref={svgRef}
      role="img"
      aria-label={value}
      data-testid="barcode-svg"
      className={cn('block h-auto max-w-full', className)}
    />
  );
}
