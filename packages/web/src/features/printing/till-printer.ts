import { printerOfTill, type StoreSettings } from '@pos/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useT } from '../../i18n';
import { isChooserCancelled, type PrinterDevice } from '../../lib/printer-device';
import { forgetPrinter, rememberedPrinter, rememberPrinter, type PrinterMemory } from '../../lib/printer-memory';
import {
  DEFAULT_SERIAL_BAUD_RATE,
  findSerialPrinter,
  serialMemoryOf,
  serialPrinterDevice,
  webSerial,
} from '../../lib/serial-printer';
import { findUsbPrinter, usbMemoryOf, usbPrinterDevice, webUsb } from '../../lib/usb-printer';
import { PRINT_POLL_MS, printingApi, printingKeys } from './printing.queries';
import { TillPrintRunner } from './till-print-runner';

export type TillPrinterKind = 'usb' | 'serial';

/** Where this PC stands with its till's USB or serial printer. */
export type TillPrinterState =
  | { status: 'unsupported' }
  | { status: 'checking' }
  /** No printer chosen at this PC for this till yet. */
  | { status: 'none' }
  /** Chosen before, not found now (unplugged, switched off, or the site's permission withdrawn). */
  | { status: 'missing'; name: string }
  | { status: 'connected'; name: string; baudRate: number | null };

export interface TillPrinter {
  tillId: number;
  kind: TillPrinterKind;
  /** The printer's name in the shop's settings. */
  printerName: string;
  state: TillPrinterState;
  connecting: boolean;
  /** Asks the browser for the device (a click: the browser shows its chooser only on one). */
  connect(): Promise<void>;
  forget(): void;
  /** A serial printer's line speed, when it is not the default. */
  setBaudRate(baudRate: number): void;
  /**
   * The device as this browser has it now (looked for again when it was not found before); null when it cannot
   * be had. What the till prints by itself while offline goes to it (issue 38).
   */
  device(): Promise<PrinterDevice | null>;
}

/** The till's printer when this browser drives it (USB or serial); a network printer is the server's. */
export function tillDevicePrinter(settings: StoreSettings | undefined, tillId: number | null) {
  const printing = (settings as Partial<StoreSettings> | undefined)?.printing;
  if (!printing) return null;
  const printer = printerOfTill(printing, tillId);
  return printer && printer.type !== 'network' ? { ...printer, type: printer.type } : null;
}

function supported(kind: TillPrinterKind): boolean {
  return kind === 'usb' ? webUsb() !== null : webSerial() !== null;
}

/** The remembered device among those this site may use without asking; null when it is not there now. */
async function lookUp(memory: PrinterMemory): Promise<PrinterDevice | null> {
  if (memory.kind === 'usb') {
    const usb = webUsb();
    const device = usb ? findUsbPrinter(await usb.getDevices(), memory) : null;
    return device ? usbPrinterDevice(device) : null;
  }
  const serial = webSerial();
  const port = serial ? findSerialPrinter(await serial.getPorts(), memory) : null;
  return port ? serialPrinterDevice(port, memory) : null;
}

const CHECKING: TillPrinterState = { status: 'checking' };

function stateOf(memory: PrinterMemory | null, device: PrinterDevice | null): TillPrinterState {
  if (memory === null) return { status: 'none' };
  if (device === null) return { status: 'missing', name: memory.name };
  return { status: 'connected', name: memory.name, baudRate: memory.kind === 'serial' ? memory.baudRate : null };
}

/**
 * This till's USB or serial receipt printer at this PC (issue 37): chosen once by the cashier, remembered per
 * till, found again on later visits; and, while this PC has one for the till, the runner that prints the till's
 * jobs on it. Null when the till prints elsewhere (a network printer, or none).
 */
