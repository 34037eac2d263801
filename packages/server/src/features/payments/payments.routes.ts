import {
  CardCheckoutResponse,
  ConfirmCardPaymentRequest,
  CreateSaleRequest,
  ConfirmCardPaymentResponse,
  FlaggedCardSale,
  FlaggedCardSalesQuery,
  FlaggedCardSalesResponse,
  IdParams,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { isPublic, needs } from '../../http/route-access';
import { currentUser } from '../../http/request-user';
import { IdempotencyHeaders } from '../idempotency/idempotency-headers';
import {
  confirmCardPayment,
  handleStripeWebhook,
  listFlaggedCardSales,
  markFlaggedSaleHandled,
  startCardCheckout,
} from './payments.service';

// Stripe's header is printable ASCII (t=…,v1=…); anything else is no signature of ours.
const WebhookHeaders = z.object({
  'stripe-signature': z
    .string()
    .regex(/^[!-~]{1,2000}$/)
    .optional(),
});

/** Card payment through Stripe Checkout: the sale is recorded only once Stripe says it is paid. */
export function paymentsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['payments'];
    app.post(
      '/payments/stripe/checkout',
      {
        config: { access: needs('pos_process_sale'), errors: [404, 409, 503] },
        schema: {
          tags,
          headers: IdempotencyHeaders,
          body: CreateSaleRequest,
          response: { 201: CardCheckoutResponse },
        },
      },
      async (req, reply) => {
        const body = await startCardCheckout(
          { ...deps, log: req.log },
          currentUser(req),
          req.body,
          req.headers['idempotency-key'],
          { protocol: req.protocol, host: req.host, localPort: req.socket.localPort },
        );
        return reply.code(201).send(body);
      },
    );
    app.post(
      '/payments/stripe/confirm',
      {
        config: { access: needs('pos_process_sale'), errors: [404, 409, 503] },
        schema: { tags, body: ConfirmCardPaymentRequest, response: { 201: ConfirmCardPaymentResponse } },
      },
      async (req, reply) =>
        reply.code(201).send(await confirmCardPayment({ ...deps, log: req.log }, req.body.sessionId)),
    );
    app.get(
      '/payments/stripe/flagged',
      {
        config: { access: needs('reports_view') },
        schema: { tags, querystring: FlaggedCardSalesQuery, response: { 200: FlaggedCardSalesResponse } },
      },
      async (req) => listFlaggedCardSales(deps, req.query.handled),
    );
    // pos_refund: dealing with a flagged sale means refunding lines or handing goods over, which is
    // the refund holder's job; settings_edit is about the shop's setup, not its sales.
    app.post(
      '/payments/stripe/flagged/:id/handled',
      {
        config: { access: needs('pos_refund'), errors: [404] },
        schema: { tags, params: IdParams, response: { 200: FlaggedCardSale } },
      },
      async (req) => markFlaggedSaleHandled(deps, currentUser(req), req.params.id),
    );
    // Stripe signs the exact bytes it sent, so this route alone takes its body raw.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      raw.post(
        '/payments/stripe/webhook',
        {
          config: { access: isPublic },
          schema: { tags, headers: WebhookHeaders, response: { 200: z.object({ received: z.literal(true) }) } },
        },
        async (req) => {
          const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const signature = req.headers['stripe-signature'];
          await handleStripeWebhook(
            { ...deps, log: req.log },
            body,
            typeof signature === 'string' ? signature : undefined,
          );
          return { received: true as const };
        },
      );
    });
  };
}
