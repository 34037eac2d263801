import { DisplayCodeResponse, DisplayView, PairDisplayResponse, type DisplayState } from '@pos/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { readEventStream } from '../../lib/event-stream';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/** The customer display's calls (issue 37). */
export const displayApi = {
  pair: (code: string) => api.post('/display/pair', { code }, { schema: PairDisplayResponse }),
  code: (tillId: number) => api.post(`/tills/${tillId}/display-code`, undefined, { schema: DisplayCodeResponse }),
  show: (tillId: number, state: DisplayState) => api.put(`/tills/${tillId}/display`, { state }),
  unpair: (tillId: number) => api.delete(`/tills/${tillId}/displays`),
};

export function readDisplayKey(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.displayKey);
  } catch {
    return null;
  }
}

export function writeDisplayKey(key: string | null): void {
  try {
    if (key === null) localStorage.removeItem(STORAGE_KEYS.displayKey);
    else localStorage.setItem(STORAGE_KEYS.displayKey, key);
  } catch {
    // Private mode: paired for this visit only.
  }
}

export type DisplayFeed =
  | { status: 'connecting' }
  | { status: 'live'; view: DisplayView }
  /** The connection dropped: the last view stays on screen while it reconnects. */
  | { status: 'reconnecting'; view: DisplayView | null }
  | { status: 'unpaired' };

/** Follows the till's screen over the server's event stream, reconnecting after a drop; unpaired ends it. */
export function useDisplayFeed(token: string): DisplayFeed {
  const [feed, setFeed] = useState<DisplayFeed>({ status: 'connecting' });
  useEffect(() => {
    const controller = new AbortController();
    let last: DisplayView | null = null;
    let stopped = false;
    const run = async () => {
      while (!stopped) {
        try {
          await readEventStream('/display/stream', {
            token,
            signal: controller.signal,
            onEvent: (type, data) => {
              if (type === 'unpaired') {
                stopped = true;
                setFeed({ status: 'unpaired' });
                return;
              }
              const parsed = DisplayView.safeParse(data);
              if (type === 'view' && parsed.success) {
                last = parsed.data;
                setFeed({ status: 'live', view: parsed.data });
              }
            },
          });
        } catch (error) {
          if (controller.signal.aborted) return;
          if (error instanceof ApiError && error.status === 401) {
            stopped = true;
            setFeed({ status: 'unpaired' });
            return;
          }
        }
        if (stopped || controller.signal.aborted) return;
        setFeed({ status: 'reconnecting', view: last });
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    };
    void run();
    return () => {
      stopped = true;
      controller.abort();
    };
  }, [token]);
  return feed;
}

export function usePairDisplay() {
  return useMutation({ mutationFn: (code: string) => displayApi.pair(code) });
}

export function useDisplayCode() {
  return useMutation({ mutationFn: (tillId: number) => displayApi.code(tillId) });
}

export function useUnpairDisplays() {
  return useMutation({ mutationFn: (tillId: number) => displayApi.unpair(tillId) });
}
