import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import type { ReceiptPaper } from './receipt';

export function SegmentButton({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'min-h-11 flex-1 cursor-pointer rounded-md px-3 text-sm font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
        active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
      )}
    >
      {children}
    </button>
  );
}

/** "Paper: 80 mm roll | A4", the same choice for every printed document. */
export function PaperChoice({ paper, onChange }: { paper: ReceiptPaper; onChange: (paper: ReceiptPaper) => void }) {
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm font-medium text-slate-700" id="receipt-paper-label">
        {t('receipt.paper')}
      </span>
      <div className="flex flex-1 gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-labelledby="receipt-paper-label">
        <SegmentButton active={paper === 'roll'} onClick={() => onChange('roll')}>
          {t('receipt.paperRoll')}
        </SegmentButton>
        <SegmentButton active={paper === 'a4'} onClick={() => onChange('a4')}>
          {t('receipt.paperA4')}
        </SegmentButton>
      </div>
    </div>
  );
}

/**
 * The on-screen look of a document on its paper: the roll's 300 px slip, or the A4 page at its real
 * width (210 mm, 15 mm margins) shown smaller so the whole width fits the dialog.
 */
export function paperPreviewClass(paper: ReceiptPaper): string {
  return paper === 'a4'
    ? 'w-[210mm] shrink-0 p-[15mm] shadow-md ring-1 ring-slate-200 [zoom:0.4] sm:[zoom:0.48]'
    : 'w-[300px] max-w-full px-3 py-4 shadow-md ring-1 ring-slate-200';
}
