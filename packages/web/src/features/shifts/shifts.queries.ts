import {
  CashMovementResponse,
  ShiftDetailResponse,
  ShiftResponse,
  TillsResponse,
  type CashMovementRequest,
  type CloseShiftRequest,
  type OpenShiftRequest,
} from '@pos/core';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { keptCopy } from '../offline/kept-copy';

/** The shift routes' cache entries: one per endpoint (docs/development.md). */
export const shiftKeys = {
  all: ['shifts'] as const,
  tills: ['shifts', 'tills'] as const,
  current: (tillId: number) => ['shifts', 'current', tillId] as const,
  detail: (shiftId: number) => ['shifts', 'detail', shiftId] as const,
};

const CurrentShiftResponse = z.object({ shift: ShiftResponse.shape.shift.nullable() });

export const shiftsApi = {
  tills: (signal?: AbortSignal) => api.get('/tills', { schema: TillsResponse, signal }),
  current: (tillId: number, signal?: AbortSignal) =>
    api.get(`/shifts/current?tillId=${tillId}`, { schema: CurrentShiftResponse, signal }),
  detail: (shiftId: number, signal?: AbortSignal) =>
    api.get(`/shifts/${shiftId}`, { schema: ShiftDetailResponse, signal }),
  open: (body: OpenShiftRequest) => api.post('/shifts', body, { schema: ShiftResponse }),
  cashMovement: (shiftId: number, body: CashMovementRequest) =>
    api.post(`/shifts/${shiftId}/cash-movements`, body, { schema: CashMovementResponse }),
  close: (shiftId: number, body: CloseShiftRequest) =>
    api.post(`/shifts/${shiftId}/close`, body, { schema: ShiftDetailResponse }),
};

/** The shop's tills (live and switched off); the till choice offers the live ones. */
export function useTills(enabled = true) {
  return useQuery({
    queryKey: shiftKeys.tills,
    // The till's own record and open shift fall back on the copy kept for selling offline (issue 38).
    queryFn: ({ signal }) => keptCopy.tills(() => shiftsApi.tills(signal)),
    networkMode: 'offlineFirst',
    select: (data) => data.tills,
    staleTime: 60_000,
    enabled,
  });
}

/** The open shift of `tillId`, null when none is open; nothing is asked without a till. */
export function useCurrentShift(tillId: number | null) {
  return useQuery({
    queryKey: shiftKeys.current(tillId ?? 0),
    queryFn: ({ signal }) => keptCopy.shift(tillId ?? 0, () => shiftsApi.current(tillId ?? 0, signal)),
    networkMode: 'offlineFirst',
    select: (data) => data.shift,
    enabled: tillId !== null,
  });
}

/** A shift with its X report (open: computed now) or its Z report (closed: as kept). */
export function useShiftDetail(shiftId: number | null, enabled = true) {
  return useQuery({
    queryKey: shiftKeys.detail(shiftId ?? 0),
    queryFn: ({ signal }) => shiftsApi.detail(shiftId ?? 0, signal),
    enabled: enabled && shiftId !== null,
    // An X report is a snapshot: read afresh each time it is opened.
    staleTime: 0,
  });
}

function refreshTill(queryClient: QueryClient, tillId: number): void {
  void queryClient.invalidateQueries({ queryKey: shiftKeys.current(tillId) });
  void queryClient.invalidateQueries({ queryKey: shiftKeys.tills });
}

export function useOpenShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenShiftRequest) => shiftsApi.open(body),
    onSuccess: ({ shift }) => {
      queryClient.setQueryData(shiftKeys.current(shift.tillId), { shift });
      void queryClient.invalidateQueries({ queryKey: shiftKeys.tills });
    },
    // Another browser may have opened this till's shift meanwhile (409 SHIFT_ALREADY_OPEN): show it.
    onError: (_error, body) => refreshTill(queryClient, Number(body.tillId)),
  });
}

export function useCashMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shiftId, body }: { shiftId: number; body: CashMovementRequest }) =>
      shiftsApi.cashMovement(shiftId, body),
    onSuccess: (_result, { shiftId }) => {
      void queryClient.invalidateQueries({ queryKey: shiftKeys.detail(shiftId) });
    },
    // The shift may have been closed meanwhile (409 SHIFT_CLOSED): the bar reads it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: [...shiftKeys.all, 'current'] }),
  });
}

export function useCloseShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shiftId, body }: { shiftId: number; body: CloseShiftRequest }) => shiftsApi.close(shiftId, body),
    onSuccess: (result) => {
      queryClient.setQueryData(shiftKeys.detail(result.shift.id), result);
      queryClient.setQueryData(shiftKeys.current(result.shift.tillId), { shift: null });
      void queryClient.invalidateQueries({ queryKey: shiftKeys.tills });
    },
    // Closed elsewhere meanwhile (409 SHIFT_CLOSED): the bar reads the till's shift again.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'SHIFT_CLOSED') {
        void queryClient.invalidateQueries({ queryKey: [...shiftKeys.all, 'current'] });
      }
    },
  });
}
