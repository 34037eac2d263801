import { Plug, Printer, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useT } from '../../i18n';
import { DEFAULT_SERIAL_BAUD_RATE, SERIAL_BAUD_RATES } from '../../lib/serial-printer';
import type { TillPrinter } from './till-printer';

/**
 * The till's USB or serial printer in the POS's till bar (issue 37): a browser that cannot drive it says so
 * (the print dialog stays); not chosen yet or not found, a button that asks the browser for it; connected, its
 * name, which opens what can be changed.
 */
export function TillPrinterControl({ printer }: { printer: TillPrinter }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { state, kind } = printer;

  if (state.status === 'checking') return null;
  if (state.status === 'unsupported') {
    return (
      <p
        className="flex min-w-0 basis-full items-start gap-1.5 text-amber-900"
        data-testid="till-printer-state"
        data-state="unsupported"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">{t(`printing.device.unsupported.${kind}`)}</span>
      </p>
    );
  }
  if (state.status === 'connected') {
    return (
      <>
        <Button
          variant="outline"
          className="max-w-full min-w-0 shrink"
          onClick={() => setOpen(true)}
          data-testid="till-printer-state"
          data-state="connected"
          aria-label={t('printing.device.connectedLabel', { name: state.name })}
        >
          <Printer aria-hidden />
          <span className="truncate">{state.name}</span>
        </Button>
        {open ? <TillPrinterDialog printer={printer} onClose={() => setOpen(false)} /> : null}
      </>
    );
  }
  return (
    <span
      className="flex min-w-0 flex-wrap items-center gap-2"
      data-testid="till-printer-state"
      data-state={state.status}
    >
      {state.status === 'missing' ? (
        <span className="min-w-0 break-words text-amber-900" role="status">
          {t('printing.device.missing', { name: state.name })}
        </span>
      ) : null}
      <Button
        variant="outline"
        className="shrink-0"
        disabled={printer.connecting}
        onClick={() => void printer.connect()}
      >
        <Plug aria-hidden />
        {t(`printing.device.connect.${kind}`)}
      </Button>
    </span>
  );
}

function TillPrinterDialog({ printer, onClose }: { printer: TillPrinter; onClose: () => void }) {
  const t = useT();
  const { state, kind } = printer;
  if (state.status !== 'connected') return null;
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md" data-testid="till-printer-dialog">
        <DialogHeader>
          <DialogTitle>{t('printing.device.dialogTitle')}</DialogTitle>
          <DialogDescription>
            {t('printing.device.dialogDescription', { device: state.name, printer: printer.printerName })}
          </DialogDescription>
        </DialogHeader>
        {kind === 'serial' ? (
          <FormField id="till-printer-baud" label={t('printing.device.baudRate')} hint={t('printing.device.baudHint')}>
            <Select
              value={String(state.baudRate ?? DEFAULT_SERIAL_BAUD_RATE)}
              onValueChange={(value) => printer.setBaudRate(Number(value))}
            >
              <SelectTrigger id="till-printer-baud" aria-describedby="till-printer-baud-hint">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SERIAL_BAUD_RATES.map((rate) => (
                  <SelectItem key={rate} value={String(rate)}>
                    {t('printing.device.baudValue', { rate })}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        ) : null}
        <DialogFooter className="flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => {
              printer.forget();
              onClose();
            }}
          >
            {t('printing.device.forget')}
          </Button>
          <Button variant="outline" disabled={printer.connecting} onClick={() => void printer.connect()}>
            {t('printing.device.change')}
          </Button>
          <Button autoFocus onClick={onClose}>
            {t('common.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
