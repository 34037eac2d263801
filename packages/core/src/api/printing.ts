import { z } from 'zod';
import { msg } from '../validation';
import { Flag, Id, SingleLineText } from './common';

/**
 * Printers and print jobs (issue 37). A shop's receipt printers are configured by an admin; each till picks one.
 * A network printer (raw TCP, port 9100 on most) is driven by the server; a USB or serial printer by the till's
 * browser (WebUSB / Web Serial). Documents print as a raster image at the printer's dot width (the app's own
 * Thai font, so a printer without a Thai code page prints Thai), then the paper is cut.
 */
export const PRINTER_TYPES = ['network', 'usb', 'serial'] as const;
export type PrinterType = (typeof PRINTER_TYPES)[number];

/** Paper widths in millimetres. */
export const PRINTER_WIDTHS = [58, 80] as const;
export type PrinterWidth = (typeof PRINTER_WIDTHS)[number];

/** The printable dots across each paper at 203 dpi, what ESC/POS printers of that width print. */
export const PRINTER_DOTS: Readonly<Record<PrinterWidth, number>> = { 58: 384, 80: 576 };

export const PRINTER_LANGUAGES = ['esc-pos', 'star-prnt'] as const;
export type PrinterLanguage = (typeof PRINTER_LANGUAGES)[number];

/** The raw-printing port nearly every network receipt printer listens on. */
export const RAW_PRINTING_PORT = 9100;
export const PRINTER_NAME_MAX_LENGTH = 40;
export const MAX_PRINTERS = 20;
/** ESC t 21: Thai Character Code 11 (TIS-620), where Epson, Citizen and Sunmi printers keep Thai. */
export const DEFAULT_THAI_CODE_PAGE = 21;

export const PrinterConfig = z
  .object({
    name: SingleLineText(msg('printing.nameRequired'))
      .trim()
      .min(1, msg('printing.nameRequired'))
      .max(PRINTER_NAME_MAX_LENGTH, msg('text.tooLong', { label: 'printerName', max: PRINTER_NAME_MAX_LENGTH })),
    type: z.enum(PRINTER_TYPES, { error: msg('value.invalid', { label: 'printerType' }) }).default('network'),
    /** A network printer's address: an IP address or a host name on the shop's network. */
    host: SingleLineText(msg('value.invalid', { label: 'printerHost' }))
      .trim()
      .max(253, msg('value.invalid', { label: 'printerHost' }))
      .regex(/^[A-Za-z0-9.:-]*$/, msg('value.invalid', { label: 'printerHost' }))
      .default(''),
    port: z.coerce
      .number({ error: msg('value.invalid', { label: 'printerPort' }) })
      .int(msg('value.invalid', { label: 'printerPort' }))
      .min(1, msg('value.invalid', { label: 'printerPort' }))
      .max(65_535, msg('value.invalid', { label: 'printerPort' }))
      .default(RAW_PRINTING_PORT),
    width: z.coerce
      .number({ error: msg('value.invalid', { label: 'printerWidth' }) })
      .refine((v): v is PrinterWidth => (PRINTER_WIDTHS as readonly number[]).includes(v), {
        error: msg('value.invalid', { label: 'printerWidth' }),
      })
      .default(80),
    language: z
      .enum(PRINTER_LANGUAGES, { error: msg('value.invalid', { label: 'printerLanguage' }) })
      .default('esc-pos'),
    /** The printer has Thai in its character set (TIS-620): documents print as text, faster than a picture. */
    thaiCodePage: Flag.default(false),
    /**
     * Which ESC t code page holds Thai on this printer: 21 (Thai Character Code 11) on Epson, Citizen and Sunmi;
     * 26 (Code 18) on some Epson models, 255 on some Xprinters (the printer's self-test page lists them).
     */
    thaiCodePageNumber: z.coerce
      .number({ error: msg('value.invalid', { label: 'thaiCodePageNumber' }) })
      .int(msg('value.invalid', { label: 'thaiCodePageNumber' }))
      .min(0, msg('value.invalid', { label: 'thaiCodePageNumber' }))
      .max(255, msg('value.invalid', { label: 'thaiCodePageNumber' }))
      .default(DEFAULT_THAI_CODE_PAGE),
    /** A cash drawer hangs off the printer (opened by its pulse for cash sales and refunds). */
    cashDrawer: Flag.default(true),
  })
  .superRefine((printer, ctx) => {
    if (printer.type === 'network' && printer.host === '') {
      ctx.addIssue({ code: 'custom', path: ['host'], message: msg('printing.hostRequired') });
    }
  });
export type PrinterConfig = z.output<typeof PrinterConfig>;

/** The printers' list as settings keep it. */
export const PrinterList = z
  .array(PrinterConfig, { error: msg('value.invalid', { label: 'printers' }) })
  .max(MAX_PRINTERS, msg('value.tooMany', { label: 'printers' }));

/** Which printer each till prints on: till id (as text, a JSON key) → printer name. */
export const TillPrinters = z.record(
  z.string().regex(/^\d+$/, msg('value.invalid', { label: 'tillPrinters' })),
  SingleLineText(msg('value.invalid', { label: 'tillPrinters' })).max(PRINTER_NAME_MAX_LENGTH),
  { error: msg('value.invalid', { label: 'tillPrinters' }) },
);

