import type { CashMovementType, StoreSettings } from '@pos/core';
import { printerOfTill } from '@pos/core';
import {
  ChevronDown,
  Inbox,
  LockKeyhole,
  MonitorSmartphone,
  Receipt,
  SquareArrowDownRight,
  SquareArrowUpRight,
} from 'lucide-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useT } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { OpenDrawerDialog } from '../printing/open-drawer-dialog';
import { CashMovementDialog } from './cash-movement-dialog';
import { toast } from 'sonner';
import { CloseShiftDialog } from './close-shift-dialog';
import { useWaitingGuard } from '../offline/offline-context';
import { OpenShiftDialog } from './open-shift-dialog';
import { ShiftReportDialog } from './shift-report-dialog';
import { useCurrentShift } from './shifts.queries';
import { useTillChoice } from './till-choice';

type ShiftDialog =
  | { kind: 'till' }
  | { kind: 'open' }
  | { kind: 'movement'; type: CashMovementType }
  | { kind: 'report' }
  | { kind: 'close'; shiftId: number }
  | { kind: 'drawer' };

/**
 * The POS's till and shift (issue 35): this browser's till, its open shift, and the dialogs that work on
 * them. `enabled` is the user's shift_operate; without it, or while the shop has no live till, nothing is
 * asked and the POS sells as it always did (no till sent).
 */
export function usePosShift(enabled: boolean) {
  const till = useTillChoice(enabled);
  const current = useCurrentShift(till.tillId);
  const [dialog, setDialog] = useState<ShiftDialog | null>(null);
  /** A sale was refused for want of a shift: open one (choosing the till first when none is chosen). */
  const requestOpenShift = useCallback(
    () => setDialog(till.tillId === null ? { kind: 'till' } : { kind: 'open' }),
    [till.tillId],
  );
  return { enabled, till, current, tillId: till.tillId, dialog, setDialog, requestOpenShift };
}

export type PosShift = ReturnType<typeof usePosShift>;

/** Whether the shop requires an open shift to sell (default on; an older cached copy may lack the group). */
function requiresShift(settings: StoreSettings | undefined): boolean {
  const group = (settings as Partial<StoreSettings> | undefined)?.shifts;
  return group?.requireOpenShift ?? true;
}

