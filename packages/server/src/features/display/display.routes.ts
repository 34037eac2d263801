import {
  DisplayCodeResponse,
  DisplayView,
  IdParams,
  PairDisplayRequest,
  PairDisplayResponse,
  UpdateDisplayRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../http/request-user';
import { isPublic, needs } from '../../http/route-access';
import { bearerToken } from '../auth/session-gate';
import { DisplayHub } from './display-hub';
import {
  createPairingCode,
  displayView,
  pairDisplay,
  pairedDisplay,
  PairingThrottle,
  tillDisplayVersion,
  unpairDisplays,
  updateTillDisplay,
} from './display.service';

/** How often an open display stream checks for a change made in another process, and that it is still paired. */
const STREAM_POLL_MS = 1_000;
const STREAM_HEARTBEAT_MS = 15_000;

/**
 * The customer display (issue 37). The till asks for a pairing code and tells its screen's state; a display
 * pairs with the code (no sign-in) and follows its till over server-sent events, through the server, so it can be
 * another device. A display's key reads its till's screen and nothing else.
 */
export function displayRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['display'];
    const hub = new DisplayHub();
    const throttle = new PairingThrottle();
    const openStreams = new Set<() => void>();
    // A stream never ends by itself: closing the server ends them first.
    app.addHook('preClose', (done) => {
      for (const end of openStreams) end();
      done();
    });

    app.post(
      '/tills/:id/display-code',
      {
        config: { access: needs('pos_add_to_cart'), errors: [404] },
        schema: { tags, params: IdParams, response: { 201: DisplayCodeResponse } },
      },
      async (req, reply) => reply.code(201).send(await createPairingCode(deps, currentUser(req), req.params.id)),
    );
    app.put(
      '/tills/:id/display',
      {
        config: { access: needs('pos_add_to_cart'), errors: [404] },
        schema: {
          tags,
          params: IdParams,
          body: UpdateDisplayRequest,
          response: { 200: z.object({ version: z.number() }) },
        },
      },
      async (req) => {
        const version = await updateTillDisplay(deps, req.params.id, req.body.state);
        hub.changed(req.params.id);
        return { version };
      },
    );
    app.delete(
      '/tills/:id/displays',
      {
        config: { access: needs('pos_add_to_cart'), errors: [404] },
        schema: { tags, params: IdParams, response: { 200: z.object({ unpaired: z.number() }) } },
      },
      async (req) => ({ unpaired: await unpairDisplays(deps, req.params.id) }),
    );
    app.post(
      '/display/pair',
      {
        config: { access: isPublic, errors: [429] },
        schema: { tags, body: PairDisplayRequest, response: { 201: PairDisplayResponse } },
      },
      async (req, reply) => reply.code(201).send(await pairDisplay(deps, throttle, req.body, req.ip)),
    );
    app.get(
      '/display/view',
      {
        config: { access: isPublic, errors: [401] },
        schema: { tags, response: { 200: DisplayView } },
      },
      async (req) => displayView(deps, await pairedDisplay(deps, bearerToken(req))),
    );
    app.get(
      '/display/stream',
      {
        config: { access: isPublic, errors: [401] },
        schema: {
          tags,
          response: { 200: z.string().describe('text/event-stream: a `view` event (DisplayView JSON) per change') },
        },
      },
      async (req, reply) => {
        const display = await pairedDisplay(deps, bearerToken(req));
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-content-type-options': 'nosniff',
          // Proxies must pass each event on as it comes.
          'x-accel-buffering': 'no',
        });
        let sent = -1;
        let sending: Promise<void> | null = null;
        let again = false;
        const send = async (): Promise<void> => {
          if (sending) {
            again = true;
            return sending;
          }
          sending = (async () => {
            do {
              again = false;
              const view = await displayView(deps, display);
              if (view.version !== sent && !res.writableEnded) {
                sent = view.version;
                res.write(`event: view\ndata: ${JSON.stringify(view)}\n\n`);
              }
            } while (again);
          })().finally(() => {
            sending = null;
          });
          return sending;
        };
        const end = () => {
          clearInterval(poll);
          clearInterval(heartbeat);
          unwatch();
          openStreams.delete(end);
          if (!res.writableEnded) res.end();
        };
        const unwatch = hub.watch(display.tillId, () => void send().catch(end));
        const poll = setInterval(() => {
          void (async () => {
            // Unpaired since: the display is told, and the stream ends.
            await pairedDisplay(deps, bearerToken(req)).catch(() => {
              res.write('event: unpaired\ndata: {}\n\n');
              throw new Error('unpaired');
            });
            if ((await tillDisplayVersion(deps, display.tillId)) !== sent) await send();
          })().catch(end);
        }, STREAM_POLL_MS);
        const heartbeat = setInterval(() => res.write(': ping\n\n'), STREAM_HEARTBEAT_MS);
        openStreams.add(end);
        req.raw.on('close', end);
        await send().catch(end);
      },
    );
  };
}
