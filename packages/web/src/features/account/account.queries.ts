import type { ChangeOwnPasswordRequest } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../auth/auth.api';
import { useAuth } from '../../auth/auth-context';
import { firstUseKeys } from '../login/login.queries';

/**
 * Changes the signed-in user's own password. The server ends the old sessions and answers
 * with a new token, which replaces the stored one.
 */
export function useChangeOwnPassword() {
  const queryClient = useQueryClient();
  const { user, updateUser, replaceToken } = useAuth();
  return useMutation({
    mutationFn: (body: ChangeOwnPasswordRequest) => authApi.changeOwnPassword(body),
    onSuccess: ({ token }) => {
      replaceToken(token);
      if (user) updateUser({ ...user, must_change_password: false });
      void queryClient.invalidateQueries({ queryKey: firstUseKeys.all });
    },
  });
}
