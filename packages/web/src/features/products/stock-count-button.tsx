import type { Product } from '@pos/core';
import { ScanBarcode } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n';
import { StockCountDialog } from './stock-count-dialog';

/** "นับสต็อก" on a style's row or card: opens the count mode, which it owns (the list keeps no dialog state for it). */
export function StockCountButton({ product, withText }: { product: Product; withText: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const label = t('stock.countOf', { name: product.name });
  return (
    <>
      <Button
        variant="outline"
        size={withText ? 'md' : 'icon'}
        onClick={() => setOpen(true)}
        aria-label={withText ? undefined : label}
        title={withText ? undefined : label}
        className={withText ? 'flex-1' : undefined}
      >
        <ScanBarcode aria-hidden />
        {withText ? t('stock.count') : null}
      </Button>
      {open ? <StockCountDialog product={product} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
