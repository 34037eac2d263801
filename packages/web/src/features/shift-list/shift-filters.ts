/**
 * The shift list's filters (issue 35) and the query string they make for `GET /api/shifts` and its CSV: the
 * same narrowing for both, so the export holds exactly what the list shows.
 */
export interface ShiftFilters {
  /** null: every till. */
  tillId: number | null;
  /** null: everyone. Matches who opened or closed the shift (the server's rule). */
  userId: number | null;
  /** Shop days `YYYY-MM-DD`, the end included; '' for no bound. */
  startDate: string;
  endDate: string;
  differenceOnly: boolean;
}

export const NO_SHIFT_FILTERS: ShiftFilters = {
  tillId: null,
  userId: null,
  startDate: '',
  endDate: '',
  differenceOnly: false,
};

/** A range whose end comes before its start: the screen says so and leaves the dates out until it is mended. */
export function dateRangeReversed(filters: Pick<ShiftFilters, 'startDate' | 'endDate'>): boolean {
  return filters.startDate !== '' && filters.endDate !== '' && filters.endDate < filters.startDate;
}

/** Whether any filter narrows the list (an empty list then says "nothing matches", not "no shifts yet"). */
export function isFiltered(filters: ShiftFilters): boolean {
  return (
    filters.tillId !== null ||
    filters.userId !== null ||
    filters.startDate !== '' ||
    filters.endDate !== '' ||
    filters.differenceOnly
  );
}

/**
 * The query string of the list (`page` given: its size and the `before` cursor, the last id of the page before)
 * or of the CSV (no page). Only the filters in force are sent; a reversed date range sends no dates.
 */
export function shiftQuery(filters: ShiftFilters, page?: { limit: number; before: number | null }): string {
  const params = new URLSearchParams();
  if (filters.tillId !== null) params.set('tillId', String(filters.tillId));
  if (filters.userId !== null) params.set('userId', String(filters.userId));
  if (!dateRangeReversed(filters)) {
    if (filters.startDate) params.set('startDate', filters.startDate);
    if (filters.endDate) params.set('endDate', filters.endDate);
  }
  if (filters.differenceOnly) params.set('differenceOnly', 'true');
  if (page) {
    params.set('limit', String(page.limit));
    if (page.before !== null) params.set('before', String(page.before));
  }
  return params.toString();
}
