import { formatShelfPrice, originalPriceShown } from '@pos/core';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';

interface OriginalPriceProps {
  price: number;
  originalPrice: number | null | undefined;
  className?: string;
}

/**
 * The usual price struck through ("ปกติ ฿399") when the product sells below it:
 * the same rule and wording on labels, the till and the receipt.
 */
export function OriginalPrice({ price, originalPrice, className }: OriginalPriceProps) {
  const t = useT();
  const shown = originalPriceShown(price, originalPrice);
  if (shown === null) return null;
  return (
    <s className={cn('tabular-nums', className)}>{t('common.originalPrice', { price: formatShelfPrice(shown) })}</s>
  );
}
