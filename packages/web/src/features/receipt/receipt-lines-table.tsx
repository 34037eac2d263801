import { formatShelfPrice, originalPriceShown } from '@pos/core';
import { cn } from '../../lib/utils';
import { documentT } from './document-language';
import { formatAmount } from './receipt';

/** The usual price struck through, in the documents' Thai ("ปกติ ฿399"); nothing when not sold below it. */
export function DocumentOriginalPrice({
  price,
  originalPrice,
  className,
}: {
  price: number;
  originalPrice: number | null | undefined;
  className?: string;
}) {
  const shown = originalPriceShown(price, originalPrice);
  if (shown === null) return null;
  return (
    <s className={cn('tabular-nums', className)}>
      {documentT('common.originalPrice', { price: formatShelfPrice(shown) })}
    </s>
  );
}

/** One printed line: what it is, how many, and what it came to (baht). */
export interface ReceiptLine {
  id: number;
  name: string;
  /** Size and colour in words, if any. */
  variant?: string | null;
  /** Unit price, printed under the name with the usual price struck through when there is one. */
  price?: number;
  originalPrice?: number | null;
  quantity: number;
  amount: number;
}

/**
 * The item table of the roll's documents (receipt, tax invoice, credit note), one look for all, in
 * Thai. The number columns keep a gap between them so "จำนวน" and "จำนวนเงิน" never run together.
 */
export function ReceiptLinesTable({ lines }: { lines: readonly ReceiptLine[] }) {
  const t = documentT;
  return (
    <table className="w-full border-collapse">
      <thead>
        <tr className="border-b border-black text-left">
          <th className="py-0.5 font-semibold">{t('receipt.item')}</th>
          <th className="py-0.5 pl-3 text-right font-semibold whitespace-nowrap">{t('receipt.quantity')}</th>
          <th className="py-0.5 pl-3 text-right font-semibold whitespace-nowrap">{t('receipt.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} className="align-top">
            <td className="py-0.5 pr-1">
              <span className="block break-words">{line.name}</span>
              {line.variant ? <span className="block text-[0.9em] break-words">{line.variant}</span> : null}
              {line.price !== undefined ? (
                <span className="block text-[0.9em] tabular-nums">
                  {t('receipt.unitPrice', { price: formatAmount(line.price) })}
                  <DocumentOriginalPrice price={line.price} originalPrice={line.originalPrice} className="ml-1.5" />
                </span>
              ) : null}
            </td>
            <td className="py-0.5 pl-3 text-right tabular-nums">{line.quantity.toLocaleString('th-TH')}</td>
            <td className="py-0.5 pl-3 text-right tabular-nums">{formatAmount(line.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
