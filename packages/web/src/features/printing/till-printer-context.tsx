import type { StoreSettings } from '@pos/core';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTillPrinter, type TillPrinter } from './till-printer';

interface TillPrinterContextValue {
  printer: TillPrinter | null;
  setTillId: (tillId: number | null) => void;
}

const TillPrinterContext = createContext<TillPrinterContextValue | null>(null);

/**
 * The till's USB or serial printer for every signed-in screen (issue 37): its jobs print whichever screen is open
 * (a receipt printed again from the sales history, a shift report), not only while the POS is. `tillId` starts as
 * the till this browser last chose; the POS, which checks the choice against the live tills, keeps it current.
 */
export function TillPrinterProvider({
  enabled,
  initialTillId,
  settings,
  children,
}: {
  /** Whether the user runs a till (the pending jobs are read with pos_process_sale). */
  enabled: boolean;
  initialTillId: number | null;
  settings: StoreSettings | undefined;
  children: ReactNode;
}) {
  const [tillId, setTillId] = useState(initialTillId);
  const printer = useTillPrinter(enabled ? tillId : null, settings);
  const value = useMemo(() => ({ printer, setTillId }), [printer]);
  return <TillPrinterContext.Provider value={value}>{children}</TillPrinterContext.Provider>;
}

/** At the POS: this browser's till is `tillId`; its USB or serial printer, when it has one. */
export function useTillPrinterAt(tillId: number | null): TillPrinter | null {
  const context = useContext(TillPrinterContext);
  const setTillId = context?.setTillId;
  useEffect(() => setTillId?.(tillId), [setTillId, tillId]);
  const printer = context?.printer ?? null;
  return printer !== null && printer.tillId === tillId ? printer : null;
}