export const PrinterView = z.object({
  name: z.string(),
  type: z.enum(PRINTER_TYPES),
  host: z.string(),
  port: z.number(),
  width: z.number(),
  language: z.enum(PRINTER_LANGUAGES),
  thaiCodePage: z.boolean(),
  thaiCodePageNumber: z.number(),
  cashDrawer: z.boolean(),
});

/**
 * What a print job prints: a sale's receipt (short tax invoice when VAT applies), a sale's full tax invoice, a
 * refund's credit note (or refund receipt), a shift's report (X while open, Z once closed), a test page, or the
 * drawer's pulse alone.
 */
export const PRINT_JOB_KINDS = ['receipt', 'tax_invoice', 'credit_note', 'shift_report', 'test', 'drawer'] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];

export const PRINT_JOB_STATUSES = ['pending', 'printed', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/**
 * Who sends a job's bytes to the printer: the server (a network printer) or the till's browser (a USB or
 * serial printer, through WebUSB / Web Serial: it reads the bytes the server rendered and reports the outcome).
 */
export const PRINT_TRANSPORTS = ['server', 'till'] as const;
export type PrintTransport = (typeof PRINT_TRANSPORTS)[number];

/** Who sends to a printer of this type. */
export function transportOf(type: PrinterType): PrintTransport {
  return type === 'network' ? 'server' : 'till';
}

/** Why a job did not print, as a stable code the till words. */
export const PRINT_FAILURES = [
  'PRINTER_OFFLINE',
  'PRINTER_PAPER_OUT',
  'PRINTER_NOT_FOUND',
  'PRINTER_ADDRESS_NOT_ALLOWED',
] as const;
export type PrintFailure = (typeof PRINT_FAILURES)[number];

export const PrintJob = z.object({
  id: z.number(),
  kind: z.enum(PRINT_JOB_KINDS),
  printerName: z.string(),
  transport: z.enum(PRINT_TRANSPORTS),
  tillId: z.number().nullable(),
  saleId: z.number().nullable(),
  refundId: z.number().nullable(),
  shiftId: z.number().nullable(),
  /** The printed document's number (a sale's receipt or invoice, a refund's credit note), when there is one. */
  documentNumber: z.string().nullable(),
  openDrawer: z.boolean(),
  status: z.enum(PRINT_JOB_STATUSES),
  failure: z.enum(PRINT_FAILURES).nullable(),
  attempts: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PrintJob = z.infer<typeof PrintJob>;

export const PrintJobResponse = z.object({ job: PrintJob });
export const PrintJobListResponse = z.object({ jobs: z.array(PrintJob) });

/** `GET /api/print-jobs?tillId=&saleId=&refundId=&shiftId=&status=`: the latest jobs, newest first. */
export const PrintJobListQuery = z.object({
  tillId: Id().optional(),
  saleId: Id().optional(),
  refundId: Id().optional(),
  shiftId: Id().optional(),
  status: z.enum(PRINT_JOB_STATUSES).optional(),
});

const kindMessage = msg('value.invalid', { label: 'printJobKind' });

/**
 * `POST /api/print-jobs`: print a document on a till's printer (what the screen's "print" does when the till
 * has one; without one the browser's print dialog stays). Never opens the drawer: a reprint is not a payment.
 */
export const PrintDocumentRequest = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('receipt'), tillId: Id(), saleId: Id() }),
    z.object({ kind: z.literal('tax_invoice'), tillId: Id(), saleId: Id() }),
    z.object({ kind: z.literal('credit_note'), tillId: Id(), refundId: Id() }),
    z.object({ kind: z.literal('shift_report'), tillId: Id(), shiftId: Id() }),
  ],
  { error: kindMessage },
);
export type PrintDocumentRequest = z.output<typeof PrintDocumentRequest>;

/**
 * `POST /api/print-jobs/:id/result`: the till's browser says how a job it sent to its USB or serial printer went
 * (`GET /api/print-jobs/:id/bytes` gave it the bytes). Only for a job the till sends, once.
 */
export const PrintJobResultRequest = z.object({
  outcome: z.enum(['printed', ...PRINT_FAILURES], { error: msg('value.invalid', { label: 'printOutcome' }) }),
});

/** `POST /api/tills/:id/drawer`: open the till's cash drawer without a sale (recorded). */
export const OpenDrawerRequest = z.object({
  reason: SingleLineText(msg('value.invalid', { label: 'reason' }))
    .trim()
    .max(200, msg('text.tooLong', { label: 'reason', max: 200 }))
    .default(''),
});

/** `POST /api/printers/test { name }`: a test page on one printer. */
export const PrinterTestRequest = z.object({
  name: SingleLineText(msg('printing.nameRequired')).trim().min(1, msg('printing.nameRequired')),
});

/** Printer names are one name whatever their case (a till names its printer; the list keeps them unique). */
export function samePrinterName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The printer of this name, if the list has one. */
export function printerNamed<P extends { name: string }>(printers: readonly P[], name: string): P | null {
  return printers.find((printer) => samePrinterName(printer.name, name)) ?? null;
}

/** The printer a till prints on (settings `printing.tills`), if it has one. */
export function printerOfTill<P extends { name: string }>(
  printing: { printers: readonly P[]; tills: Readonly<Record<string, string>> },
  tillId: number | null,
): P | null {
  if (tillId === null) return null;
  const name = printing.tills[String(tillId)];
  return name === undefined ? null : printerNamed(printing.printers, name);
}
