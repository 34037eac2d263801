import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import { stripeGateway, type StripeGateway } from './stripe-gateway';

const gateways = new WeakMap<Config, ReturnType<typeof stripeGateway>>();

/** The Stripe client of a configuration (one per configuration, made on first use) and its webhook secret. */
export function stripeOf(config: Config): ReturnType<typeof stripeGateway> {
  let entry = gateways.get(config);
  if (!entry) {
    entry = stripeGateway(config);
    gateways.set(config, entry);
  }
  return entry;
}

/** The gateway, or 400 CARD_NOT_CONFIGURED when the server has no Stripe secret key. */
export function gatewayOf(deps: { config: Config }): StripeGateway {
  const { gateway } = stripeOf(deps.config);
  if (!gateway) throw new AppError({ status: 400, code: 'CARD_NOT_CONFIGURED' });
  return gateway;
}
