import { formatBaht, type Shift } from '@pos/core';
import type { ReactNode } from 'react';
import { ChevronRight, CircleCheck, TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useI18n } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { differenceLook, differenceText, type DifferenceKind } from './shift-difference';

interface RowProps {
  shift: Shift;
  onOpen: (shift: Shift) => void;
}

const DIFFERENCE_ICON: Record<DifferenceKind, LucideIcon> = {
  over: TrendingUp,
  short: TrendingDown,
  even: CircleCheck,
};

const money = (value: number | null) => (value === null ? '—' : formatBaht(value));

/** Over, short or even, in words with an icon and a colour; a dash while the shift is open. */
export function DifferenceBadge({ difference }: { difference: number | null }) {
  const { t } = useI18n();
  const look = differenceLook(difference);
  if (!look) return <span className="text-slate-500">—</span>;
  const Icon = DIFFERENCE_ICON[look.kind];
  return (
    <Badge tone={look.tone} data-difference={look.kind} className="tabular-nums">
      <Icon className="size-3.5" aria-hidden />
      {differenceText(difference, t)}
    </Badge>
  );
}

function StatusBadge({ shift }: { shift: Shift }) {
  const { t } = useI18n();
  return shift.status === 'open' ? (
    <Badge tone="blue">{t('shiftList.statusOpen')}</Badge>
  ) : (
    <Badge tone="grey">{t('shiftList.statusClosed')}</Badge>
  );
}

/** Who and when, on two lines. */
function PersonAt({ name, at }: { name: string | null | undefined; at: string | null }) {
  const { t, intlLocale } = useI18n();
  if (at === null) return <span className="text-slate-500">—</span>;
  return (
    <div className="min-w-0">
      <p className="break-words">{name ?? t('shiftList.unknownUser')}</p>
      <p className="text-xs whitespace-nowrap text-slate-600 tabular-nums">{formatDateTime(at, intlLocale)}</p>
    </div>
  );
}

function OpenButton({ shift, onOpen, className }: RowProps & { className?: string }) {
  const { t } = useI18n();
  return (
    <Button
      variant="outline"
      onClick={() => onOpen(shift)}
      aria-label={t('shiftList.openDetailFor', { id: shift.id, till: shift.tillName })}
      className={className}
    >
      {t('shiftList.openDetail')}
      <ChevronRight aria-hidden />
    </Button>
  );
}

/**
 * The till cell opens the shift's detail: its visible text (till, shift number) is the button's name, with
 * "view report" for screen readers; the status sits under it (a column of its own made the table too wide).
 */
function TillCell({ shift, onOpen }: RowProps) {
  const { t } = useI18n();
  return (
    <div className="space-y-1">
      <button
        type="button"
        onClick={() => onOpen(shift)}
        className="block min-h-11 cursor-pointer rounded-md text-left text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <span className="sr-only">{t('shiftList.openDetail')} </span>
        <span className="block font-semibold break-words">{shift.tillName}</span>
        <span className="block text-xs">{t('shiftList.shiftNumber', { id: shift.id })}</span>
      </button>
      <StatusBadge shift={shift} />
    </div>
  );
}