export function useTillPrinter(tillId: number | null, settings: StoreSettings | undefined): TillPrinter | null {
  const printer = tillDevicePrinter(settings, tillId);
  const kind = printer?.type ?? null;
  const t = useT();
  const queryClient = useQueryClient();
  // What was found, for which till and kind: another till chosen at this PC starts from "checking", and a
  // look-up still under way for the previous one changes nothing.
  const key = tillId === null || kind === null ? null : `${tillId}:${kind}`;
  const [found, setFound] = useState<{ key: string; state: TillPrinterState } | null>(null);
  const state = found !== null && found.key === key ? found.state : CHECKING;
  const [connecting, setConnecting] = useState(false);
  const deviceRef = useRef<{ key: string; device: PrinterDevice } | null>(null);
  const keyRef = useRef(key);
  useEffect(() => {
    keyRef.current = key;
  }, [key]);

  const refresh = useCallback(async () => {
    if (tillId === null || kind === null) return;
    const forKey = `${tillId}:${kind}`;
    if (!supported(kind)) {
      deviceRef.current = null;
      setFound({ key: forKey, state: { status: 'unsupported' } });
      return;
    }
    const memory = rememberedPrinter(tillId);
    const mine = memory?.kind === kind ? memory : null;
    const device = mine ? await lookUp(mine).catch(() => null) : null;
    if (keyRef.current !== forKey) return;
    deviceRef.current = device ? { key: forKey, device } : null;
    setFound({ key: forKey, state: stateOf(mine, device) });
  }, [tillId, kind]);

  /** The device of the till now chosen, if it has been found. */
  const currentDevice = useCallback(() => {
    const current = deviceRef.current;
    return current !== null && current.key === keyRef.current ? current.device : null;
  }, []);

  // Found again on every visit, and whenever a device comes or goes (plugged in, switched off).
  useEffect(() => {
    if (kind === null) return;
    void refresh();
    const target = kind === 'usb' ? webUsb() : webSerial();
    const onChange = () => void refresh();
    target?.addEventListener('connect', onChange);
    target?.addEventListener('disconnect', onChange);
    return () => {
      target?.removeEventListener('connect', onChange);
      target?.removeEventListener('disconnect', onChange);
    };
  }, [kind, refresh]);

  /** Closes the device in use, so that what comes next (another speed, no printer) starts from a fresh open. */
  const release = useCallback(async () => {
    const device = deviceRef.current?.device;
    deviceRef.current = null;
    await device?.release();
  }, []);

  const connect = useCallback(async () => {
    if (tillId === null || kind === null) return;
    setConnecting(true);
    try {
      let memory: PrinterMemory;
      if (kind === 'usb') {
        const usb = webUsb();
        if (!usb) return;
        // Every device: many Thai-market printers declare a vendor class, not the printer class.
        memory = usbMemoryOf(await usb.requestDevice({ filters: [] }));
      } else {
        const serial = webSerial();
        if (!serial) return;
        const before = rememberedPrinter(tillId);
        const baudRate = before?.kind === 'serial' ? before.baudRate : DEFAULT_SERIAL_BAUD_RATE;
        memory = serialMemoryOf(await serial.requestPort(), baudRate);
      }
      await release();
      rememberPrinter(tillId, memory);
      await refresh();
    } catch (error) {
      if (!isChooserCancelled(error)) toast.error(t('printing.device.connectError'));
    } finally {
      setConnecting(false);
    }
  }, [tillId, kind, release, refresh, t]);

  const forget = useCallback(() => {
    if (tillId === null) return;
    forgetPrinter(tillId);
    void release().then(refresh);
  }, [tillId, release, refresh]);

  const setBaudRate = useCallback(
    (baudRate: number) => {
      if (tillId === null) return;
      const memory = rememberedPrinter(tillId);
      if (memory?.kind !== 'serial') return;
      rememberPrinter(tillId, { ...memory, baudRate });
      void release().then(refresh);
    },
    [tillId, release, refresh],
  );

  const device = useCallback(async () => {
    // Plugged in since the last look: found now rather than failing the job.
    if (currentDevice() === null) await refresh();
    return currentDevice();
  }, [refresh, currentDevice]);

  useTillPrintRunner(
    tillId,
    kind !== null && (state.status === 'connected' || state.status === 'missing'),
    device,
    useCallback(() => void queryClient.invalidateQueries({ queryKey: printingKeys.all }), [queryClient]),
  );

  const printerName = printer?.name ?? null;
  // One object while nothing changes: the screens that show it are not redrawn with every reading of the jobs.
  return useMemo(
    () =>
      tillId === null || printerName === null || kind === null
        ? null
        : { tillId, kind, printerName, state, connecting, connect, forget, setBaudRate, device },
    [tillId, kind, printerName, state, connecting, connect, forget, setBaudRate, device],
  );
}

/**
 * The till's pending jobs, read every second while this PC has the till's printer (a receipt prints within 2 s
 * of the sale, even with the tab in the background), each sent once to the device.
 */
function useTillPrintRunner(
  tillId: number | null,
  active: boolean,
  device: () => Promise<PrinterDevice | null>,
  onReported: () => void,
) {
  const enabled = active && tillId !== null;
  const pending = useQuery({
    queryKey: printingKeys.tillPending(tillId ?? 0),
    queryFn: async ({ signal }) => {
      const requestedAt = Date.now();
      return { jobs: await printingApi.tillPending(tillId ?? 0, signal), requestedAt };
    },
    enabled,
    refetchInterval: enabled ? PRINT_POLL_MS : false,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  const latest = useRef({ device, onReported });
  latest.current = { device, onReported };
  const runnerRef = useRef<TillPrintRunner | null>(null);
  useEffect(() => {
    if (!enabled || tillId === null) return;
    const runner = new TillPrintRunner({
      device: () => latest.current.device(),
      bytes: (id) => printingApi.bytes(id),
      report: (id, outcome) => printingApi.result(id, { outcome }).then(() => undefined),
      onReported: () => latest.current.onReported(),
    });
    runnerRef.current = runner;
    return () => {
      runner.stop();
      runnerRef.current = null;
    };
  }, [enabled, tillId]);
  useEffect(() => {
    if (pending.data) void runnerRef.current?.offer(pending.data.jobs, pending.data.requestedAt);
  }, [pending.data]);
}
