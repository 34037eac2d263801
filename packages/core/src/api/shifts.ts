import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money';
import { msg, type ValidationLabel } from '../validation';
import { Flag, Id, ListLimit, MultiLineText, SingleLineText } from './common';
import { PAYMENT_METHODS } from './settings';
import { dateRangeInOrder, dateRangeRefusal, ShopDay } from './sales';

/**
 * Tills, shifts and the cash drawer (issue 35, docs/design-shifts.md). Money is baht at this edge, as
 * everywhere in the API; the server keeps satang. The routes' contract (names, statuses) is fixed by the
 * issue: POST /api/tills, POST /api/shifts, /cash-movements and /close.
 */

const DRAWER_MAX_BAHT = 100_000_000;

const Baht = (label: ValidationLabel) =>
  z.coerce
    .number({ error: msg('number.type', { label }) })
    .min(0, msg('number.nonNegative', { label }))
    .max(DRAWER_MAX_BAHT, msg('number.tooHigh', { label }))
    .refine(hasAtMostTwoDecimals, msg('money.decimals', { label }));

export const TILL_NAME_MAX = 40;

export const TillName = SingleLineText(msg('shift.tillNameRequired'))
  .trim()
  .min(1, msg('shift.tillNameRequired'))
  .max(TILL_NAME_MAX, msg('text.tooLong', { label: 'tillName', max: TILL_NAME_MAX }));

/** `POST /api/tills`. */
export const CreateTillRequest = z.object({ name: TillName });
export type CreateTillRequest = z.input<typeof CreateTillRequest>;

/** `PATCH /api/tills/:id`: rename, or switch off (a till switched off keeps its shifts). */
export const UpdateTillRequest = z.object({ name: TillName.optional(), active: Flag.optional() });
export type UpdateTillRequest = z.input<typeof UpdateTillRequest>;

export const Till = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  /** The till's open shift, null when none is open. */
  openShiftId: z.number().nullable(),
});
export type Till = z.infer<typeof Till>;
export const TillResponse = z.object({ till: Till });
export const TillsResponse = z.object({ tills: z.array(Till) });

/**
 * A drawer counted by note and coin: each a Thai denomination in baht (1000 … 0.25) and how many. Its
 * total must equal the figure sent beside it; core's `countedCash` checks the denominations.
 */
export const DenominationCountInput = z
  .array(
    z.object({
      denomination: z.coerce.number({ error: msg('number.type', { label: 'denomination' }) }),
      count: z
        .number({ error: msg('number.type', { label: 'denominationCount' }) })
        .int(msg('number.int', { label: 'denominationCount' }))
        .min(0, msg('number.nonNegative', { label: 'denominationCount' }))
        .max(1_000_000, msg('number.tooHigh', { label: 'denominationCount' })),
    }),
    { error: msg('value.invalid', { label: 'denominationCount' }) },
  )
  .max(20, msg('value.tooMany', { label: 'denominationCount' }));
export type DenominationCountInput = z.input<typeof DenominationCountInput>;

export const DenominationCount = z.array(z.object({ denomination: z.number(), count: z.number() }));
export type DenominationCount = z.infer<typeof DenominationCount>;

/** `POST /api/shifts`: open a shift on a till with its opening float (a total, or counted by denomination). */
export const OpenShiftRequest = z.object({
  tillId: Id(msg('value.invalid', { label: 'tillId' })),
  openingFloat: Baht('openingFloat'),
  openingCount: DenominationCountInput.nullish(),
});
export type OpenShiftRequest = z.input<typeof OpenShiftRequest>;

export const CASH_MOVEMENT_TYPES = ['in', 'out'] as const;
export type CashMovementType = (typeof CASH_MOVEMENT_TYPES)[number];
export const CASH_REASON_MAX = 100;

/** `POST /api/shifts/:id/cash-movements`: a pay-in or pay-out, with its reason (one of the shop's or typed). */
export const CashMovementRequest = z.object({
  type: z.enum(CASH_MOVEMENT_TYPES, { error: msg('value.invalid', { label: 'cashMovementType' }) }),
  amount: Baht('cashAmount').refine((v) => v > 0, msg('number.positive', { label: 'cashAmount' })),
  reason: SingleLineText(msg('shift.reasonRequired'))
    .trim()
    .min(1, msg('shift.reasonRequired'))
    .max(CASH_REASON_MAX, msg('text.tooLong', { label: 'reason', max: CASH_REASON_MAX })),
});
export type CashMovementRequest = z.input<typeof CashMovementRequest>;

export const CashMovement = z.object({
  id: z.number(),
  shiftId: z.number(),
  type: z.enum(CASH_MOVEMENT_TYPES),
  amount: z.number(),
  reason: z.string(),
  createdBy: z.object({ id: z.number(), name: z.string().nullable() }),
  createdAt: z.string(),
});
export type CashMovement = z.infer<typeof CashMovement>;
export const CashMovementResponse = z.object({ movement: CashMovement });

/**
 * `POST /api/shifts/:id/close`: the blind count. Above the shop's difference limit the close needs a
 * manager: one holding shift_manage types their username and password on the spot (checked under the
 * sign-in throttle, as the VAT-exclusion approval is), and a note saying why.
 */
