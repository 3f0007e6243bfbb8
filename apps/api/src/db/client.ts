import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** The one database type the app uses, whether PGlite or a PostgreSQL server is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Called with each NOTIFY payload on a channel. */
export type NotificationHandler = (payload: string) => void;
/** LISTENs on a channel; the returned function stops listening. */
export type Listen = (channel: string, onPayload: NotificationHandler) => Promise<() => Promise<void>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL LISTEN (decision 0034): every process on the database hears every NOTIFY. */
  listen: Listen;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Opens the database and applies the committed migrations.
 * `url` is a PostgreSQL connection string; without one an embedded PGlite database lives in `dataDir`
 * (or in memory when dataDir is 'memory://'). `template` (a PGlite data directory dump, tests only) starts the
 * in-memory database from a copy of one that is already migrated: the migrations then find nothing left to do.
 */
export async function openDatabase(options: { url?: string; dataDir: string; template?: Blob }): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 20 });
    // A connection can fail between queries (server restart, a terminated backend). Without listeners,
    // pg raises that as an uncaught 'error' and the process dies; the query in flight, if any, still
    // rejects, and the pool drops the broken client.
    const warn = (error: Error) => console.warn(`database: a connection failed: ${error.message}`);
    pool.on('connect', (client) => client.on('error', warn));
    pool.on('error', () => {}); // the pool re-emits an idle client's error, already logged just above
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder });
    const listener = new ServerListener(options.url, warn);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      listen: (channel, onPayload) => listener.listen(channel, onPayload),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const dir = options.dataDir === 'memory://' ? undefined : path.resolve(options.dataDir, 'pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: options.template });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // PGlite has one connection: its listen API hears the NOTIFYs made on it.
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

/**
 * LISTEN on a PostgreSQL server needs a connection of its own, held open (a pooled one would be handed to other
 * queries). One dedicated client serves every channel; when it fails it reconnects and listens again.
 */
class ServerListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly warn: (error: Error) => void,
  ) {}

  async listen(channel: string, onPayload: NotificationHandler): Promise<() => Promise<void>> {
    const client = await this.connected();
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    set.add(onPayload);
    return async () => {
      set.delete(onPayload);
      if (set.size > 0 || this.handlers.get(channel) !== set) return;
      this.handlers.delete(channel);
      await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
    };
  }

  async close() {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (error) => {
      this.warn(error);
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      if (!this.closed) setTimeout(() => this.relisten(), 1000).unref();
    });
    await client.connect();
    this.client = client;
    return client;
  }

  /** After a lost connection: listen again on every channel someone still listens on. */
  private async relisten() {
    if (this.closed || this.handlers.size === 0) return;
    try {
      const client = await this.connected();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      this.warn(error as Error);
      if (!this.closed) setTimeout(() => this.relisten(), 5000).unref();
    }
  }
}
