import { OriginalPrice } from '../../components/ui/original-price';
import { useT } from '../../i18n';
import { formatAmount } from './receipt';

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

/** The item table of the printed documents (receipt, tax invoice, credit note), one look for all. */
export function ReceiptLinesTable({ lines }: { lines: readonly ReceiptLine[] }) {
  const t = useT();
  return (
    <table className="w-full border-collapse">
      <thead>
        <tr className="border-b border-black text-left">
          <th className="py-0.5 font-semibold">{t('receipt.item')}</th>
          <th className="py-0.5 text-right font-semibold">{t('receipt.quantity')}</th>
          <th className="py-0.5 text-right font-semibold">{t('receipt.amount')}</th>
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
                  <OriginalPrice price={line.price} originalPrice={line.originalPrice ?? null} className="ml-1.5" />
                </span>
              ) : null}
            </td>
            <td className="py-0.5 text-right tabular-nums">{line.quantity.toLocaleString('th-TH')}</td>
            <td className="py-0.5 text-right tabular-nums">{formatAmount(line.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
