import {
  assignInput,
  type ChatEvent,
  chatAdminList,
  chatPage,
  chatPageQuery,
  chatSendInput,
  chatSendLimit,
  chatSent,
  chatUnread,
  conversationIdResponse,
  chatMessages as m,
  staffConversationList,
  userConversationList,
} from '@tibay/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import * as chat from './chat.service.ts';
import type { Audience, ChatHub } from './chat-hub.ts';

const tags = ['chat'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const sellerParams = z.object({ sellerId: z.coerce.number().int().positive().max(2_147_483_647) });
/** A stream stays open; a comment line every 25 s keeps proxies from closing it as idle. */
const HEARTBEAT_MS = 25_000;
/** Open streams one account may hold (tabs, phone, seller center): more is a leak or abuse. */
const STREAMS_PER_ACCOUNT = 12;

/** The chat's HTTP routes (issue 16): the buyer's and the seller's under /chat (bearer), support under /admin/chat. */
export async function chatRoutes(fastify: FastifyInstance, options: { hub: ChatHub }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const { hub } = options;
  const signedIn = app.requireAuth();
  const admins = app.requireAdmin;

  // Messages per account a minute, over every send route, on top of the general write limit (decision 0018).
  const sendLimit = app.createRateLimit({
    max: chatSendLimit.max,
    timeWindow: chatSendLimit.windowMs,
    keyGenerator: (request) => `chat-send:user:${request.user?.id}`,
  });
  async function limitSends(request: FastifyRequest, reply: FastifyReply) {
    const result = await sendLimit(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new HttpError('RATE_LIMITED', m.tooFast);
    }
  }

  const viewer = (request: FastifyRequest): chat.Viewer => {
    if (!request.user) throw new HttpError('UNAUTHENTICATED', 'Please log in.');
    return { userId: request.user.id, admin: request.admin !== null && request.user.role === 'admin' };
  };

  // ---- The buyer's side (and the seller's answers), bearer token ----

  app.get(
    '/chat/conversations',
    { schema: { tags, response: { 200: userConversationList } }, preHandler: signedIn },
    async (request) => chat.buyerConversations(deps, viewer(request)),
  );

  app.get(
    '/chat/sellers/:sellerId/conversation',
    { schema: { tags, params: sellerParams, response: { 200: conversationIdResponse } }, preHandler: signedIn },
    async (request) => chat.sellerConversationId(deps, viewer(request), request.params.sellerId),
  );

  app.post(
    '/chat/sellers/:sellerId/messages',
    { schema: { tags, params: sellerParams, response: { 201: chatSent } }, preHandler: [signedIn, limitSends] },
    async (request, reply) => {
      const input = parseOrRefuse(chatSendInput, request.body);
      reply.code(201);
      return chat.sendToSeller(deps, viewer(request), request.params.sellerId, input.message);
    },
  );

  app.get(
    '/chat/support',
    { schema: { tags, response: { 200: conversationIdResponse } }, preHandler: signedIn },
    async (request) => chat.supportConversationId(deps, viewer(request)),
  );

  app.get(
    '/chat/conversations/:id/messages',
    {
      schema: { tags, params: idParams, querystring: chatPageQuery, response: { 200: chatPage } },
      preHandler: signedIn,
    },
    async (request) => chat.messagesPage(deps, viewer(request), request.params.id, request.query.page),
  );

  app.post(
    '/chat/conversations/:id/messages',
    { schema: { tags, params: idParams, response: { 201: chatSent } }, preHandler: [signedIn, limitSends] },
    async (request, reply) => {
      const input = parseOrRefuse(chatSendInput, request.body);
      reply.code(201);
      return chat.sendInConversation(deps, viewer(request), request.params.id, input.message);
    },
  );

  app.post(
    '/chat/conversations/:id/read',
    { schema: { tags, params: idParams }, preHandler: signedIn },
    async (request, reply) => {
      await chat.markRead(deps, viewer(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/chat/messages/:id',
    { schema: { tags, params: idParams }, preHandler: signedIn },
    async (request, reply) => {
      await chat.deleteMessage(deps, viewer(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get('/chat/unread', { schema: { tags, response: { 200: chatUnread } }, preHandler: signedIn }, async (request) =>
    chat.unreadCount(deps, viewer(request)),
  );

  /** The seller center's Messages inbox. */
  app.get(
    '/chat/shop/conversations',
    { schema: { tags, response: { 200: staffConversationList } }, preHandler: signedIn },
    async (request) => chat.shopConversations(deps, viewer(request)),
  );

  app.get('/chat/stream', { schema: { tags, hide: true }, preHandler: signedIn }, async (request, reply) =>
    openStream(request, reply, await chat.audiencesOf(deps, viewer(request))),
  );

  // ---- admin-v2's Support inbox, admin session cookie ----

  app.get(
    '/admin/chat/conversations',
    { schema: { tags, response: { 200: staffConversationList } }, preHandler: admins },
    async () => chat.supportConversations(deps),
  );

  app.get('/admin/chat/admins', { schema: { tags, response: { 200: chatAdminList } }, preHandler: admins }, async () =>
    chat.administrators(deps),
  );

  app.get(
    '/admin/chat/conversations/:id/messages',
    { schema: { tags, params: idParams, querystring: chatPageQuery, response: { 200: chatPage } }, preHandler: admins },
    async (request) => chat.messagesPage(deps, viewer(request), request.params.id, request.query.page),
  );

  app.post(
    '/admin/chat/conversations/:id/messages',
    { schema: { tags, params: idParams, response: { 201: chatSent } }, preHandler: [admins, limitSends] },
    async (request, reply) => {
      const input = parseOrRefuse(chatSendInput, request.body);
      reply.code(201);
      return chat.sendInConversation(deps, viewer(request), request.params.id, input.message);
    },
  );

  app.post(
    '/admin/chat/conversations/:id/read',
    { schema: { tags, params: idParams }, preHandler: admins },
    async (request, reply) => {
      await chat.markRead(deps, viewer(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/admin/chat/conversations/:id/assignee',
    { schema: { tags, params: idParams }, preHandler: admins },
    async (request, reply) => {
      const input = parseOrRefuse(assignInput, request.body);
      await chat.assign(deps, viewer(request), request.params.id, input.admin_id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/admin/chat/messages/:id',
    { schema: { tags, params: idParams }, preHandler: admins },
    async (request, reply) => {
      await chat.deleteMessage(deps, viewer(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/admin/chat/unread',
    { schema: { tags, response: { 200: chatUnread } }, preHandler: admins },
    async (request) => chat.unreadCount(deps, viewer(request)),
  );

  app.get('/admin/chat/stream', { schema: { tags, hide: true }, preHandler: admins }, async (request, reply) =>
    openStream(request, reply, ['admins']),
  );

  const streamsByAccount = new Map<number, number>();
  /** Open streams end when the app closes (a held response would keep the server from closing). */
  const openStreams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of openStreams) end();
  });

  /**
   * Server-sent events (decision 0034): `event: chat` with a ChatEvent whenever a conversation the caller may read
   * changes. The stream carries no text: the client reads the conversation again, through the access checks.
   */
  function openStream(request: FastifyRequest, reply: FastifyReply, audiences: Audience[]) {
    const accountId = request.user?.id ?? 0;
    const open = streamsByAccount.get(accountId) ?? 0;
    if (open >= STREAMS_PER_ACCOUNT) throw new HttpError('RATE_LIMITED', m.tooManyStreams);
    streamsByAccount.set(accountId, open + 1);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies (nginx) must pass each event on at once.
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: 3000\n: connected\n\n`);
    const send = (event: ChatEvent) => raw.write(`event: chat\ndata: ${JSON.stringify(event)}\n\n`);
    const unsubscribe = hub.subscribe(audiences, send);
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      openStreams.delete(end);
      clearInterval(heartbeat);
      unsubscribe();
      const left = (streamsByAccount.get(accountId) ?? 1) - 1;
      if (left <= 0) streamsByAccount.delete(accountId);
      else streamsByAccount.set(accountId, left);
    };
    const end = () => {
      close();
      raw.end();
    };
    openStreams.add(end);
    request.raw.on('close', close);
    raw.on('close', close);
    raw.on('error', close);
  }
}
