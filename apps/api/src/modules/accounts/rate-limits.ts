import { messages } from '@tibay/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';

const WINDOW_MS = 60_000;

function emailOf(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : null;
}

/**
 * A preHandler limiting one action per client address and, when the body names an email, per account
 * (AUTH_RATE_LIMIT_PER_IP and AUTH_RATE_LIMIT_PER_ACCOUNT a minute). Over either limit: 429.
 * Runs after validation, so the per-account key is the validated email.
 */
export function authRateLimit(app: FastifyInstance, action: string, { perAccount = true } = {}) {
  const byAddress = app.createRateLimit({
    max: app.config.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `${action}:ip:${request.ip}`,
  });
  const byAccount = app.createRateLimit({
    max: app.config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `${action}:account:${emailOf(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const checks = [byAddress];
    if (perAccount && emailOf(request)) checks.push(byAccount);
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new HttpError('RATE_LIMITED', messages.tooManyAttempts);
      }
    }
  };
}
