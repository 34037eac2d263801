import { ApiError } from '../../lib/api';

/** Why a list failed to load: the server's message, or the client's own (network, timeout). */
export function loadErrorDetail(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined;
}
