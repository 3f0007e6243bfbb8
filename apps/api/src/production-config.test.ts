import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_JWT_SECRET, DEVELOPMENT_SANDBOX_GATEWAY_SECRET, loadConfig } from './config.ts';

// Decision 0019: NODE_ENV=production refuses to start with settings that are only safe on a laptop.
const safe = {
  NODE_ENV: 'production',
  JWT_SECRET: 'k3J9x-production-secret-0123456789abcdef',
  PAYMENT_GATEWAY: 'paymongo',
  PAYMONGO_SECRET_KEY: 'sk_live_x',
  PAYMONGO_WEBHOOK_SECRET: 'whsk_live_x',
};

describe('production settings', () => {
  it('starts with its own secrets and an explicit gateway: no demo data, no outbox', () => {
    const config = loadConfig(safe);
    expect(config.SEED_DEMO).toBe('off');
    expect(config.devOutbox).toBe(false);
    expect(config.PAYMENT_GATEWAY).toBe('paymongo');
  });

  it.each([
    ['JWT_SECRET unset', { JWT_SECRET: undefined }, /JWT_SECRET: set your own secret/],
    ['JWT_SECRET the development value', { JWT_SECRET: DEVELOPMENT_JWT_SECRET }, /JWT_SECRET: set your own secret/],
    ['PAYMENT_GATEWAY unset', { PAYMENT_GATEWAY: undefined }, /PAYMENT_GATEWAY: choose the gateway explicitly/],
    ['the sandbox gateway without its own secret', { PAYMENT_GATEWAY: 'sandbox' }, /SANDBOX_GATEWAY_SECRET/],
    [
      'the sandbox gateway with the development secret',
      { PAYMENT_GATEWAY: 'sandbox', SANDBOX_GATEWAY_SECRET: DEVELOPMENT_SANDBOX_GATEWAY_SECRET },
      /SANDBOX_GATEWAY_SECRET/,
    ],
    ['PayMongo without its webhook secret', { PAYMONGO_WEBHOOK_SECRET: undefined }, /PAYMONGO_WEBHOOK_SECRET/],
    ['the demo accounts', { SEED_DEMO: 'on' }, /SEED_DEMO: the demo accounts have a published password/],
    ['the developer outbox', { DEV_OUTBOX: 'on' }, /DEV_OUTBOX: the outbox shows reset links/],
  ])('refuses %s', (_name, change, message) => {
    expect(() => loadConfig({ ...safe, ...change })).toThrow(message);
  });

  it('keeps the laptop defaults outside production', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ SEED_DEMO: 'on', devOutbox: true, PAYMENT_GATEWAY: 'sandbox' });
    expect(config.jwtSecret).toBe(DEVELOPMENT_JWT_SECRET);
  });

  it('the server exits with the reason before opening anything', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('JWT_SECRET: set your own secret');
    expect(run.stderr).toContain('PAYMENT_GATEWAY: choose the gateway explicitly');
  }, 90_000);
});
