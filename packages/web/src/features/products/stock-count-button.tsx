import type { Product } from '@pos/core';
import { ScanBarcode } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../i18n';
import { RowActionButton } from './row-action-button';
import { StockCountDialog } from './stock-count-dialog';

/** "นับสต็อก" on a style's row or card: opens the count mode, which it owns (the list keeps no dialog state for it). */
export function StockCountButton({ product, withText }: { product: Product; withText: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionButton
        icon={ScanBarcode}
        label={t('stock.count')}
        fullLabel={t('stock.countOf', { name: product.name })}
        withText={withText}
        onClick={() => setOpen(true)}
      />
      {open ? <StockCountDialog product={product} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
