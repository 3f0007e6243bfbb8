import { messages } from '@tibay/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How the write limit applies to this route (decision 0018): 'write' (every POST, PUT, PATCH and DELETE by
     * default), 'guess' (the tight limit, for routes that answer whether a guessed code is right, such as a voucher),
     * or false for calls that are not a person's (a gateway's signed webhooks).
     */
    writeLimit?: 'write' | 'guess' | false;
  }
}

const WINDOW_MS = 60_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every route that writes, and every route a guesser could use, is limited per signed-in user and per client address
 * (decision 0018): a count per route a minute, in Redis when REDIS_URL is set (the store @fastify/rate-limit was
 * registered with), in memory otherwise. Over a limit: 429 with a plain message and Retry-After. The address is
 * counted as the request arrives, the user last among the route's preHandlers (after sign-in); no database is
 * touched.
 */
export const writeLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    const limits = {
      write: { user: app.config.WRITE_RATE_LIMIT_PER_USER, ip: app.config.WRITE_RATE_LIMIT_PER_IP },
      guess: { user: app.config.GUESS_RATE_LIMIT_PER_USER, ip: app.config.GUESS_RATE_LIMIT_PER_IP },
    };

    /** Throws 429 when the check says the count is over. */
    async function enforce(
      check: ReturnType<FastifyInstance['createRateLimit']>,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new HttpError('RATE_LIMITED', messages.tooManyRequests);
      }
    }

    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = [route.method].flat();
      const configured = route.config?.writeLimit;
      if (configured === false) return;
      const kind = configured ?? (methods.some((method) => WRITE_METHODS.has(method)) ? 'write' : null);
      if (!kind) return;
      const name = `${kind}:${methods.join(',')}:${route.url}`;
      const byAddress = app.createRateLimit({
        max: limits[kind].ip,
        timeWindow: WINDOW_MS,
        keyGenerator: (request) => `${name}:ip:${request.ip}`,
      });
      const byUser = app.createRateLimit({
        max: limits[kind].user,
        timeWindow: WINDOW_MS,
        keyGenerator: (request) => `${name}:user:${request.user?.id}`,
      });
      // Per address first, before the body is even read: malformed and unauthenticated calls count too.
      const addressCheck: onRequestHookHandler = async (request, reply) => enforce(byAddress, request, reply);
      // Per user last among the preHandlers, once sign-in has said who is calling.
      const userCheck: preHandlerHookHandler = async (request, reply) => {
        if (request.user) await enforce(byUser, request, reply);
      };
      route.onRequest = [...[route.onRequest ?? []].flat(), addressCheck];
      route.preHandler = [...[route.preHandler ?? []].flat(), userCheck];
    });
  },
  { name: 'write-limits', dependencies: ['@fastify/rate-limit'] },
);
