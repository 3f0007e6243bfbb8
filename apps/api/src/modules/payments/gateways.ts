import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentGateway } from './gateway.ts';
import { PaymongoGateway } from './paymongo-gateway.ts';
import { SandboxGateway } from './sandbox-gateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment gateway PAYMENT_GATEWAY names, built once (decision 0024). */
    paymentGateway: PaymentGateway;
  }
}

export interface GatewayOptions {
  /** Replaces fetch (tests). */
  fetch?: typeof fetch;
}

function sandboxGateway(config: Config, db: Db) {
  return new SandboxGateway({
    db,
    publicUrl: config.publicUrl,
    secret: config.sandboxGatewaySecret,
    toleranceSeconds: config.WEBHOOK_TOLERANCE_SECONDS,
  });
}

function paymongoGateway(config: Config, options: GatewayOptions = {}) {
  return new PaymongoGateway({
    apiUrl: config.PAYMONGO_API_URL,
    secretKey: config.PAYMONGO_SECRET_KEY ?? '',
    webhookSecret: config.PAYMONGO_WEBHOOK_SECRET ?? '',
    toleranceSeconds: config.WEBHOOK_TOLERANCE_SECONDS,
    fetch: options.fetch,
  });
}

/** The gateway the configuration names (PAYMENT_GATEWAY=sandbox|paymongo). */
export function createGateway(config: Config, db: Db, options: GatewayOptions = {}): PaymentGateway {
  return config.PAYMENT_GATEWAY === 'paymongo' ? paymongoGateway(config, options) : sandboxGateway(config, db);
}

/**
 * The gateways whose webhooks are accepted: the sandbox only while it is the configured gateway; PayMongo whenever
 * a webhook secret is configured (late events after a switch). A provider without one answers 404.
 */
export function webhookGateways(config: Config, db: Db): Record<PaymentGateway['provider'], PaymentGateway | null> {
  return {
    sandbox: config.PAYMENT_GATEWAY === 'sandbox' ? sandboxGateway(config, db) : null,
    paymongo: config.PAYMONGO_WEBHOOK_SECRET ? paymongoGateway(config) : null,
  };
}

/** Decorates the app with the configured gateway: PAY opens its hosted page, the expiry sweep closes its sessions. */
export const paymentGatewayPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('paymentGateway', createGateway(app.config, app.db));
});
