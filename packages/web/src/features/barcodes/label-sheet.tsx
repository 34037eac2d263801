import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { BarcodeLabel } from '../../components/barcode/barcode-label';
import type { BarcodeLabelSettings } from '../../components/barcode/label-settings';
import { cn } from '../../lib/utils';
import type { SheetLabel } from './label-selection';

/** The document title while printing: the PDF file name a "save as PDF" suggests (spec 001). */
export const PRINT_DOCUMENT_TITLE = 'Barcode-Labels';

/** A4 with 0.3 cm margins (spec 001 §9). */
const PAGE_MARGIN_CM = 0.3;
const A4_WIDTH_CM = 21;
/** CSS pixels are 1/96 inch. */
const A4_WIDTH_PX = (A4_WIDTH_CM / 2.54) * 96;

/**
 * Only the label sheet prints: everything else on the page (the app, the
 * preview dialog, toasts) is hidden, and the scroll lock a dialog puts on
 * the body is lifted so that every page prints.
 */
const PRINT_CSS = `
@page { size: A4 portrait; margin: ${PAGE_MARGIN_CM}cm; }
@media print {
  html, html body, html body[data-scroll-locked] {
    overflow: visible !important; height: auto !important; margin: 0 !important; padding: 0 !important;
    background: #fff !important;
  }
  body > :not([data-print-sheet]) { display: none !important; }
  body > [data-print-sheet] { display: block !important; }
}
`;

interface LabelSheetProps {
  labels: readonly SheetLabel[];
  perRow: number;
  settings: BarcodeLabelSettings;
  className?: string;
}

/** Labels in rows of `perRow`, as they print. */
export function LabelSheet({ labels, perRow, settings, className }: LabelSheetProps) {
  const style: CSSProperties = { gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))` };
  return (
    <div data-testid="label-sheet" className={cn('grid gap-[0.15cm]', className)} style={style}>
      {labels.map((label) => (
        <BarcodeLabel
          key={label.key}
          product={label}
          settings={settings}
          className="min-h-[2.6cm] rounded-sm border border-dashed border-slate-300"
        />
      ))}
    </div>
  );
}

/** The sheet as it prints, outside the app's tree; hidden on screen, alone on paper. */
export function PrintSheet(props: LabelSheetProps) {
  return createPortal(
    <div data-print-sheet="" data-testid="print-sheet" className="hidden bg-white">
      <style>{PRINT_CSS}</style>
      <LabelSheet {...props} />
    </div>,
    document.body,
  );
}

/**
 * An A4 sheet on screen, shrunk (CSS zoom) to fit narrow screens so the
 * preview shows the page as it will print.
 */
export function PaperPreview(props: LabelSheetProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);

  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const fit = () => {
      if (el.clientWidth > 0) setZoom(Math.min(1, el.clientWidth / A4_WIDTH_PX));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={frame} className="w-full overflow-hidden rounded-lg bg-slate-200 p-0">
      <div
        className="mx-auto bg-white shadow"
        style={{ width: `${A4_WIDTH_CM}cm`, padding: `${PAGE_MARGIN_CM}cm`, zoom }}
      >
        <LabelSheet {...props} />
      </div>
    </div>
  );
}

/**
 * Prints the page with the document title `Barcode-Labels`, restoring the
 * previous title once the print dialog closes.
 */
export function usePrintDocument(): (onDone?: () => void) => void {
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanup.current?.(), []);
  return (onDone) => {
    cleanup.current?.();
    const previousTitle = document.title;
    document.title = PRINT_DOCUMENT_TITLE;
    const restore = () => {
      window.removeEventListener('afterprint', restore);
      cleanup.current = null;
      document.title = previousTitle;
      onDone?.();
    };
    cleanup.current = restore;
    window.addEventListener('afterprint', restore);
    window.print();
  };
}
