import { Info } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n';

/** Remembered per browser: the owner is told once, not on every visit. */
export const UNASSIGNED_NOTICE_KEY = 'pos.products.unassignedNoticeDismissed';

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(UNASSIGNED_NOTICE_KEY) === '1';
  } catch {
    // Storage refused (private mode): show it; dismissing then lasts for this page only.
    return false;
  }
}

/**
 * Styles whose stock was counted before sizes and colours were tracked (their unassigned stock is not 0) still
 * need a count per variant: says so once, and where (the product dialog's grid).
 */
export function UnassignedStockNotice({ styles }: { styles: number }) {
  const t = useT();
  const [dismissed, setDismissed] = useState(dismissedBefore);
  if (styles === 0 || dismissed) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(UNASSIGNED_NOTICE_KEY, '1');
    } catch {
      // Not remembered: it shows again next visit, which is harmless.
    }
    setDismissed(true);
  };
  return (
    <section
      aria-labelledby="unassigned-notice-title"
      data-testid="unassigned-notice"
      className="mb-4 flex flex-col gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950 sm:flex-row sm:items-start"
    >
      <Info aria-hidden className="size-5 shrink-0 text-blue-700" />
      <div className="min-w-0 flex-1 space-y-1">
        <h2 id="unassigned-notice-title" className="font-semibold">
          {t('products.noticeUnassignedTitle')}
        </h2>
        <p>{t('products.noticeUnassignedMessage', { count: styles })}</p>
      </div>
      <Button variant="outline" onClick={dismiss} className="self-start">
        {t('products.noticeDismiss')}
      </Button>
    </section>
  );
}
