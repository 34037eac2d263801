import { samePrinterName, type PrinterConfig, type Settings, type Till } from '@pos/core';
import { Pencil, Plus, Printer, Save, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { QueryStates } from '../../components/ui/query-states';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { EmptyState } from '../../components/ui/states';
import { useI18n, validationText } from '../../i18n';
import { ApiError, errorDetail, errorMessage } from '../../lib/api';
import { failureText, PrintPhaseLine, printPhase, usePassed } from '../printing/print-job-state';
import { PRINT_FOLLOW_MS, usePrintJob, usePrintTestPage } from '../printing/printing.queries';
import { useTills } from '../shifts/shifts.queries';
import { PrinterForm } from './printer-form';
import { useSaveSettings } from './settings-screen.queries';

export type PrintingDraft = Settings['printing'];

/** What is being edited: a printer of the list (its index) or a new one, with a refusal of the server at it. */
type Editing = { index: number | 'new'; serverError: { field: 'name' | 'host'; message: string } | null };

/** Where the server's refusal points (`details.field` or a field of a validation failure). */
export type PrintingRefusal =
  | { kind: 'printer'; index: number; field: 'name' | 'host'; message: string }
  | { kind: 'till'; tillId: string; message: string }
  | { kind: 'form'; message: string };

/** Reads a refused save: the printer's field or the till it is about, else the form as a whole. */
export function printingRefusalOf(
  error: unknown,
  fallback: string,
  locale: Parameters<typeof validationText>[0],
): PrintingRefusal {
  const message = errorMessage(error, fallback);
  if (!(error instanceof ApiError)) return { kind: 'form', message };
  const detailField = typeof error.details?.field === 'string' ? error.details.field : null;
  const fields: [string, string][] = detailField
    ? [[detailField, message]]
    : Object.entries(error.fields ?? {}).map(([field, text]) => [
        field,
        validationText(locale, error.fieldIds?.[field] ?? text),
      ]);
  for (const [field, text] of fields) {
    const printer = /^settings\.printing\.printers\.(\d+)\.(\w+)$/.exec(field);
    if (printer) {
      const name = printer[2] === 'name' ? 'name' : 'host';
      return { kind: 'printer', index: Number(printer[1]), field: name, message: text };
    }
    const till = /^settings\.printing\.tills\.(\d+)$/.exec(field);
    if (till?.[1]) return { kind: 'till', tillId: till[1], message: text };
  }
  return { kind: 'form', message };
}

/** The draft after a printer is put at `index` (or added): a renamed printer keeps its tills. */
export function withPrinter(draft: PrintingDraft, index: number | 'new', printer: PrinterConfig): PrintingDraft {
  if (index === 'new') return { ...draft, printers: [...draft.printers, printer] };
  const before = draft.printers[index]?.name;
  const renamed = (name: string) => before !== undefined && samePrinterName(name, before);
  return {
    ...draft,
    printers: draft.printers.map((p, i) => (i === index ? printer : p)),
    tills: Object.fromEntries(
      Object.entries(draft.tills).map(([till, name]) => [till, renamed(name) ? printer.name : name]),
    ),
  };
}

/** The draft without the printer at `index`, and without it as any till's printer. */
export function withoutPrinter(draft: PrintingDraft, index: number): PrintingDraft {
  const gone = draft.printers[index]?.name;
  return {
    ...draft,
    printers: draft.printers.filter((_, i) => i !== index),
    tills: Object.fromEntries(
      Object.entries(draft.tills).filter(([, name]) => gone === undefined || !samePrinterName(name, gone)),
    ),
  };
}

/** The same settings, whatever the order of their keys (the server's and the form's differ). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, v]) => [key, canonical(v)]),
  );
}
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * "เครื่องพิมพ์" (issue 37, admins only): the shop's receipt printers, each till's printer, and whether a printer
 * may be outside the shop's network. Saved on its own (only the `printing` group): managers save the other
 * settings, and only admins may change printers.
 */
export function PrintersTab({ saved }: { saved: PrintingDraft }) {
  const { t, locale } = useI18n();
  const [draft, setDraft] = useState<PrintingDraft>(saved);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [tillErrors, setTillErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveSettings();
  const dirty = !same(draft, saved);

  const change = (next: PrintingDraft) => {
    setDraft(next);
    setTillErrors({});
    setFormError(null);
  };

  const onSave = () => {
    setFormError(null);
    setTillErrors({});
    const notice = toast.loading(t('printing.saving'));
    save.mutate(
      { printing: draft },
      {
        onSuccess: (next) => {
          setDraft(next.printing);
          toast.success(t('printing.saved'), { id: notice });
        },
        onError: (error) => {
          const refusal = printingRefusalOf(error, t('printing.saveError'), locale);
          toast.error(t('common.error'), { id: notice, description: refusal.message });
          if (refusal.kind === 'printer' && refusal.index < draft.printers.length) {
            setEditing({ index: refusal.index, serverError: { field: refusal.field, message: refusal.message } });
          } else if (refusal.kind === 'till') {
            setTillErrors({ [refusal.tillId]: refusal.message });
          } else {
            setFormError(refusal.message);
          }
        },
      },
    );
  };

  const editedIndex = editing?.index;
  const form =
    editing !== null ? (
      <PrinterForm
        key={`${String(editedIndex)}-${editing.serverError?.message ?? ''}`}
        printer={editedIndex === 'new' || editedIndex === undefined ? null : (draft.printers[editedIndex] ?? null)}
        otherNames={draft.printers.filter((_, i) => i !== editedIndex).map((p) => p.name)}
        serverError={editing.serverError}
        onDone={(printer) => {
          change(withPrinter(draft, editing.index, printer));
          setEditing(null);
        }}
        onCancel={() => setEditing(null)}
      />
    ) : null;

  return (
    <div className="grid max-w-3xl gap-8" data-testid="printers-tab">
      <section aria-labelledby="printers-title" className="grid gap-4">
        <div>
          <h3 id="printers-title" className="text-base font-semibold text-slate-900">
            {t('printing.printersTitle')}
          </h3>
          <p className="text-sm text-slate-500">{t('printing.printersHint')}</p>
        </div>
        {draft.printers.length === 0 ? (
          editing?.index === 'new' ? null : (
            <EmptyState title={t('printing.emptyTitle')} message={t('printing.emptyMessage')} />
          )
        ) : (
          <ul
            aria-label={t('printing.listLabel')}
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
            data-testid="printers-list"
          >
            {draft.printers.map((printer, index) =>
              editedIndex === index ? (
                <li key={`edit-${index}`} className="p-2">
                  {form}
                </li>
              ) : (
                <PrinterRow
                  key={`${index}-${printer.name}`}
                  printer={printer}
                  savedAsIs={saved.printers.some((p) => same(p, printer))}
                  busy={editing !== null}
                  onEdit={() => setEditing({ index, serverError: null })}
                  onRemove={() => change(withoutPrinter(draft, index))}
                />
              ),
            )}
          </ul>
        )}
        {editedIndex === 'new' ? form : null}
        {editing === null ? (
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => setEditing({ index: 'new', serverError: null })}
              data-testid="printers-add"
            >
              <Plus aria-hidden />
              {t('printing.add')}
            </Button>
          </div>
        ) : null}
      </section>

      <TillPrinters draft={draft} errors={tillErrors} onChange={change} />

      <section className="grid gap-2">
        <div className="flex min-h-11 items-start gap-3 py-1">
          <input
            id="printers-public"
            type="checkbox"
            checked={draft.allowPublicAddresses}
            onChange={(event) => change({ ...draft, allowPublicAddresses: event.target.checked })}
            aria-describedby="printers-public-hint"
            className="mt-1 size-5 shrink-0 cursor-pointer accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          />
          <div className="min-w-0 space-y-0.5">
            <label
              id="printers-public-label"
              htmlFor="printers-public"
              className="cursor-pointer text-sm font-medium text-slate-900"
            >
              {t('printing.allowPublic')}
            </label>
            <p id="printers-public-hint" className="text-sm text-slate-500">
              {t('printing.allowPublicHint')}
            </p>
          </div>
        </div>
        {draft.allowPublicAddresses ? (
          <p
            className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            data-testid="printers-public-warning"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('printing.allowPublicWarning')}
          </p>
        ) : null}
      </section>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
        {formError ? <ErrorAlert className="w-full">{formError}</ErrorAlert> : null}
        <Button
          type="button"
          onClick={onSave}
          disabled={!dirty || save.isPending || editing !== null}
          data-testid="printers-save"
        >
          <Save aria-hidden />
          {t('printing.save')}
        </Button>
        {dirty ? <span className="text-sm text-amber-800">{t('printing.unsaved')}</span> : null}
      </div>
    </div>
  );
}

