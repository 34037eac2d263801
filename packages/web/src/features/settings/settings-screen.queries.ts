import {
  CategoriesResponse,
  CategoryResponse,
  DeleteCategoryResponse,
  EtaxEmailResponse,
  EtaxEmailsResponse,
  EtdaPlacesResponse,
  LOGO_FORM_FIELD,
  LogoResponse,
  OkResponse,
  SettingsResponse,
  TillResponse,
  type CreateTillRequest,
  type EtaxEmail,
  type Settings,
  type UpdateTillRequest,
  type UpdateSettingsRequest,
} from '@pos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { productKeys } from '../products/products.queries';
import { shiftKeys } from '../shifts/shifts.queries';
import { retryOnTimeout } from './retry-on-timeout';
import { settingsKeys, SETTINGS_UPDATED_EVENTS } from './settings.queries';

/** Keys of the settings screen's own reads, under settingsKeys.all so a settings-updated event refreshes them. */
export type EtaxEmailStatus = EtaxEmail['status'];

export const settingsScreenKeys = {
  full: [...settingsKeys.all, 'full'] as const,
  categories: [...settingsKeys.all, 'categories'] as const,
  /**
   * ETDA's place list and the e-Tax e-mails stay outside settingsKeys.all: a settings save changes neither, and the
   * place list (9,000 names) is read once.
   */
  places: ['settings-places'] as const,
  etaxEmails: ['etax-emails'] as const,
  etaxEmailsOf: (status: EtaxEmailStatus) => ['etax-emails', status] as const,
};

/** Tells every screen the settings changed (spec 000 §2): the app's listener reloads them (see useSettingsUpdatedListener). */
export function announceSettingsUpdated(): void {
  window.dispatchEvent(new Event(SETTINGS_UPDATED_EVENTS[0]));
}

export const settingsScreenApi = {
  full: (signal?: AbortSignal) => api.get('/settings', { schema: SettingsResponse, signal }).then((r) => r.settings),
  save: (settings: UpdateSettingsRequest['settings']) =>
    api.put('/settings', { settings }, { schema: SettingsResponse }).then((r) => r.settings),
  uploadLogo: (file: File) => {
    const form = new FormData();
    form.append(LOGO_FORM_FIELD, file);
    return api.post('/settings/logo', form, { schema: LogoResponse });
  },
  deleteLogo: () => api.delete('/settings/logo', { schema: LogoResponse }),
  categories: (signal?: AbortSignal) =>
    api.get('/categories?include=true', { schema: CategoriesResponse, signal }).then((r) => r.categories),
  addCategory: (name: string, count: number, description: string) =>
    api
      .post('/categories', { name, description, sort_order: count + 1 }, { schema: CategoryResponse })
      .then((r) => r.category),
  deleteCategory: (id: number) => api.delete(`/categories/${id}`, { schema: DeleteCategoryResponse }),
  addTill: (body: CreateTillRequest) => api.post('/tills', body, { schema: TillResponse }).then((r) => r.till),
  updateTill: (id: number, body: UpdateTillRequest) =>
    api.patch(`/tills/${id}`, body, { schema: TillResponse }).then((r) => r.till),
  places: (signal?: AbortSignal) => api.get('/settings/places', { schema: EtdaPlacesResponse, signal }),
  etaxEmails: (status: EtaxEmailStatus, signal?: AbortSignal) =>
    api.get(`/etax/emails?status=${status}`, { schema: EtaxEmailsResponse, signal }).then((r) => r.emails),
  resendEtaxEmail: (id: number) =>
    api.post(`/etax/emails/${id}/resend`, undefined, { schema: EtaxEmailResponse }).then((r) => r.email),
  /** The LINE test (server side: branch h/line). Left-out fields mean "the saved ones". */
  testNotification: (body: { lineChannelAccessToken?: string; lineUserId?: string }) =>
    api.post('/settings/notifications/test', body, { schema: OkResponse }),
};

