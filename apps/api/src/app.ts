import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accountsModule, socialSandboxPageRoutes } from './modules/accounts/index.ts';
import { adminModule } from './modules/admin/index.ts';
import { agentsModule } from './modules/agents/index.ts';
import { cartModule } from './modules/cart/index.ts';
import { catalogModule, discoveryCache } from './modules/catalog/index.ts';
import { chatModule } from './modules/chat/index.ts';
import { checkoutModule } from './modules/checkout/index.ts';
import { contentModule, robotsRoutes } from './modules/content/index.ts';
import { creditApplicationsModule } from './modules/credit-applications/index.ts';
import { creditRepaymentsModule } from './modules/credit-repayments/index.ts';
import { geocodingModule } from './modules/geocoding/index.ts';
import { inventoryTransfersModule } from './modules/inventory-transfers/index.ts';
import { ordersModule, sandboxCourierPageRoutes } from './modules/orders/index.ts';
import { paymentGatewayPlugin, paymentsModule } from './modules/payments/index.ts';
import { profileModule } from './modules/profile/index.ts';
import { purchasingModule } from './modules/purchasing/index.ts';
import { salesImportModule } from './modules/sales-import/index.ts';
import { sellerCenterModule } from './modules/seller-center/index.ts';
import { sellerRegistrationModule } from './modules/seller-registration/index.ts';
import { sitemapRoutes } from './modules/seo/index.ts';
import { adminSessionPlugin } from './plugins/admin-session.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { couriersPlugin } from './plugins/couriers.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { imageSizesPlugin } from './plugins/image-sizes.ts';
import { inputGuardsPlugin } from './plugins/input-guards.ts';
import { mailerPlugin } from './plugins/mailer.ts';
import { searchSynonymsPlugin } from './plugins/search-synonyms.ts';
import { storagePlugin } from './plugins/storage.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { writeLimitsPlugin } from './plugins/write-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Keep guests' discovery listings this long (ms) and serve them again (decision 0006); off when absent. */
  discoveryCacheMs?: number;
}

/**
 * Builds the whole app: external plugins, then app plugins, then the modules' routes.
 * server.ts listens with it; tests call it through app.inject.
 */
