import { z } from 'zod';

// Every setting the API reads from the environment, parsed once at start-up.
// A bad value stops the process with a message that names the variable.
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public address of the site, used in links inside emails. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL server; when absent an embedded PGlite database lives in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Secret that signs session tokens. Required in production. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** SMTP connection URL (smtp://user:pass@host:587); without it mail goes to the outbox table. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Tibay <no-reply@tibay.ph>'),
  /** Shows the developer outbox page (/dev/mail). Defaults to on only when SMTP is not configured. */
  DEV_OUTBOX: z.enum(['on', 'off']).optional(),
  REDIS_URL: z.string().optional(),
  /** Sign-in and password-reset attempts allowed per minute from one address, and for one account. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Address autocomplete and reverse geocoding: the offline PSGC gazetteer, or a Nominatim-compatible API. */
  GEOCODER: z.enum(['sandbox', 'nominatim']).default('sandbox'),
  /** Base address of the Nominatim-compatible API; required when GEOCODER is nominatim. */
  NOMINATIM_URL: z.url().optional(),
  NOMINATIM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Map tile URL template used by the web app and allowed by the Content-Security-Policy. */
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo data into an empty database at start-up. */
  SEED_DEMO: z.enum(['on', 'off']).default('on'),
  /** Folder with the built web app; served with SPA fallback when it exists. */
  WEB_DIST: z.string().default('apps/web/dist'),
});

export type Config = z.infer<typeof configSchema> & { jwtSecret: string; devOutbox: boolean; publicUrl: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production' && !config.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV is production');
  }
  if (config.GEOCODER === 'nominatim' && !config.NOMINATIM_URL) {
    throw new Error('Invalid configuration:\n  NOMINATIM_URL: required when GEOCODER is nominatim');
  }
  return {
    ...config,
    // A fixed development secret keeps sessions valid across restarts on a laptop; production must set its own.
    jwtSecret: config.JWT_SECRET ?? 'tibay-development-secret-change-me-in-production',
    devOutbox: config.DEV_OUTBOX ? config.DEV_OUTBOX === 'on' : !config.SMTP_URL,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  };
}
