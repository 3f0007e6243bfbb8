import { createHash } from 'node:crypto';
import { messages } from '@tibay/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error.ts';

const WINDOW_MS = 60_000;

/** What one guess is aimed at: the account (the body's email) or the emailed token being tried. */
export type GuessTarget = 'email' | 'token';

function targetOf(request: FastifyRequest, target: GuessTarget): string | null {
  const body = request.body as { email?: unknown; token?: unknown } | undefined;
  if (target === 'email') return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : null;
  // A hash keeps tokens out of the limiter's store (Redis) while still counting tries per token.
  return typeof body?.token === 'string' ? createHash('sha256').update(body.token).digest('hex') : null;
}

/**
 * A preHandler limiting one action per client address and per target — the account its body names, or the token it
 * tries (AUTH_RATE_LIMIT_PER_IP and AUTH_RATE_LIMIT_PER_ACCOUNT a minute). Over either limit: 429.
 * Runs after validation, so the per-target key is the validated value. The client address is the connection's
 * unless TRUST_PROXY names the proxy in front (decision 0016), so a forged X-Forwarded-For changes nothing.
 */
export function authRateLimit(app: FastifyInstance, action: string, target: GuessTarget = 'email') {
  const byAddress = app.createRateLimit({
    max: app.config.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `${action}:ip:${request.ip}`,
  });
  const byTarget = app.createRateLimit({
    max: app.config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `${action}:${target}:${targetOf(request, target)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const checks = targetOf(request, target) ? [byAddress, byTarget] : [byAddress];
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new HttpError('RATE_LIMITED', messages.tooManyAttempts);
      }
    }
  };
}
