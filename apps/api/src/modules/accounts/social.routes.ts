import {
  loginResponse,
  messages,
  socialConfigResponse,
  socialProviders,
  socialTokenRequest,
  successMessage,
} from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { sendSandboxPage } from '../../lib/sandbox-page.ts';
import { deviceOf } from '../../plugins/auth.ts';
import { authRateLimit } from './rate-limits.ts';
import { socialLogin, socialRegister } from './social.service.ts';
import { socialProvidersFrom } from './social-providers.ts';
import { sandboxPage, sandboxQuery, sandboxSignIn } from './social-sandbox.ts';

const providerParams = z.object({ provider: z.enum(socialProviders) });

/**
 * Google and Facebook sign-in (decision 0031): which buttons to show, register and log in with a provider's token,
 * and, when SOCIAL_SIGNIN=sandbox, the local stand-in for the providers' consent screens.
 */
export async function socialRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const providers = socialProvidersFrom(app.config);
  const available = socialProviders.filter((name) => providers[name]);
  const mode = available.length ? app.config.SOCIAL_SIGNIN : 'off';
  const tags = ['accounts'];

  app.get('/auth/social', { schema: { tags, response: { 200: socialConfigResponse } } }, async () => ({
    mode,
    providers: available,
  }));

  app.post(
    '/auth/social/:provider/register',
    {
      schema: { tags, params: providerParams, body: socialTokenRequest, response: { 201: successMessage } },
      preHandler: authRateLimit(app, 'social-register'),
    },
    async (request, reply) => {
      const result = await socialRegister(deps, providers, request.params.provider, request.body.accessToken);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/auth/social/:provider/login',
    {
      schema: { tags, params: providerParams, body: socialTokenRequest, response: { 200: loginResponse } },
      preHandler: authRateLimit(app, 'social-login'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { provider } = request.params;
      return socialLogin(deps, providers, provider, request.body.accessToken, deviceOf(request));
    },
  );
}

/** The sandbox consent screen at /sandbox-social/{provider} (registered at the site's root, sandbox mode only). */
export async function socialSandboxPageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (app.config.SOCIAL_SIGNIN !== 'sandbox' || app.config.NODE_ENV === 'production') return;
  // The page's form posts application/x-www-form-urlencoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // Plain HTML, no script (the app's CSP stays as it is), like the sandbox gateway's page.
  app.get(
    '/sandbox-social/:provider',
    { schema: { hide: true, params: providerParams, querystring: sandboxQuery } },
    async (request, reply) => sendSandboxPage(reply, 200, sandboxPage(request.params.provider, request.query)),
  );
  app.post('/sandbox-social/:provider', { schema: { hide: true, params: providerParams } }, async (request, reply) => {
    const location = await sandboxSignIn(app.config, request.params.provider, request.body);
    if (!location) throw new HttpError('VALIDATION', messages.socialLoginError);
    return reply.redirect(location, 303);
  });
}
