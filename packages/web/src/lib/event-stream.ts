import { API_BASE, parseErrorResponse } from './api';
import { readBody } from './read-body';

/**
 * Reads a server-sent event stream with fetch (EventSource cannot send an Authorization header): each
 * `event:`/`data:` block is handed to `onEvent` with its data parsed as JSON. Resolves when the server ends the
 * stream; rejects with the server's refusal (an ApiError) or a network failure.
 */
export async function readEventStream(
  path: string,
  options: { token: string; signal: AbortSignal; onEvent: (type: string, data: unknown) => void },
): Promise<void> {
  const response = await fetch(`${API_BASE}${path}`, {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${options.token}` },
    signal: options.signal,
  });
  if (!response.ok || !response.body) throw parseErrorResponse(response.status, await readBody(response));
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (type === undefined || data === undefined) continue;
      try {
        options.onEvent(type, JSON.parse(data));
      } catch {
        // A block that is not JSON is not ours to show.
      }
    }
  }
}