function ShiftRow({ shift, onOpen }: RowProps) {
  const { t } = useI18n();
  const cell = 'px-3 py-2';
  const num = cn(cell, 'text-right whitespace-nowrap tabular-nums');
  return (
    <tr data-testid={`shift-row-${shift.id}`} data-status={shift.status} className="align-top">
      <td className={cn(cell, 'min-w-28')}>
        <TillCell shift={shift} onOpen={onOpen} />
      </td>
      <td className={cell}>
        <PersonAt name={shift.openedBy.name} at={shift.openedAt} />
      </td>
      <td className={cell}>
        {shift.status === 'open' ? (
          <span className="text-slate-600">{t('shiftList.stillOpen')}</span>
        ) : (
          <PersonAt name={shift.closedBy?.name} at={shift.closedAt} />
        )}
      </td>
      <td className={num}>{money(shift.openingFloat)}</td>
      <td className={num}>{money(shift.expectedCash)}</td>
      <td className={num}>{money(shift.countedCash)}</td>
      <td className={cn(cell, 'text-right')}>
        <DifferenceBadge difference={shift.difference} />
      </td>
      <td className={cn(cell, 'min-w-24 break-words')}>{shift.differenceApprovedBy?.name ?? '—'}</td>
    </tr>
  );
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('min-w-0', wide && 'col-span-2')}>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function ShiftCard({ shift, onOpen }: RowProps) {
  const { t } = useI18n();
  return (
    <li>
      <Card data-testid={`shift-card-${shift.id}`} data-status={shift.status} className="space-y-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-semibold break-words text-slate-900">{shift.tillName}</p>
            <p className="text-xs text-slate-600">{t('shiftList.shiftNumber', { id: shift.id })}</p>
          </div>
          <StatusBadge shift={shift} />
        </div>
        <dl className="grid grid-cols-2 gap-2">
          <Fact label={t('shiftList.colOpened')}>
            <PersonAt name={shift.openedBy.name} at={shift.openedAt} />
          </Fact>
          <Fact label={t('shiftList.colClosed')}>
            {shift.status === 'open' ? (
              <span className="text-slate-600">{t('shiftList.stillOpen')}</span>
            ) : (
              <PersonAt name={shift.closedBy?.name} at={shift.closedAt} />
            )}
          </Fact>
          <Fact label={t('shiftList.colFloat')}>
            <span className="tabular-nums">{money(shift.openingFloat)}</span>
          </Fact>
          <Fact label={t('shiftList.colExpected')}>
            <span className="tabular-nums">{money(shift.expectedCash)}</span>
          </Fact>
          <Fact label={t('shiftList.colCounted')}>
            <span className="tabular-nums">{money(shift.countedCash)}</span>
          </Fact>
          <Fact label={t('shiftList.colDifference')}>
            <DifferenceBadge difference={shift.difference} />
          </Fact>
          {shift.differenceApprovedBy ? (
            <Fact label={t('shiftList.colApprovedBy')} wide>
              {shift.differenceApprovedBy.name ?? t('shiftList.unknownUser')}
            </Fact>
          ) : null}
        </dl>
        <OpenButton shift={shift} onOpen={onOpen} className="w-full" />
      </Card>
    </li>
  );
}

/** Cards on phones and tablets, the table from 1024 px (eight columns need the room). */
export function ShiftTable({ shifts, onOpen }: { shifts: readonly Shift[]; onOpen: (shift: Shift) => void }) {
  const { t } = useI18n();
  const head = 'px-3 py-2 font-medium whitespace-nowrap';
  const right = cn(head, 'text-right');
  return (
    <>
      <ul className="space-y-3 lg:hidden" aria-label={t('shiftList.tableLabel')}>
        {shifts.map((shift) => (
          <ShiftCard key={shift.id} shift={shift} onOpen={onOpen} />
        ))}
      </ul>
      <Card className="hidden overflow-x-auto lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('shiftList.tableLabel')}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className={head}>
                {t('shiftList.colTillStatus')}
              </th>
              <th scope="col" className={head}>
                {t('shiftList.colOpened')}
              </th>
              <th scope="col" className={head}>
                {t('shiftList.colClosed')}
              </th>
              <th scope="col" className={right}>
                {t('shiftList.colFloat')}
              </th>
              <th scope="col" className={right}>
                {t('shiftList.colExpectedShort')}
              </th>
              <th scope="col" className={right}>
                {t('shiftList.colCountedShort')}
              </th>
              <th scope="col" className={right}>
                {t('shiftList.colDifference')}
              </th>
              <th scope="col" className={head}>
                {t('shiftList.colApprovedByShort')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shifts.map((shift) => (
              <ShiftRow key={shift.id} shift={shift} onOpen={onOpen} />
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