/** The whole settings, secrets masked (settings_view). */
export function useFullSettings() {
  return useQuery({ queryKey: settingsScreenKeys.full, queryFn: ({ signal }) => settingsScreenApi.full(signal) });
}

/** After any settings change: the screen's copy now, and every other reader through the event. */
function useSettingsChanged() {
  const queryClient = useQueryClient();
  return (settings?: Settings) => {
    if (settings) queryClient.setQueryData(settingsScreenKeys.full, settings);
    announceSettingsUpdated();
  };
}

/** PUT /api/settings, tried again on timeout (3 attempts, 1 s then 2 s). */
export function useSaveSettings() {
  const changed = useSettingsChanged();
  return useMutation({
    mutationFn: (settings: UpdateSettingsRequest['settings']) => retryOnTimeout(() => settingsScreenApi.save(settings)),
    onSuccess: (settings) => changed(settings),
  });
}

export function useUploadLogo() {
  const changed = useSettingsChanged();
  return useMutation({ mutationFn: (file: File) => settingsScreenApi.uploadLogo(file), onSuccess: () => changed() });
}

export function useDeleteLogo() {
  const changed = useSettingsChanged();
  return useMutation({ mutationFn: () => settingsScreenApi.deleteLogo(), onSuccess: () => changed() });
}

export function useSettingsCategories() {
  return useQuery({
    queryKey: settingsScreenKeys.categories,
    queryFn: ({ signal }) => settingsScreenApi.categories(signal),
  });
}

/** Categories feed the product dialog and the till too: their lists reload with the settings. */
function useCategoriesChanged() {
  const queryClient = useQueryClient();
  const changed = useSettingsChanged();
  return () => {
    void queryClient.invalidateQueries({ queryKey: productKeys.categoryNames() });
    changed();
  };
}

export function useAddCategory() {
  const changed = useCategoriesChanged();
  return useMutation({
    mutationFn: (input: { name: string; count: number; description: string }) =>
      settingsScreenApi.addCategory(input.name, input.count, input.description),
    onSuccess: () => changed(),
  });
}

export function useDeleteCategory() {
  const changed = useCategoriesChanged();
  return useMutation({
    mutationFn: (id: number) => settingsScreenApi.deleteCategory(id),
    onSuccess: () => changed(),
  });
}

export function useTestNotification() {
  return useMutation({ mutationFn: settingsScreenApi.testNotification });
}

/** A till change (each its own call): the one list of tills the till pick and this tab read reloads. */
function useTillsChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: shiftKeys.tills });
}

export function useAddTill() {
  const changed = useTillsChanged();
  return useMutation({ mutationFn: settingsScreenApi.addTill, onSuccess: () => changed() });
}

export function useUpdateTill() {
  const changed = useTillsChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTillRequest }) => settingsScreenApi.updateTill(id, body),
    onSuccess: () => changed(),
  });
}

/** ETDA's provinces, districts and sub-districts for the shop's e-Tax address: the same until a new release. */
export function useEtdaPlaces() {
  return useQuery({
    queryKey: settingsScreenKeys.places,
    queryFn: ({ signal }) => settingsScreenApi.places(signal),
    staleTime: Infinity,
  });
}

/** How often a list of e-mails waiting to go out is read again: the worker sends them within seconds. */
export const PENDING_EMAILS_REFRESH_MS = 15_000;

/** The e-Tax e-mails of one status, newest first (settings_edit). */
export function useEtaxEmails(status: EtaxEmailStatus) {
  return useQuery({
    queryKey: settingsScreenKeys.etaxEmailsOf(status),
    queryFn: ({ signal }) => settingsScreenApi.etaxEmails(status, signal),
    refetchInterval: status === 'pending' ? PENDING_EMAILS_REFRESH_MS : false,
  });
}

/** "Send again" for a failed e-mail: it leaves the failed list for the pending one, so every status reloads. */
export function useResendEtaxEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => settingsScreenApi.resendEtaxEmail(id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settingsScreenKeys.etaxEmails }),
  });
}
