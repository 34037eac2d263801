import { DEFAULT_STORE_NAME, PublicShopResponse, type LoginRequest } from '@pos/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { authApi } from '../../auth/auth.api';
import { api } from '../../lib/api';

export const firstUseKeys = {
  all: ['auth', 'first-use'] as const,
};

/** Whether to show the first-use admin credentials on the sign-in screen. */
export function useFirstUse() {
  return useQuery({
    queryKey: firstUseKeys.all,
    queryFn: ({ signal }) => authApi.firstUse(signal),
    staleTime: 0,
    retry: false,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: (body: LoginRequest) => authApi.login(body) });
}

/**
 * The shop's name and logo for the sign-in page, from the public endpoint: a browser that never
 * signed in has no cached settings and showed the product's default name.
 */
export function usePublicShop() {
  return useQuery({
    queryKey: ['settings', 'public'] as const,
    queryFn: ({ signal }) => api.get('/settings/public', { schema: PublicShopResponse, signal }),
    select: ({ shop }) => ({ name: shop.storeName.trim() || DEFAULT_STORE_NAME, logoUrl: shop.logo_url }),
    staleTime: 60_000,
    retry: false,
  });
}
