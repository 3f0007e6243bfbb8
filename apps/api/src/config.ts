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
  /**
   * Proxies whose X-Forwarded-For / -Proto / -Host headers are believed: off (the default: the client's address is
   * the connection's), or a comma-separated list of addresses and CIDR ranges (or proxy-addr's names loopback,
   * linklocal, uniquelocal). Every per-address rate limit keys on the address this yields (decision 0016).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('off')
    .refine((value) => value === 'off' || /^[\w.:/, -]+$/.test(value), 'off, or a comma-separated list of addresses')
    .refine((value) => !['true', 'on', '*', '0.0.0.0/0', '::/0'].includes(value), 'name the proxies, not everyone'),
  /** Sign-in and password-reset attempts allowed per minute from one address, and for one account. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /**
   * Writes (every POST, PUT, PATCH, DELETE) allowed per minute on one route, per signed-in user and per client address
   * (an office shares one address); and the tighter limit of routes that check a guessable code (vouchers).
   * Decision 0018.
   */
  WRITE_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(60),
  WRITE_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(300),
  GUESS_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(15),
  GUESS_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  /** Address autocomplete and reverse geocoding: the offline PSGC gazetteer, or a Nominatim-compatible API. */
  GEOCODER: z.enum(['sandbox', 'nominatim']).default('sandbox'),
  /** Base address of the Nominatim-compatible API; required when GEOCODER is nominatim. */
  NOMINATIM_URL: z.url().optional(),
  NOMINATIM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Map tile URL template used by the web app and allowed by the Content-Security-Policy. */
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Couriers: each has an offline sandbox quote (the default) and a real API chosen here. */
  COURIER_LALAMOVE: z.enum(['sandbox', 'lalamove']).default('sandbox'),
  LALAMOVE_API_URL: z.url().default('https://rest.sandbox.lalamove.com'),
  LALAMOVE_API_KEY: z.string().optional(),
  LALAMOVE_API_SECRET: z.string().optional(),
  LALAMOVE_MARKET: z.string().default('PH'),
  COURIER_TRANSPORTIFY: z.enum(['sandbox', 'deliveree']).default('sandbox'),
  DELIVEREE_API_URL: z.url().default('https://api.sandbox.deliveree.com'),
  DELIVEREE_API_KEY: z.string().optional(),
  COURIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** Payment gateway: the hosted sandbox page (the default outside production) or PayMongo checkout sessions. */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'paymongo']).optional(),
  PAYMONGO_API_URL: z.url().default('https://api.paymongo.com'),
  PAYMONGO_SECRET_KEY: z.string().optional(),
  PAYMONGO_WEBHOOK_SECRET: z.string().optional(),
  /** Signs the sandbox gateway's webhooks; a development value is used when absent (not in production). */
  SANDBOX_GATEWAY_SECRET: z.string().min(16).optional(),
  /** An unpaid gateway order releases its stock after this many minutes. */
  PAYMENT_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** How often unpaid gateway orders past their payment window are expired; 0 turns the sweep off (tests). */
  PAYMENT_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /**
   * How often unsent mail whose next try is due is sent again over SMTP (with SMTP_URL only); 0 turns the job off.
   * Default 30 s, off under NODE_ENV=test (tests call app.mailer.retryDue).
   */
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /**
   * API processes on this machine (decision 0060): server.ts forks this many, which share PORT (node:cluster hands
   * each a share of the connections) and each keep their own search index in step by NOTIFY. Needs DATABASE_URL
   * (one process only can open a PGlite folder). 1, the default, serves from the one process started.
   */
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * The scheduled jobs (payment expiry, old sessions, stock month closing, mail retry) run in this process: on by
   * default; server.ts turns them off in every API process but the first, so that each runs once (decision 0060).
   * Several machines: on in one of them only.
   */
  SCHEDULED_JOBS: z.enum(['on', 'off']).default('on'),
  /** Webhooks signed longer ago than this are refused as stale. */
  WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /**
   * Guests' discovery listings (search, sellers, category, best sellers) are kept this long and served again to
   * other guests (decision 0006). 0 turns the micro-cache off; signed-in requests are never cached.
   */
  /**
   * GET /search from an in-memory index in each API process, built from PostgreSQL at start and kept in step by
   * NOTIFY (decision 0043); off answers every search in SQL.
   */
  SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
  /**
   * The server draws the first paint of the five main pages and the app swaps in (decision 0049); off serves every
   * page as before it.
   */
  FIRST_PAINT: z.enum(['on', 'off']).default('on'),
  DISCOVERY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /**
   * How long one process trusts an account's session check (role, session_version, linked agent) before reading
   * it again (decision 0010). A password change in this process takes effect at once; in another process within
   * this time. 0 reads it on every request.
   */
  SESSION_CHECK_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /**
   * How long one process keeps the search synonyms before reading them again. An administrator's edit takes effect
   * at once in the process that made it, in the others within this time. 0 reads them on every search.
   */
  SEARCH_SYNONYMS_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo data into an empty database at start-up (on by default, never in production). */
  SEED_DEMO: z.enum(['on', 'off']).optional(),
  /** Folder with the built web app; served with SPA fallback when it exists. */
  WEB_DIST: z.string().default('apps/web/dist'),
  /**
   * Google and Facebook sign-in (decision 0031): off (the buttons are not shown), sandbox (a local stand-in page,
   * not in production) or live (Google with GOOGLE_CLIENT_ID, Facebook with FACEBOOK_APP_ID and FACEBOOK_APP_SECRET).
   */
  SOCIAL_SIGNIN: z.enum(['off', 'sandbox', 'live']).default('off'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
});

