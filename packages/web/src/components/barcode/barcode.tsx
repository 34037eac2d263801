import { ScanBarcode } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../lib/utils';
import { useT } from '../../i18n';
import { canEncode, drawBarcode, type BarcodeDrawOptions } from './barcode-render';

interface BarcodeProps {
  value: string;
  options: BarcodeDrawOptions;
  className?: string;
}

/**
 * A barcode drawn by JsBarcode as SVG. A value the format cannot encode shows a message in the
 * screen's language (issue 31: not the library's English one) in place of the bars, so one bad
 * code never breaks the page around it.
 */
export function Barcode({ value, options, className }: BarcodeProps) {
  const { format, width, height, margin, fontSize, background, lineColor, textPosition, displayValue } = options;
  const t = useT();
  const invalid = useMemo(() => !canEncode(value, format), [value, format]);
  const [drawFailure, setDrawFailure] = useState<{ value: string; format: string } | null>(null);
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
    } catch {
      setDrawFailure({ value, format });
    }
  }, [invalid, value, format, width, height, margin, fontSize, background, lineColor, textPosition, displayValue]);

  const failed = drawFailure?.value === value && drawFailure.format === format;
  if (invalid || failed) {
    return (
      <p
        data-testid="barcode-error"
        className={cn(
          'flex items-start justify-center gap-1 text-center text-xs leading-snug [overflow-wrap:anywhere] text-red-700',
          className,
        )}
      >
        <ScanBarcode className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{t('barcodes.cannotEncode', { value, format })}</span>
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
