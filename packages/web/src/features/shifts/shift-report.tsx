import '../receipt/receipt-print.css';
import type { ShiftReport, StoreSettings } from '@pos/core';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/utils';
import { useT } from '../../i18n';
import { paymentMethodLabel } from '../payments/payment-methods';
import { useDocumentPrint } from '../printing/document-print';
import { documentDateTime, documentT } from '../receipt/document-language';
import { PaperChoice, paperPreviewClass } from '../receipt/paper-choice';
import { formatAmount, printable, type ReceiptPaper } from '../receipt/receipt';
import { PRINTING_CLASS, printDocument } from '../receipt/receipt-dialog';
import { storeIdentity } from '../settings/settings.queries';

const t = documentT;

interface Row {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}

interface Section {
  heading: string;
  rows: Row[];
  testId: string;
}

/** A difference in the drawer's words: over, short or exact, with its size. */
export function differenceText(difference: number): { word: string; amount: string } {
  if (difference > 0) return { word: t('shifts.docOver'), amount: formatAmount(difference) };
  if (difference < 0) return { word: t('shifts.docShort'), amount: formatAmount(-difference) };
  return { word: t('shifts.docEven'), amount: formatAmount(0) };
}

/** Money taken out of the drawer, with its minus (none on a zero). */
function minus(amount: number): string {
  return amount > 0 ? `-${formatAmount(amount)}` : formatAmount(0);
}

function methodName(method: string): string {
  const key = paymentMethodLabel(method);
  return key ? t(key) : method;
}

function person(p: { name: string | null } | null): string {
  return p?.name?.trim() || t('shifts.unknownUser');
}

/** What the X/Z report prints, section by section, already in Thai. */
export function shiftReportSections(report: ShiftReport): Section[] {
  const { sales, refunds, cashMovements, cash } = report;
  const none = [{ label: t('shifts.docNone'), value: '' }];
  const methodRows = (list: ShiftReport['sales']['byMethod']): Row[] =>
    list.length === 0
      ? none
      : list.map((m) => ({
          label: t('shifts.docMethodLine', { method: methodName(m.method), count: m.count }),
          value: formatAmount(m.amount),
        }));
  const cashRows: Row[] = [
    { label: t('shifts.docOpeningFloat'), value: formatAmount(cash.openingFloat) },
    { label: t('shifts.docCashSales'), value: formatAmount(cash.cashSales) },
    { label: t('shifts.docCashRefunds'), value: minus(cash.cashRefunds) },
    { label: t('shifts.docPaidIn'), value: formatAmount(cash.paidIn) },
    { label: t('shifts.docPaidOut'), value: minus(cash.paidOut) },
    { label: t('shifts.docExpected'), value: formatAmount(cash.expected), strong: true, testId: 'shift-doc-expected' },
    {
      label: t('shifts.docCounted'),
      value: cash.counted === null ? t('shifts.docNotCounted') : formatAmount(cash.counted),
      strong: true,
      testId: 'shift-doc-counted',
    },
  ];
  if (cash.difference !== null) {
    const diff = differenceText(cash.difference);
    cashRows.push({
      label: `${t('shifts.docDifference')} (${diff.word})`,
      value: diff.amount,
      strong: true,
      testId: 'shift-doc-difference',
    });
  }
  return [
    {
      heading: t('shifts.docSales'),
      testId: 'shift-doc-sales',
      rows: [
        { label: t('shifts.docSalesCount'), value: String(sales.count) },
        { label: t('shifts.docSalesTotal'), value: formatAmount(sales.total), strong: true },
        { label: t('shifts.docDiscount'), value: formatAmount(sales.discount) },
        { label: t('shifts.docVat'), value: formatAmount(sales.vat) },
      ],
    },
    { heading: t('shifts.docByMethod'), testId: 'shift-doc-methods', rows: methodRows(sales.byMethod) },
    {
      heading: t('shifts.docRefunds'),
      testId: 'shift-doc-refunds',
      rows: [
        { label: t('shifts.docRefundsCount'), value: String(refunds.count) },
        { label: t('shifts.docRefundsTotal'), value: formatAmount(refunds.total) },
        ...(refunds.byMethod.length > 0 ? methodRows(refunds.byMethod) : []),
      ],
    },
    {
      heading: t('shifts.docMovements'),
      testId: 'shift-doc-movements',
      rows: [
        ...cashMovements.items.map((m) => ({
          label: t(m.type === 'in' ? 'shifts.docMovementIn' : 'shifts.docMovementOut', { reason: m.reason }),
          value: m.type === 'in' ? formatAmount(m.amount) : minus(m.amount),
        })),
        { label: t('shifts.docPaidIn'), value: formatAmount(cashMovements.paidIn) },
        { label: t('shifts.docPaidOut'), value: formatAmount(cashMovements.paidOut) },
      ],
    },
    {
      heading: t('shifts.docDocuments'),
      testId: 'shift-doc-documents',
      rows: [
        { label: t('shifts.docFirstDocument'), value: sales.firstDocument ?? '-' },
        { label: t('shifts.docLastDocument'), value: sales.lastDocument ?? '-' },
      ],
    },
    { heading: t('shifts.docCash'), testId: 'shift-doc-cash', rows: cashRows },
  ];
}

interface ShiftReportDocumentProps {
  report: ShiftReport;
  settings: StoreSettings | undefined;
  paper: ReceiptPaper;
  /** When the copy is printed (the report's own time is when its figures were taken). */
  printedAt: Date;
  className?: string;
}

/**
 * The X or Z report of a shift as it prints: Thai whatever the screen speaks, black on white, sized in em
 * so the print stylesheet sets one font size for the 80 mm roll and for A4 (A4 lays the sections in two
 * columns and adds signature lines).
 */