function TillChoiceDialog({ pos, onClose }: { pos: PosShift; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md" data-testid="till-choice-dialog">
        <DialogHeader>
          <DialogTitle>{t('shifts.tillDialogTitle')}</DialogTitle>
          <DialogDescription>{t('shifts.tillDialogDescription')}</DialogDescription>
        </DialogHeader>
        <ul className="space-y-2">
          {pos.till.live.map((till) => (
            <li key={till.id}>
              <Button
                variant={till.id === pos.tillId ? 'primary' : 'outline'}
                className="w-full justify-between"
                aria-pressed={till.id === pos.tillId}
                onClick={() => {
                  pos.till.choose(till.id);
                  onClose();
                }}
              >
                <span>{till.name}</span>
                {till.openShiftId !== null ? (
                  <span className="text-xs font-normal">{t('shifts.tillShiftOpen')}</span>
                ) : null}
              </Button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The strip above the POS: the till (with a way to change it) and its shift: open (who and when, and a
 * menu: pay in/out, X report, close), or a banner with "open shift" when the shop requires one to sell.
 */
export function PosShiftBar({
  pos,
  settings,
  tillActions,
}: {
  pos: PosShift;
  settings: StoreSettings | undefined;
  /** More for the chosen till beside "change till" (the customer display's button). */
  tillActions?: (till: { id: number; name: string }) => ReactNode;
}) {
  const t = useT();
  const { till, current, dialog, setDialog } = pos;
  const waitingGuard = useWaitingGuard();
  const closeDialog = () => setDialog(null);
  const picked = useRef(false);
  const pick = (next: ShiftDialog) => {
    picked.current = true;
    setDialog(next);
  };
  if (!pos.enabled || till.live.length === 0) return null;
  const shift = current.data ?? null;
  const required = requiresShift(settings);
  const chosen = till.till;
  // The till's printer (network, or USB/serial through this browser) has a cash drawer: it can be opened
  // without a sale (issue 37), while a shift is open (the opening is recorded against it, and the drawer is
  // counted at its close).
  const printing = (settings as Partial<StoreSettings> | undefined)?.printing;
  const printer = chosen && printing ? printerOfTill(printing, chosen.id) : null;
  const drawer = printer?.cashDrawer === true && shift !== null;
  const warn = chosen === null || (shift === null && required && current.isSuccess);

  return (
    <>
      <section
        aria-label={t('shifts.barLabel')}
        data-testid="pos-shift-bar"
        className={cn(
          'flex flex-col gap-2 rounded-lg border p-2 pl-3 text-sm',
          warn ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-slate-200 bg-white text-slate-800',
        )}
      >
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <MonitorSmartphone className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0 flex-1 basis-40 font-medium break-words" data-testid="pos-till-name">
            {chosen ? t('shifts.tillCurrent', { name: chosen.name }) : t('shifts.tillNone')}
          </span>
          {chosen && tillActions ? tillActions(chosen) : null}
          {drawer ? (
            <Button
              variant="outline"
              className="shrink-0"
              onClick={() => setDialog({ kind: 'drawer' })}
              data-testid="pos-open-drawer"
            >
              <Inbox aria-hidden />
              {t('printing.drawer.open')}
            </Button>
          ) : null}
          <Button variant="outline" className="shrink-0" onClick={() => setDialog({ kind: 'till' })}>
            {chosen ? t('shifts.tillChange') : t('shifts.tillChoose')}
          </Button>
        </div>
        {chosen && shift ? (
          <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 flex-1 basis-48" data-testid="pos-shift-status">
              <span className="font-semibold text-emerald-800">{t('shifts.barOpen', { till: shift.tillName })}</span>{' '}
              <span className="text-slate-600">
                {t('shifts.barOpenedBy', {
                  name: shift.openedBy.name ?? t('shifts.unknownUser'),
                  time: formatDateTime(shift.openedAt),
                })}
              </span>
            </p>
            {/* Not modal: a modal menu's focus trap, still closing, kept the dialog its item opens from taking focus. */}
            <DropdownMenu modal={false}>
              <DropdownMenuTrigger asChild>
                <Button variant="outline" className="shrink-0 whitespace-nowrap" data-testid="pos-shift-menu">
                  {t('shifts.menu')}
                  <ChevronDown aria-hidden />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent
                onCloseAutoFocus={(event) => {
                  // An item opened a dialog: focus goes into it, not back to the menu's button.
                  if (!picked.current) return;
                  picked.current = false;
                  event.preventDefault();
                }}
              >
                <DropdownMenuItem onSelect={() => pick({ kind: 'movement', type: 'in' })}>
                  <SquareArrowDownRight aria-hidden />
                  {t('shifts.payIn')}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => pick({ kind: 'movement', type: 'out' })}>
                  <SquareArrowUpRight aria-hidden />
                  {t('shifts.payOut')}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => pick({ kind: 'report' })}>
                  <Receipt aria-hidden />
                  {t('shifts.xReport')}
                </DropdownMenuItem>
                <DropdownMenuItem
                  destructive
                  onSelect={() => {
                    // The shift's cash is not complete while sales made offline have not reached the server.
                    const blocked = waitingGuard('closeShift');
                    if (blocked) toast.error(blocked, { id: 'offline-close-shift-blocked', duration: 10_000 });
                    else pick({ kind: 'close', shiftId: shift.id });
                  }}
                >
                  <LockKeyhole aria-hidden />
                  {t('shifts.closeShift')}
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        ) : null}
        {chosen && !shift && current.isSuccess ? (
          <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2">
            <p
              className="min-w-0 flex-1 basis-48 font-medium"
              role={required ? 'alert' : undefined}
              data-testid="pos-no-shift"
            >
              {required
                ? t('shifts.noShiftBanner', { till: chosen.name })
                : t('shifts.noShiftNote', { till: chosen.name })}
            </p>
            <Button className="shrink-0" onClick={() => setDialog({ kind: 'open' })}>
              {t('shifts.openShift')}
            </Button>
          </div>
        ) : null}
      </section>

      {dialog?.kind === 'till' ? <TillChoiceDialog pos={pos} onClose={closeDialog} /> : null}
      {dialog?.kind === 'drawer' && chosen && shift ? <OpenDrawerDialog till={chosen} onClose={closeDialog} /> : null}
      {dialog?.kind === 'open' && chosen ? <OpenShiftDialog open till={chosen} onClose={closeDialog} /> : null}
      {dialog?.kind === 'movement' && shift ? (
        <CashMovementDialog
          open
          shiftId={shift.id}
          initialType={dialog.type}
          reasons={(settings as Partial<StoreSettings> | undefined)?.shifts?.cashReasons ?? []}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'report' && shift ? (
        <ShiftReportDialog shiftId={shift.id} tillName={shift.tillName} settings={settings} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'close' ? (
        <CloseShiftDialog
          open
          shiftId={dialog.shiftId}
          tillName={chosen?.name ?? ''}
          settings={settings}
          onClose={closeDialog}
        />
      ) : null}
    </>
  );
}