/** One printer of the list: what it is, a test page (a network printer as saved), edit and remove. */
type SavedPrinter = PrintingDraft['printers'][number];

function PrinterRow({
  printer,
  savedAsIs,
  busy,
  onEdit,
  onRemove,
}: {
  printer: SavedPrinter;
  /** The printer is saved as shown: the server's test page prints what is saved. */
  savedAsIs: boolean;
  /** Another printer's form is open. */
  busy: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const test = usePrintTestPage();
  const [testJob, setTestJob] = useState<{ id: number; until: number } | null>(null);
  const network = printer.type === 'network';

  return (
    <li className="grid gap-2 px-4 py-3" data-testid="printer-row" data-name={printer.name}>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-56">
          <p className="flex items-center gap-2 font-medium break-words text-slate-900">
            <Printer className="size-4 shrink-0 text-slate-500" aria-hidden />
            {printer.name}
          </p>
          <p className="mt-1 flex flex-wrap gap-1">
            <Badge tone={network ? 'blue' : 'grey'}>
              {network
                ? t('printing.summaryNetwork', { host: printer.host, port: printer.port })
                : t(printer.type === 'usb' ? 'printing.type.usb' : 'printing.type.serial')}
            </Badge>
            <Badge>{t('printing.widthValue', { width: printer.width })}</Badge>
            <Badge>{t(`printing.languageShort.${printer.language}`)}</Badge>
            {printer.thaiCodePage ? <Badge>{t('printing.summaryThai')}</Badge> : null}
            {printer.cashDrawer ? <Badge tone="green">{t('printing.summaryDrawer')}</Badge> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Button
            type="button"
            variant="outline"
            disabled={!savedAsIs || test.isPending}
            aria-label={t('printing.testLabel', { name: printer.name })}
            aria-describedby={savedAsIs ? undefined : `printer-test-hint-${printer.name}`}
            onClick={() =>
              test.mutate(printer.name, {
                onSuccess: (job) => setTestJob({ id: job.id, until: Date.now() + PRINT_FOLLOW_MS }),
                onError: (error) => toast.error(errorMessage(error, t('printing.testError'))),
              })
            }
          >
            <Printer aria-hidden />
            {t('printing.test')}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            aria-label={t('printing.editLabel', { name: printer.name })}
            onClick={onEdit}
          >
            <Pencil aria-hidden />
            {t('printing.edit')}
          </Button>
          <Button
            type="button"
            variant="ghost"
            disabled={busy}
            aria-label={t('printing.removeLabel', { name: printer.name })}
            onClick={onRemove}
            className="text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden />
            {t('printing.remove')}
          </Button>
        </div>
      </div>
      {!savedAsIs ? (
        <p id={`printer-test-hint-${printer.name}`} className="text-sm text-slate-500">
          {t('printing.testSaveFirst')}
        </p>
      ) : null}
      {!network ? <p className="text-sm text-slate-600">{t('printing.browserOnly')}</p> : null}
      {testJob ? <TestPageStatus key={testJob.id} id={testJob.id} until={testJob.until} /> : null}
    </li>
  );
}

/** The test page's outcome, read every second until printed or failed (at most 15 s). */
function TestPageStatus({ id, until }: { id: number; until: number }) {
  const { t } = useI18n();
  const job = usePrintJob(id, until);
  const phase = printPhase(job.data, usePassed(until));
  const text =
    phase === 'failed' && job.data
      ? t('printing.testFailed', { reason: failureText(t, job.data) })
      : phase === 'printed'
        ? t('printing.testPrinted')
        : phase === 'pending'
          ? t('printing.testPending')
          : t('printing.testUnknown');
  return (
    <div role="status" className="grid gap-1 text-sm" data-testid="printer-test-status" data-phase={phase}>
      <PrintPhaseLine phase={phase} text={text} />
      {job.data?.transport === 'till' && phase !== 'printed' ? (
        <p className="text-slate-600">{t('printing.testAtTill')}</p>
      ) : null}
    </div>
  );
}

const NO_PRINTER = 'none';

/** Each till's printer (or none: the browser's print dialog). */
function TillPrinters({
  draft,
  errors,
  onChange,
}: {
  draft: PrintingDraft;
  errors: Readonly<Record<string, string>>;
  onChange: (next: PrintingDraft) => void;
}) {
  const { t } = useI18n();
  const tills = useTills();
  const choose = (till: Till, value: string) => {
    const tillsNext: Record<string, string> = { ...draft.tills };
    const printer = value === NO_PRINTER ? undefined : draft.printers[Number(value)];
    if (printer) tillsNext[String(till.id)] = printer.name;
    else delete tillsNext[String(till.id)];
    onChange({ ...draft, tills: tillsNext });
  };
  const valueOf = (till: Till) => {
    const name = draft.tills[String(till.id)];
    const index = name === undefined ? -1 : draft.printers.findIndex((p) => samePrinterName(p.name, name));
    return index < 0 ? NO_PRINTER : String(index);
  };

  return (
    <section aria-labelledby="printers-tills-title" className="grid gap-3">
      <div>
        <h3 id="printers-tills-title" className="text-base font-semibold text-slate-900">
          {t('printing.tillsTitle')}
        </h3>
        <p className="text-sm text-slate-500">{t('printing.tillsHint')}</p>
      </div>
      <QueryStates
        query={tills}
        loading={<Skeleton className="h-16" aria-hidden />}
        errorTitle={t('printing.tillsLoadError')}
        errorMessage={errorDetail(tills.error)}
        empty={<p className="text-sm text-slate-600">{t('printing.tillsEmpty')}</p>}
      >
        {(list) => (
          <div className="grid gap-3 sm:grid-cols-2" data-testid="printers-tills">
            {list.map((till) => {
              const id = `printers-till-${till.id}`;
              const error = errors[String(till.id)];
              const tillName = till.active ? till.name : t('printing.tillInactive', { till: till.name });
              return (
                <FormField key={till.id} id={id} label={t('printing.tillPrinter', { till: tillName })} error={error}>
                  <Select value={valueOf(till)} onValueChange={(value) => choose(till, value)}>
                    <SelectTrigger
                      id={id}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NO_PRINTER}>{t('printing.tillNone')}</SelectItem>
                      {draft.printers.map((printer, index) => (
                        <SelectItem key={`${index}-${printer.name}`} value={String(index)}>
                          {printer.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormField>
              );
            })}
          </div>
        )}
      </QueryStates>
    </section>
  );
}