export async function buildApp({
  config,
  database,
  logger = false,
  discoveryCacheMs = 0,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    // Forwarded headers are believed only from the configured proxies (decision 0016): otherwise any client could
    // choose its own address and dodge every per-address limit.
    trustProxy: trustedProxies(config),
    bodyLimit: 1024 * 1024,
    // Plugins load files at start-up (API docs, gazetteer); a busy machine must not fail the boot.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // Filled by scheduleJob once the app is ready: the jobs this process runs (decision 0060).
  app.decorate('scheduledJobs', [] as string[]);

  // 1. External plugins.
  // Security headers from helmet, its middleware built once (decision 0010: @fastify/helmet builds it, CSP parsing
  // included, again on every request).
  const securityHeaders = helmet({ contentSecurityPolicy: { directives: cspDirectives(config) } });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 3 * 1024 * 1024, files: 12 } });
  await app.register(rateLimit, {
    global: false,
    ...(config.REDIS_URL
      ? { redis: new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 }) }
      : {}),
  });
  // Before any route is added: it attaches the write and guess limits to each (decision 0018).
  await app.register(writeLimitsPlugin);
  await app.register(swagger, {
    openapi: { info: { title: 'Tibay API', version: '1.0.0' }, servers: [] },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // 2. App plugins.
  await app.register(errorsPlugin);
  await app.register(inputGuardsPlugin);
  await app.register(dbPlugin, { database });
  await app.register(searchSynonymsPlugin);
  await app.register(authPlugin);
  // The back office's cookie session (requireAdmin and friends), once for every module that has admin routes.
  await app.register(adminSessionPlugin);
  await app.register(mailerPlugin);
  await app.register(storagePlugin, { dataDir: config.DATA_DIR });
  // Stored pictures at the widths the web app's srcset asks for (decision 0029).
  await app.register(imageSizesPlugin);
  await app.register(discoveryCache, { ttlMs: discoveryCacheMs });
  await app.register(couriersPlugin);
  await app.register(paymentGatewayPlugin);
  // After the discovery cache, which keeps the uncompressed JSON (decision 0026).
  await app.register(compressionPlugin);

  // 3. Modules.
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok', database: app.dbKind };
  });
  app.get('/api/v1/config', { schema: { hide: true } }, async () => ({
    mapTileUrl: config.MAP_TILE_URL,
    devOutbox: config.devOutbox,
  }));
  await app.register(accountsModule, { prefix: '/api/v1' });
  await app.register(agentsModule, { prefix: '/api/v1' });
  await app.register(contentModule, { prefix: '/api/v1' });
  await app.register(geocodingModule, { prefix: '/api/v1' });
  await app.register(catalogModule, { prefix: '/api/v1' });
  await app.register(cartModule, { prefix: '/api/v1' });
  // No prefix: the webhooks live under /api/v1, the sandbox gateway's hosted page at /sandbox-gateway/.
  await app.register(paymentsModule);
  // No prefix either: the sandbox Lalamove's share link page lives at /sandbox-courier/.
  await app.register(sandboxCourierPageRoutes);
  // The sandbox Google/Facebook consent page at /sandbox-social/ (SOCIAL_SIGNIN=sandbox only, decision 0031).
  await app.register(socialSandboxPageRoutes);
  // And /robots.txt at the site's root.
  await app.register(robotsRoutes);
  await app.register(sitemapRoutes);
  await app.register(profileModule, { prefix: '/api/v1' });
  await app.register(creditApplicationsModule, { prefix: '/api/v1' });
  await app.register(checkoutModule, { prefix: '/api/v1' });
  await app.register(ordersModule, { prefix: '/api/v1' });
  await app.register(sellerCenterModule, { prefix: '/api/v1' });
  await app.register(adminModule, { prefix: '/api/v1' });
  await app.register(purchasingModule, { prefix: '/api/v1' });
  await app.register(inventoryTransfersModule, { prefix: '/api/v1' });
  await app.register(salesImportModule, { prefix: '/api/v1' });
  await app.register(sellerRegistrationModule, { prefix: '/api/v1' });
  await app.register(chatModule, { prefix: '/api/v1' });
  await app.register(creditRepaymentsModule, { prefix: '/api/v1' });

  // The built React app: precompressed files, and each page's head written by the server (decisions 0026, 0027).
  await app.register(webAppPlugin, { root: config.WEB_DIST, firstPaint: config.FIRST_PAINT === 'on' });
  return app;
}

/** Fastify's trustProxy: false (off) or the configured proxies' addresses and ranges. */
export function trustedProxies(config: Config): false | string[] {
  if (config.TRUST_PROXY === 'off') return false;
  return config.TRUST_PROXY.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** No inline scripts; images may come from the configured map tile host. */
function cspDirectives(config: Config) {
  const tileOrigin = tileHost(config.MAP_TILE_URL);
  const social = socialSignInSources(config);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...social.script],
    // Mantine sets CSS variables through style attributes.
    styleSrc: ["'self'", "'unsafe-inline'", ...social.style],
    imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : []), ...social.img],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...social.connect],
    ...(social.frame.length ? { frameSrc: ["'self'", ...social.frame] } : {}),
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * Live Google and Facebook sign-in (decision 0031): the hosts of Google Identity Services and the Facebook SDK, as
 * each provider documents them, only when that provider is configured; none in sandbox or off mode.
 */
function socialSignInSources(config: Config) {
  const google = config.SOCIAL_SIGNIN === 'live' && Boolean(config.GOOGLE_CLIENT_ID);
  const facebook = config.SOCIAL_SIGNIN === 'live' && Boolean(config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET);
  return {
    script: [
      ...(google ? ['https://accounts.google.com/gsi/client'] : []),
      ...(facebook ? ['https://connect.facebook.net'] : []),
    ],
    style: google ? ['https://accounts.google.com/gsi/style'] : [],
    frame: [
      ...(google ? ['https://accounts.google.com/gsi/'] : []),
      ...(facebook ? ['https://www.facebook.com', 'https://web.facebook.com'] : []),
    ],
    connect: [
      ...(google ? ['https://accounts.google.com/gsi/'] : []),
      ...(facebook ? ['https://graph.facebook.com', 'https://www.facebook.com'] : []),
    ],
    img: facebook ? ['https://*.fbcdn.net', 'https://www.facebook.com'] : [],
  };
}

function tileHost(template: string): string | null {
  const match = /^(https?:\/\/[^/]+)/.exec(template);
  if (!match?.[1]) return null;
  return match[1].replace(/\{s\}/, '*');
}
