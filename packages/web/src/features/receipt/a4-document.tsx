import { useState, type ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { documentT } from './document-language';
import { formatAmount } from './receipt';
import { DocumentOriginalPrice } from './receipt-lines-table';

/** One row of the A4 items table. */
export interface A4Line {
  id: number;
  description: string;
  /** Size and colour, the usual price: smaller, under the description. */
  details?: string[];
  quantity: number;
  /** Omitted where the document states no unit price (a credit note's returned lines). */
  unitPrice?: number | null;
  /** The usual price, struck through under the unit price when the line sold below it. */
  originalPrice?: number | null;
  amount: number;
}

export interface A4Figure {
  label: string;
  value: string;
  strong?: boolean;
}

/** A block of names and addresses: the seller's, the buyer's. */
export interface A4Party {
  name: string;
  lines: string[];
}

/**
 * What an A4 document shows, already in the words it prints. Receipts, short tax invoices and
 * credit notes fill it today; a full tax invoice (buyer's name, address and tax id) fills `buyer`.
 */
export interface A4DocumentProps {
  testId: string;
  title: string;
  /** Marked as a copy of a document already given under the same number. */
  copy?: boolean;
  /** Another word boxed above the title the way the copy mark is (a full tax invoice's ต้นฉบับ). */
  mark?: string;
  /** Under the title; a note may hold markup (a document number kept on one line). */
  notes: ReactNode[];
  seller: A4Party & { logoUrl: string | null };
  /** Number, date and the like, beside the title. */
  meta: A4Figure[];
  buyer?: A4Party & { heading: string };
  lines: A4Line[];
  totals: A4Figure[];
  /** The total in Thai words, under the totals across the page (tax invoices). */
  amountInWords?: string;
  /** Payment, reason, who did it: under the table, beside the totals. */
  remarks: string[];
  /** Who signs: one line each. */
  signatures: string[];
  /** The document's barcode or anything else at the foot. */
  footer?: ReactNode;
  className?: string;
}

/**
 * A document laid out for an A4 page (printed 180 mm wide inside 15 mm margins): the shop's logo and
 * details beside the title, the items in a ruled table, the totals, then signature lines. Black on
 * white; sized in em so the print stylesheet sets one font size for all of it.
 */
export function A4Document(props: A4DocumentProps) {
  const t = documentT;
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const { seller } = props;
  const mark = props.copy ? t('receipt.copyMark') : props.mark;
  const showUnitPrice = props.lines.some((line) => line.unitPrice !== undefined && line.unitPrice !== null);

  return (
    <article
      lang="th"
      data-testid={props.testId}
      data-paper="a4"
      aria-label={mark ? `${mark} ${props.title}` : props.title}
      className={cn('flex flex-col gap-[1.2em] bg-white text-[11px] leading-snug text-black', props.className)}
    >
      <header className="flex items-start justify-between gap-[2em] border-b-2 border-black pb-[1em]">
        <div className="flex min-w-0 flex-1 items-start gap-[1em]">
          {seller.logoUrl && failedLogo !== seller.logoUrl ? (
            <img
              src={seller.logoUrl}
              alt={t('layout.storeLogo')}
              onError={() => setFailedLogo(seller.logoUrl)}
              className="max-h-[6em] max-w-[8em] shrink-0 object-contain"
            />
          ) : null}
          <div className="min-w-0 space-y-[0.15em]">
            <p className="text-[1.45em] font-bold">{seller.name}</p>
            {seller.lines.map((line) => (
              <p key={line} className="whitespace-pre-line">
                {line}
              </p>
            ))}
          </div>
        </div>
        <div className="w-[40%] shrink-0 space-y-[0.4em] text-right">
          {mark ? (
            <p
              className="inline-block border-2 border-black px-[0.8em] text-[1.15em] font-bold tracking-widest"
              data-testid="a4-mark"
            >
              {mark}
            </p>
          ) : null}
          <h3 className="text-[1.6em] leading-tight font-bold">
            {/* Two titles in one ("ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน") wrap at the slash, never inside a word. */}
            {props.title.split('/').map((part, index) => (
              <span key={part} className="inline-block">
                {index > 0 ? '/' : ''}
                {part}
              </span>
            ))}
          </h3>
          {props.notes.map((note, index) => (
            <p key={index}>{note}</p>
          ))}
          <dl className="ml-auto grid grid-cols-[auto_auto] justify-end gap-x-[1em] gap-y-[0.15em] pt-[0.3em]">
            {props.meta.map((row) => (
              <div key={row.label} className="contents">
                <dt className="font-semibold">{row.label}</dt>
                <dd className="text-left tabular-nums">{row.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </header>

      {props.buyer ? (
        <section className="rounded-[0.3em] border border-black px-[1em] py-[0.6em]" data-testid="a4-buyer">
          <p className="font-semibold">{props.buyer.heading}</p>
          <p>{props.buyer.name}</p>
          {props.buyer.lines.map((line) => (
            <p key={line} className="whitespace-pre-line">
              {line}
            </p>
          ))}
        </section>
      ) : null}

      <table className="w-full border-collapse" data-testid="a4-lines">
        <thead>
          <tr className="bg-slate-100 text-left">
            <th className="w-[3em] border border-black px-[0.5em] py-[0.3em] text-center font-semibold">
              {t('receipt.lineNumber')}
            </th>
            <th className="border border-black px-[0.5em] py-[0.3em] font-semibold">{t('receipt.item')}</th>
            <th className="w-[6em] border border-black px-[0.5em] py-[0.3em] text-right font-semibold">
              {t('receipt.quantity')}
            </th>
            {showUnitPrice ? (
              <th className="w-[9em] border border-black px-[0.5em] py-[0.3em] text-right font-semibold">
                {t('receipt.unitPriceHeading')}
              </th>
            ) : null}
            <th className="w-[10em] border border-black px-[0.5em] py-[0.3em] text-right font-semibold">
              {t('receipt.amountBaht')}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.lines.map((line, index) => (
            <tr key={line.id} className="break-inside-avoid align-top">
              <td className="border border-black px-[0.5em] py-[0.3em] text-center tabular-nums">{index + 1}</td>
              <td className="border border-black px-[0.5em] py-[0.3em]">
                <span className="block break-words">{line.description}</span>
                {(line.details ?? []).map((detail) => (
                  <span key={detail} className="block text-[0.9em] break-words">
                    {detail}
                  </span>
                ))}
              </td>
              <td className="border border-black px-[0.5em] py-[0.3em] text-right tabular-nums">
                {line.quantity.toLocaleString('th-TH')}
              </td>
              {showUnitPrice ? (
                <td className="border border-black px-[0.5em] py-[0.3em] text-right tabular-nums">
                  {line.unitPrice === undefined || line.unitPrice === null ? null : (
                    <>
                      <span className="block">{formatAmount(line.unitPrice)}</span>
                      <DocumentOriginalPrice
                        price={line.unitPrice}
                        originalPrice={line.originalPrice}
                        className="block text-[0.9em]"
                      />
                    </>
                  )}
                </td>
              ) : null}
              <td className="border border-black px-[0.5em] py-[0.3em] text-right tabular-nums">
                {formatAmount(line.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="flex items-start justify-between gap-[2em]">
        <div className="min-w-0 flex-1 space-y-[0.2em]" data-testid="a4-remarks">
          {props.remarks.map((remark) => (
            <p key={remark} className="break-words whitespace-pre-line">
              {remark}
            </p>
          ))}
        </div>
        <dl className="w-[45%] shrink-0 border border-black" data-testid="a4-totals">
          {props.totals.map((row) => (
            <div
              key={row.label}
              className={cn(
                'flex justify-between gap-[1em] border-b border-black px-[0.6em] py-[0.25em] last:border-b-0',
                row.strong && 'bg-slate-100 text-[1.15em] font-bold',
              )}
            >
              <dt>{row.label}</dt>
              <dd className="tabular-nums">{row.value}</dd>
            </div>
          ))}
        </dl>
      </div>

      {props.amountInWords ? (
        <p
          className="border border-black bg-slate-100 px-[0.8em] py-[0.3em] text-center font-semibold"
          data-testid="a4-amount-in-words"
        >
          {props.amountInWords}
        </p>
      ) : null}

      <div
        className="mt-[2em] grid break-inside-avoid gap-[2em]"
        style={{ gridTemplateColumns: `repeat(${props.signatures.length}, minmax(0, 1fr))` }}
        data-testid="a4-signatures"
      >
        {props.signatures.map((label) => (
          <div key={label} className="space-y-[0.3em] text-center">
            <div className="mx-auto h-[3em] w-[85%] border-b border-dotted border-black" />
            <p>({'\u00a0'.repeat(30)})</p>
            <p className="font-semibold">{label}</p>
            <p>{t('receipt.signatureDate')}</p>
          </div>
        ))}
      </div>

      {props.footer ? <footer className="flex justify-center">{props.footer}</footer> : null}
    </article>
  );
}
