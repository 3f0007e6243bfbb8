import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The site's own address for canonical and Open Graph URLs: PUBLIC_URL, or the address the request came to. */
export function siteOrigin(app: FastifyInstance, request: FastifyRequest): string {
  if (app.config.PUBLIC_URL) return app.config.PUBLIC_URL.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}
