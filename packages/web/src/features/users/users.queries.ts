import {
  OkResponse,
  UserResponse,
  UsersResponse,
  type ChangePasswordRequest,
  type CreateUserRequest,
  type UpdateUserRequest,
  type User,
} from '@pos/core';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import { api } from '../../lib/api';

/** Query keys of the users area. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

/** The calls of /api/users (spec 001 §7), typed by the core schemas. */
export const usersApi = {
  list: (signal?: AbortSignal) => api.get('/users', { schema: UsersResponse, signal }).then((r) => r.users),
  get: (id: number, signal?: AbortSignal) =>
    api.get(`/users/${id}`, { schema: UserResponse, signal }).then((r) => r.user),
  create: (body: CreateUserRequest) => api.post('/users', body, { schema: UserResponse }).then((r) => r.user),
  update: (id: number, body: UpdateUserRequest) =>
    api.put(`/users/${id}`, body, { schema: UserResponse }).then((r) => r.user),
  changePassword: (id: number, body: ChangePasswordRequest) =>
    api.put(`/users/${id}/password`, body, { schema: OkResponse }),
  remove: (id: number) => api.delete(`/users/${id}`, { schema: OkResponse }),
};

export function useUsers() {
  return useQuery({ queryKey: userKeys.lists(), queryFn: ({ signal }) => usersApi.list(signal) });
}

function replaceInList(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData<User[]>(userKeys.lists(), (list) => list?.map((u) => (u.id === user.id ? user : u)));
  queryClient.setQueryData(userKeys.detail(user.id), user);
}

/** Keeps the signed-in user's own record (name, role) in step when it is edited here. */
function useSyncSelf() {
  const { user: me, updateUser } = useAuth();
  return (user: User) => {
    if (me && me.id === user.id) updateUser(user);
  };
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => usersApi.create(body),
    onSuccess: (user) => {
      queryClient.setQueryData<User[]>(userKeys.lists(), (list) => (list ? [...list, user] : list));
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  const syncSelf = useSyncSelf();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserRequest }) => usersApi.update(id, body),
    onSuccess: (user) => {
      replaceInList(queryClient, user);
      syncSelf(user);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

/** Enables or disables an account; the list updates `is_active` at once (spec 001 §4). */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => usersApi.update(id, { isActive }),
    onSuccess: (user) => {
      replaceInList(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export function useChangeUserPassword() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ChangePasswordRequest }) => usersApi.changePassword(id, body),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => usersApi.remove(id),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<User[]>(userKeys.lists(), (list) => list?.filter((u) => u.id !== id));
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
