import type { LoginRequest } from '@pos/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { authApi } from '../../auth/auth.api';

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
