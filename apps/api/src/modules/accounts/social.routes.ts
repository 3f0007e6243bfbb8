import {
  loginResponse,
  messages,
  socialConfigResponse,
  socialLinkLoginRequest,
  socialLinksResponse,
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
import { ownSessionUser } from './session-user.ts';
import { socialLogin, socialRegister } from './social.service.ts';
import { linkSignedIn, linkWithPassword, socialLinks, unlinkSignedIn } from './social-links.service.ts';
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

  // Live mode names the public ids the browser's provider scripts need; the secrets never leave the server.
  const publicIds =
    mode === 'live'
      ? {
          ...(providers.google && app.config.GOOGLE_CLIENT_ID ? { googleClientId: app.config.GOOGLE_CLIENT_ID } : {}),
          ...(providers.facebook && app.config.FACEBOOK_APP_ID ? { facebookAppId: app.config.FACEBOOK_APP_ID } : {}),
        }
      : {};
  app.get('/auth/social', { schema: { tags, response: { 200: socialConfigResponse } } }, async () => ({
    mode,
    providers: available,
    ...publicIds,
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

  // The login's answer 409 (the email has an account): the account's password links the provider and logs in.
  app.post(
    '/auth/social/:provider/link-login',
    {
      schema: { tags, params: providerParams, body: socialLinkLoginRequest, response: { 200: loginResponse } },
      preHandler: authRateLimit(app, 'social-link-login'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return linkWithPassword(deps, providers, request.params.provider, request.body, deviceOf(request));
    },
  );

  // The profile page's sign-in methods: list, link while signed in, unlink (the account holder only).
  app.get(
    '/me/social-links',
    { schema: { tags, response: { 200: socialLinksResponse } }, preHandler: app.requireAuth() },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return socialLinks(deps, providers, ownSessionUser(request).id);
    },
  );
  app.post(
    '/me/social-links/:provider',
    {
      schema: { tags, params: providerParams, body: socialTokenRequest, response: { 200: socialLinksResponse } },
      preHandler: [app.requireAuth(), authRateLimit(app, 'social-link')],
    },
    async (request) =>
      linkSignedIn(deps, providers, ownSessionUser(request).id, request.params.provider, request.body.accessToken),
  );
  app.delete(
    '/me/social-links/:provider',
    {
      schema: { tags, params: providerParams, response: { 200: socialLinksResponse } },
      preHandler: app.requireAuth(),
    },
    async (request) => unlinkSignedIn(deps, providers, ownSessionUser(request).id, request.params.provider),
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
