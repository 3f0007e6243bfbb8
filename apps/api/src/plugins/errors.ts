import { type ErrorBody, messages } from '@tibay/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../http/http-error.ts';

/** Turns every error into the uniform body `{ error: { code, message, fields? } }`; never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        // Root-level issues (unknown keys) have instancePath '/' and no nested issue: name the keys instead.
        const params = issue.params as { issue?: { path?: PropertyKey[] }; keys?: string[] };
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          params.issue?.path?.map(String).join('.') ||
          params.keys?.join(',') ||
          '_';
        fields[key] ??= issue.message ?? 'Invalid value.';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request.';
      return reply.status(400).send(body('VALIDATION', first, fields));
    }
    // What still reaches the database malformed (a value out of range, an invalid text): the client's fault, not ours.
    if (postgresErrorClass(error) === '22') {
      return reply.status(400).send(body('VALIDATION', messages.valueOutOfRange));
    }
    if (isBrokenMultipart(error)) return reply.status(400).send(body('VALIDATION', messages.brokenUpload));
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED', messages.tooManyAttempts));
    if (status === 413) return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'The file is too large.'));
    if (status === 415)
      return reply.status(415).send(body('UNSUPPORTED_MEDIA_TYPE', 'This file type is not accepted.'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): safe, short messages.
      return reply.status(status).send(body('VALIDATION', error.message || 'Invalid request.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', messages.serverError));
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send(body('NOT_FOUND', messages.notFound));
  });
});

/** The two-character class of a PostgreSQL error (SQLSTATE), looking through Drizzle's wrapper. */
function postgresErrorClass(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code.slice(0, 2);
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A multipart body cut short or without its boundary, as busboy and @fastify/multipart report it. */
function isBrokenMultipart(error: FastifyError): boolean {
  if (error.statusCode && error.statusCode < 500) return false;
  return /unexpected end of (form|multipart)|malformed part header|boundary not found|multipart: boundary/i.test(
    error.message,
  );
}

function body(code: ErrorBody['error']['code'], message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}