export function ShiftReportDocument({ report: raw, settings, paper, printedAt, className }: ShiftReportDocumentProps) {
  const report = printable(raw);
  const shop = storeIdentity(settings);
  const a4 = paper === 'a4';
  const title = report.kind === 'Z' ? t('shifts.docTitleZ') : t('shifts.docTitleX');
  const meta: Row[] = [
    { label: t('shifts.docTill'), value: report.tillName },
    { label: t('shifts.docShift'), value: `#${report.shiftId}` },
    { label: t('shifts.docOpenedBy'), value: person(report.openedBy) },
    { label: t('shifts.docOpenedAt'), value: documentDateTime(report.openedAt) },
    { label: t('shifts.docClosedBy'), value: report.closedBy ? person(report.closedBy) : t('shifts.docStillOpen') },
    { label: t('shifts.docClosedAt'), value: report.closedAt ? documentDateTime(report.closedAt) : '-' },
  ];
  const sections = shiftReportSections(report);

  return (
    <article
      lang="th"
      data-testid="shift-report-document"
      data-kind={report.kind}
      data-paper={paper}
      aria-label={title}
      className={cn(
        'flex flex-col bg-white leading-snug text-black',
        a4 ? 'gap-[1.2em] text-[11px]' : 'gap-[0.8em] text-[12px]',
        className,
      )}
    >
      <header className={cn('text-center', a4 && 'border-b-2 border-black pb-[0.8em]')}>
        <p className={cn('font-bold break-words', a4 ? 'text-[1.45em]' : 'text-[1.2em]')}>{shop.name}</p>
        <h3 className={cn('font-bold', a4 ? 'text-[1.6em]' : 'text-[1.3em]')} data-testid="shift-doc-title">
          {title}
        </h3>
      </header>
      <dl
        className={cn('grid gap-x-[1em] gap-y-[0.1em]', a4 ? 'grid-cols-[auto_1fr_auto_1fr]' : 'grid-cols-[auto_1fr]')}
      >
        {meta.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-semibold">{row.label}</dt>
            <dd className="min-w-0 text-right break-words tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className={cn(a4 ? 'grid grid-cols-2 gap-x-[2em] gap-y-[1em]' : 'flex flex-col gap-[0.8em]')}>
        {sections.map((section) => (
          <section key={section.testId} data-testid={section.testId} className="break-inside-avoid">
            <h4 className="border-b border-dashed border-black pb-[0.2em] font-bold">{section.heading}</h4>
            <dl className="pt-[0.2em]">
              {section.rows.map((row, index) => (
                <div
                  key={`${row.label}-${index}`}
                  className={cn('flex justify-between gap-[1em]', row.strong && 'font-bold')}
                  data-testid={row.testId}
                >
                  <dt className="min-w-0 break-words">{row.label}</dt>
                  <dd className="shrink-0 text-right tabular-nums">{row.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      {a4 ? (
        <div className="mt-[2em] grid grid-cols-2 gap-[2em] break-inside-avoid">
          {[t('shifts.docSignatureCashier'), t('shifts.docSignatureManager')].map((label) => (
            <div key={label} className="space-y-[0.3em] text-center">
              <div className="mx-auto h-[3em] w-[85%] border-b border-dotted border-black" />
              <p className="font-semibold">{label}</p>
            </div>
          ))}
        </div>
      ) : null}
      <p className="border-t border-dashed border-black pt-[0.4em] text-center" data-testid="shift-doc-printed">
        {t('shifts.docPrintedAt', { time: documentDateTime(printedAt) })}
      </p>
    </article>
  );
}

/**
 * The report previewed on its paper with the paper choice and a print button: to this device's till printer
 * when it has one and the roll is chosen (the server prints X while open, Z once closed), else the receipt's
 * print path (a copy portalled to <body> that alone prints). Used inside the X report dialog and the close result.
 */
export function ShiftReportView({ report, settings }: { report: ShiftReport; settings: StoreSettings | undefined }) {
  const ui = useT();
  const [paper, setPaper] = useState<ReceiptPaper>('roll');
  const printRoot = useRef<HTMLDivElement>(null);
  const [printedAt, setPrintedAt] = useState(() => new Date());

  const print = useDocumentPrint({
    target: { kind: 'shift_report', shiftId: report.shiftId },
    onBrowserPrint: () => {
      setPrintedAt(new Date());
      // The printed time is set just before printing; the copy re-renders on the next frame.
      requestAnimationFrame(() => {
        if (printRoot.current) printDocument(printRoot.current, paper);
      });
    },
    direct: paper === 'roll',
    label: ui('shifts.print'),
    testId: 'shift-report-print',
  });

  // Never leave the app hidden if the view goes away mid-print.
  useEffect(() => () => document.body.classList.remove(PRINTING_CLASS), []);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div
        role="region"
        aria-label={ui('receipt.preview')}
        tabIndex={0}
        className="-mx-1 flex min-h-0 flex-1 items-start justify-center overflow-auto overscroll-contain rounded-lg bg-slate-100 p-3 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <ShiftReportDocument
          report={report}
          settings={settings}
          paper={paper}
          printedAt={printedAt}
          className={paperPreviewClass(paper)}
        />
      </div>
      <PaperChoice paper={paper} onChange={setPaper} />
      {print.status}
      <div className="grid gap-2 sm:auto-cols-fr sm:grid-flow-col">
        {print.printButton}
        {print.browserButton}
      </div>
      {createPortal(
        <div ref={printRoot} className="receipt-print-root" data-paper={paper} aria-hidden>
          <ShiftReportDocument report={report} settings={settings} paper={paper} printedAt={printedAt} />
        </div>,
        document.body,
      )}
    </div>
  );
}
