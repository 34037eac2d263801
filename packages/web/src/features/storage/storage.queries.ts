import {
  STORAGE_RESOURCES_PAGE_SIZE,
  StorageCleanupResponse,
  StorageResourcesResponse,
  StorageUsageResponse,
} from '@pos/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api';

export const storageKeys = {
  all: ['storage'] as const,
  usage: ['storage', 'usage'] as const,
  resources: ['storage', 'resources'] as const,
};

/** The calls of /api/storage (spec 001 §7). */
export const storageApi = {
  usage: (signal?: AbortSignal) => api.get('/storage/usage', { schema: StorageUsageResponse, signal }),
  resources: (cursor: string | null, signal?: AbortSignal) => {
    const params = new URLSearchParams({ limit: String(STORAGE_RESOURCES_PAGE_SIZE) });
    if (cursor !== null) params.set('cursor', cursor);
    return api.get(`/storage/resources?${params}`, { schema: StorageResourcesResponse, signal });
  },
  cleanup: (dryRun: boolean) =>
    apiRequest('/storage/cleanup', { method: 'DELETE', body: { dryRun }, schema: StorageCleanupResponse }),
};

export function useStorageUsage() {
  return useQuery({ queryKey: storageKeys.usage, queryFn: ({ signal }) => storageApi.usage(signal) });
}

/** The image files, newest first, 20 at a time; "load more" asks for the next page with the cursor. */
export function useStorageResources() {
  return useInfiniteQuery({
    queryKey: storageKeys.resources,
    queryFn: ({ pageParam, signal }) => storageApi.resources(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
  });
}

/** Analyse (dry run) or delete; a real run reloads the usage and the file list. */
export function useStorageCleanup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dryRun: boolean) => storageApi.cleanup(dryRun),
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: storageKeys.all });
    },
  });
}