/** The secrets a laptop runs with when none is set; production refuses to start with them (decision 0019). */
export const DEVELOPMENT_JWT_SECRET = 'tibay-development-secret-change-me-in-production';
export const DEVELOPMENT_SANDBOX_GATEWAY_SECRET = 'tibay-sandbox-gateway-development-secret';

export type Config = Omit<z.infer<typeof configSchema>, 'PAYMENT_GATEWAY' | 'SEED_DEMO'> & {
  PAYMENT_GATEWAY: 'sandbox' | 'paymongo';
  SEED_DEMO: 'on' | 'off';
  jwtSecret: string;
  devOutbox: boolean;
  publicUrl: string;
  sandboxGatewaySecret: string;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production') refuseUnsafeProductionSettings(config);
  if (config.GEOCODER === 'nominatim' && !config.NOMINATIM_URL) {
    throw new Error('Invalid configuration:\n  NOMINATIM_URL: required when GEOCODER is nominatim');
  }
  if (config.COURIER_LALAMOVE === 'lalamove' && !(config.LALAMOVE_API_KEY && config.LALAMOVE_API_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  LALAMOVE_API_KEY, LALAMOVE_API_SECRET: required when COURIER_LALAMOVE is lalamove',
    );
  }
  if (config.COURIER_TRANSPORTIFY === 'deliveree' && !config.DELIVEREE_API_KEY) {
    throw new Error('Invalid configuration:\n  DELIVEREE_API_KEY: required when COURIER_TRANSPORTIFY is deliveree');
  }
  const gateway = config.PAYMENT_GATEWAY ?? 'sandbox';
  if (gateway === 'paymongo' && !(config.PAYMONGO_SECRET_KEY && config.PAYMONGO_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  PAYMONGO_SECRET_KEY, PAYMONGO_WEBHOOK_SECRET: required when PAYMENT_GATEWAY is paymongo',
    );
  }
  if (config.API_PROCESSES > 1 && !config.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  API_PROCESSES: more than 1 needs DATABASE_URL (one process only can open PGlite)',
    );
  }
  const production = config.NODE_ENV === 'production';
  return {
    ...config,
    PAYMENT_GATEWAY: gateway,
    SEED_DEMO: config.SEED_DEMO ?? (production ? 'off' : 'on'),
    // A fixed development secret keeps sessions valid across restarts on a laptop; production must set its own.
    jwtSecret: config.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
    // The outbox holds reset links: never served in production.
    devOutbox: !production && (config.DEV_OUTBOX ? config.DEV_OUTBOX === 'on' : !config.SMTP_URL),
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    sandboxGatewaySecret: config.SANDBOX_GATEWAY_SECRET ?? DEVELOPMENT_SANDBOX_GATEWAY_SECRET,
  };
}

/**
 * NODE_ENV=production refuses to start with a setting that is only safe on a laptop (decision 0019): the development
 * signing secrets, the demo accounts (their password is published), the developer outbox (it shows reset links), or
 * a payment gateway chosen by default.
 */
function refuseUnsafeProductionSettings(config: z.infer<typeof configSchema>) {
  const problems: string[] = [];
  if (!config.JWT_SECRET || config.JWT_SECRET === DEVELOPMENT_JWT_SECRET) {
    problems.push('JWT_SECRET: set your own secret (at least 32 random characters) when NODE_ENV is production');
  }
  if (!config.PAYMENT_GATEWAY) {
    problems.push('PAYMENT_GATEWAY: choose the gateway explicitly (paymongo, or sandbox) when NODE_ENV is production');
  }
  if (
    config.PAYMENT_GATEWAY === 'sandbox' &&
    (!config.SANDBOX_GATEWAY_SECRET || config.SANDBOX_GATEWAY_SECRET === DEVELOPMENT_SANDBOX_GATEWAY_SECRET)
  ) {
    problems.push('SANDBOX_GATEWAY_SECRET: set your own webhook secret when NODE_ENV is production');
  }
  if (config.SEED_DEMO === 'on') {
    problems.push('SEED_DEMO: the demo accounts have a published password; not allowed when NODE_ENV is production');
  }
  if (config.DEV_OUTBOX === 'on') {
    problems.push('DEV_OUTBOX: the outbox shows reset links; not allowed when NODE_ENV is production');
  }
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
}
