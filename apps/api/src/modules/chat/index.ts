import type { FastifyInstance } from 'fastify';
import { chatRoutes } from './chat.routes.ts';
import { ChatHub } from './chat-hub.ts';

/**
 * Chat (issue 16): buyers with sellers and with Tibay support, delivered live by server-sent events fed by
 * PostgreSQL LISTEN/NOTIFY (decision 0034).
 */
export async function chatModule(app: FastifyInstance) {
  const hub = new ChatHub(app.log);
  await hub.start(app.dbListen);
  app.addHook('onClose', async () => hub.stop());
  await app.register(chatRoutes, { hub });
}

export { ChatHub } from './chat-hub.ts';
