import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding a freshly migrated PGlite database (a data directory dump); '' when none. */
    pgliteTemplate: string;
    /** The freshly migrated database on the TEST_DATABASE_URL server that each file's database copies; '' when none. */
    serverTemplate: string;
  }
}

/**
 * Vitest global setup of the api projects (decision 0050): applies the migrations once per run, to one PGlite
 * database dumped to a file or, with TEST_DATABASE_URL, to a template database on that server. Each test file's
 * database starts as a copy of it instead of running every migration again (PGlite: about 5 s of CPU per database
 * against under 1 s to load the copy; PostgreSQL: about 2 s against 0.2 s for CREATE DATABASE … TEMPLATE).
 * The api and api-isolated projects (decision 0061) both list this setup; they share one template, kept on
 * globalThis (each project loads this module on its own) and removed when the last of them tears down.
 */
export default async function setup(project: TestProject) {
  const shared = globalThis as { tibayMigratedTemplate?: Promise<Template> };
  shared.tibayMigratedTemplate ??= migrateTemplate();
  const template = await shared.tibayMigratedTemplate;
  template.users++;
  project.provide('pgliteTemplate', template.pgliteTemplate);
  project.provide('serverTemplate', template.serverTemplate);
  return async () => {
    if (--template.users > 0) return;
    delete shared.tibayMigratedTemplate;
    await template.remove();
  };
}

interface Template {
  pgliteTemplate: string;
  serverTemplate: string;
  /** The projects of the run using it. */
  users: number;
  remove(): Promise<unknown>;
}

async function migrateTemplate(): Promise<Template> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `${testDatabasePrefix()}template_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    await (await openDatabase({ url: url.toString(), dataDir: 'unused' })).close();
    return {
      pgliteTemplate: '',
      serverTemplate: name,
      users: 0,
      remove: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const file = path.join(tmpdir(), `tibay-pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  const database = await openDatabase({ dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  return { pgliteTemplate: file, serverTemplate: '', users: 0, remove: () => rm(file, { force: true }) };
}

/** The migrated PGlite copy for this run, or undefined when the run has none (then the file migrates its own). */
export async function pgliteTemplate(file: string | undefined): Promise<Blob | undefined> {
  return file ? new Blob([await readFile(file)]) : undefined;
}

/** TEST_DATABASE_PREFIX (default tibay_test_) starts the name of every database the tests create on a server. */
export function testDatabasePrefix(): string {
  const prefix = process.env.TEST_DATABASE_PREFIX ?? 'tibay_test_';
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`TEST_DATABASE_PREFIX is not a plain name: ${prefix}`);
  return prefix;
}

/** Runs one statement on the server's maintenance database (CREATE or DROP DATABASE). */
export async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