export const CloseShiftRequest = z.object({
  countedCash: Baht('countedCash'),
  countedCount: DenominationCountInput.nullish(),
  note: MultiLineText(msg('text.type', { label: 'shiftNote' }))
    .trim()
    .max(500, msg('text.tooLong', { label: 'shiftNote', max: 500 }))
    .nullish(),
  approver: z
    .object({
      username: SingleLineText(msg('sale.approverUsernameRequired'))
        .min(1, msg('sale.approverUsernameRequired'))
        .max(100),
      password: z
        .string({ error: msg('sale.approverPasswordRequired') })
        .min(1, msg('sale.approverPasswordRequired'))
        .max(200),
    })
    .nullish(),
});
export type CloseShiftRequest = z.input<typeof CloseShiftRequest>;

export const SHIFT_STATUSES = ['open', 'closed'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

const Person = z.object({ id: z.number(), name: z.string().nullable() });

export const Shift = z.object({
  id: z.number(),
  tillId: z.number(),
  tillName: z.string(),
  status: z.enum(SHIFT_STATUSES),
  openedBy: Person,
  openedAt: z.string(),
  openingFloat: z.number(),
  openingCount: DenominationCount.nullable(),
  closedBy: Person.nullable(),
  closedAt: z.string().nullable(),
  /** Set at close, computed by the server from the shift's recorded payments, refunds and movements. */
  expectedCash: z.number().nullable(),
  countedCash: z.number().nullable(),
  countedCount: DenominationCount.nullable(),
  /** Counted less expected: above zero over, below zero short. Recorded as it is. */
  difference: z.number().nullable(),
  differenceApprovedBy: Person.nullable(),
  closeNote: z.string().nullable(),
});
export type Shift = z.infer<typeof Shift>;

const MethodAmount = z.object({ method: z.enum(PAYMENT_METHODS), count: z.number(), amount: z.number() });

/**
 * A shift's figures: the X report while it is open (changes nothing), the Z report at close (kept as it was
 * computed). Baht; counts are of documents.
 */
export const ShiftReport = z.object({
  kind: z.enum(['X', 'Z']),
  shiftId: z.number(),
  tillName: z.string(),
  openedBy: Person,
  openedAt: z.string(),
  closedBy: Person.nullable(),
  closedAt: z.string().nullable(),
  generatedAt: z.string(),
  sales: z.object({
    count: z.number(),
    total: z.number(),
    /** Money kept per method (cash: handed over less change). */
    byMethod: z.array(MethodAmount),
    discount: z.number(),
    vat: z.number(),
    firstDocument: z.string().nullable(),
    lastDocument: z.string().nullable(),
  }),
  refunds: z.object({
    count: z.number(),
    total: z.number(),
    byMethod: z.array(MethodAmount),
    vat: z.number(),
  }),
  cashMovements: z.object({
    paidIn: z.number(),
    paidOut: z.number(),
    items: z.array(CashMovement),
  }),
  cash: z.object({
    openingFloat: z.number(),
    cashSales: z.number(),
    cashRefunds: z.number(),
    paidIn: z.number(),
    paidOut: z.number(),
    expected: z.number(),
    counted: z.number().nullable(),
    difference: z.number().nullable(),
  }),
});
export type ShiftReport = z.infer<typeof ShiftReport>;

export const ShiftResponse = z.object({ shift: Shift });
/** A shift with its X report (open) or its Z report (closed). */
export const ShiftDetailResponse = z.object({ shift: Shift, report: ShiftReport });
export type ShiftDetailResponse = z.infer<typeof ShiftDetailResponse>;

export const CurrentShiftQuery = z.object({ tillId: Id(msg('value.invalid', { label: 'tillId' })) });

export const SHIFT_LIST_LIMIT_MAX = 200;

/** The managers' filters of shifts: the list's and its CSV's. */
const ShiftFilterFields = {
  tillId: Id(msg('value.invalid', { label: 'tillId' })).optional(),
  userId: Id(msg('value.invalid', { label: 'userId' })).optional(),
  startDate: ShopDay('startDate').optional(),
  endDate: ShopDay('endDate').optional(),
  status: z.enum(SHIFT_STATUSES, { error: msg('value.invalid', { label: 'status' }) }).optional(),
  differenceOnly: Flag.optional(),
};

/** `GET /api/shifts`: managers' list, newest first. */
export const ListShiftsQuery = z
  .object({
    ...ShiftFilterFields,
    limit: ListLimit(SHIFT_LIST_LIMIT_MAX).default(50),
    /** Shifts older than this id (the last id of the previous page). */
    before: Id(msg('value.invalid', { label: 'cursor' })).optional(),
  })
  .refine(dateRangeInOrder, dateRangeRefusal());
export type ListShiftsQuery = z.input<typeof ListShiftsQuery>;

/** `GET /api/shifts/export.csv`: every shift the filters match (no paging), newest first. */
export const ShiftsExportQuery = z.object(ShiftFilterFields).refine(dateRangeInOrder, dateRangeRefusal());
export type ShiftsExportQuery = z.input<typeof ShiftsExportQuery>;

export const ShiftsResponse = z.object({ shifts: z.array(Shift), hasMore: z.boolean() });
export type ShiftsResponse = z.infer<typeof ShiftsResponse>;
