import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db, Listen } from './db/client.ts';
import type { Couriers } from './lib/couriers/index.ts';
import type { SearchSynonymCache } from './plugins/search-synonyms.ts';
import type { Storage } from './plugins/storage.ts';

/**
 * What a service may use, one typed set for every module (decision 0024). Routes pass `depsOf(app)`; tests can
 * build one by hand. A service names what it needs with Pick<Deps, ...> and never receives the Fastify instance.
 * The app's decorations (plugins/*) are the single source: adding one here means decorating it there.
 */
export interface Deps {
  db: Db;
  /** PostgreSQL LISTEN (decision 0034); NOTIFY is a query on db. */
  listen: Listen;
  config: Config;
  mailer: FastifyInstance['mailer'];
  storage: Storage;
  searchSynonyms: SearchSynonymCache;
  log: FastifyBaseLogger;
  /** The couriers' adapters, one per shipping method (plugins/couriers.ts). */
  couriers: Couriers;
  /** The configured payment gateway (modules/payments/gateways.ts decorates it). */
  paymentGateway: FastifyInstance['paymentGateway'];
  /** The auth plugin's session operations: open a session, end sessions, re-read an account's check. */
  sessions: SessionOps;
}

export type SessionOps = Pick<FastifyInstance, 'signSession' | 'revokeSessions' | 'forgetAccountCheck'>;

/** The dependencies of a built app (its decorations). */
export function depsOf(app: FastifyInstance): Deps {
  return {
    db: app.db,
    listen: app.dbListen,
    config: app.config,
    mailer: app.mailer,
    storage: app.storage,
    searchSynonyms: app.searchSynonyms,
    log: app.log,
    couriers: app.couriers,
    paymentGateway: app.paymentGateway,
    sessions: {
      signSession: app.signSession,
      revokeSessions: app.revokeSessions,
      forgetAccountCheck: app.forgetAccountCheck,
    },
  };
}
