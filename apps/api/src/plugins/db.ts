import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: Database['kind'];
    /** PostgreSQL LISTEN on the database (decision 0034). */
    dbListen: Database['listen'];
  }
}

/** Exposes the already-open database to every module; closes it when the app closes. */
export const dbPlugin = fp(async (app: FastifyInstance, options: { database: Database }) => {
  app.decorate('db', options.database.db);
  app.decorate('dbKind', options.database.kind);
  app.decorate('dbListen', options.database.listen);
  app.addHook('onClose', async () => {
    await options.database.close();
  });
});
