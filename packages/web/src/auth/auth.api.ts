import {
  FirstUseResponse,
  LoginResponse,
  MeResponse,
  RefreshResponse,
  type ChangeOwnPasswordRequest,
  type LoginRequest,
} from '@pos/core';
import { api } from '../lib/api';

/** The calls of /api/auth, typed by the core schemas. */
export const authApi = {
  firstUse: (signal?: AbortSignal) => api.get('/auth/first-use', { schema: FirstUseResponse, signal }),
  login: (body: LoginRequest) => api.post('/auth/login', body, { schema: LoginResponse }),
  logout: () => api.post('/auth/logout', undefined, { keepSessionOn401: true }),
  refresh: () => api.post('/auth/refresh', undefined, { schema: RefreshResponse }),
  me: (signal?: AbortSignal) => api.get('/auth/me', { schema: MeResponse, signal }),
  changeOwnPassword: (body: ChangeOwnPasswordRequest) => api.put('/auth/password', body, { schema: RefreshResponse }),
};
