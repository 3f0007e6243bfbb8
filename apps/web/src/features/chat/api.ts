import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChatEvent, chatPollMs } from '@tibay/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../lib/api.ts';
import { call, callVia, type Transport } from '../../lib/endpoint.ts';
import * as chatEndpoints from '../../lib/endpoints/chat.ts';
import * as sellersEndpoints from '../../lib/endpoints/sellers.ts';
import { getSession } from '../../lib/session.ts';
import { adminApi, adminHeaders } from '../admin/index.ts';

/**
 * The chat's calls (issue 16, routes under /api/v1/chat and /api/v1/admin/chat) for its three sides: the buyer
 * (stored session), the seller center (the seller's token) and admin-v2 (the admin cookie and CSRF header).
 * Live updates come from one event stream per side and tab; while it cannot connect, the queries poll at the
 * spec's intervals (list 4 s, messages 5 s, support 2 s).
 */

export type ChatSide = 'buyer' | 'seller' | 'admin';

/** The routes a side's conversations use: the buyer's and the seller's under /chat, admin-v2's under /admin/chat. */
const userRoutes = {
  messages: chatEndpoints.messages,
  send: chatEndpoints.send,
  markRead: chatEndpoints.markRead,
  deleteMessage: chatEndpoints.deleteMessage,
  unread: chatEndpoints.unread,
  staffConversations: chatEndpoints.shopConversations,
};
const adminRoutes = {
  messages: chatEndpoints.adminMessages,
  send: chatEndpoints.adminSend,
  markRead: chatEndpoints.adminMarkRead,
  deleteMessage: chatEndpoints.adminDeleteMessage,
  unread: chatEndpoints.adminUnread,
  staffConversations: chatEndpoints.adminConversations,
};

export interface ChatClient {
  side: ChatSide;
  /** How the side's calls go: the buyer's stored session, the seller's token, or the admin cookie and CSRF header. */
  transport: Transport;
  routes: typeof userRoutes | typeof adminRoutes;
  streamPath: string;
  streamHeaders(): Record<string, string> | null;
}

export const buyerChat: ChatClient = {
  side: 'buyer',
  transport: api,
  routes: userRoutes,
  streamPath: '/chat/stream',
  streamHeaders: () => {
    const token = getSession().token;
    return token ? { authorization: `Bearer ${token}` } : null;
  },
};

export function sellerChat(token: string | null): ChatClient {
  return {
    side: 'seller',
    transport: (path, options) => api(path, { ...options, token }),
    routes: userRoutes,
    streamPath: '/chat/stream',
    streamHeaders: () => (token ? { authorization: `Bearer ${token}` } : null),
  };
}

/** Admin-v2's side: the back office's transport (the admin cookie and the CSRF header). */
export const adminChat: ChatClient = {
  side: 'admin',
  transport: adminApi,
  routes: adminRoutes,
  streamPath: '/admin/chat/stream',
  streamHeaders: () => adminHeaders,
};

export const chatKeys = {
  all: (side: ChatSide) => ['chat', side] as const,
  page: (side: ChatSide, id: number, page: number) => ['chat', side, 'page', id, page] as const,
  pages: (side: ChatSide, id: number) => ['chat', side, 'page', id] as const,
  lists: (side: ChatSide) => ['chat', side, 'list'] as const,
  unread: (side: ChatSide) => ['chat', side, 'list', 'unread'] as const,
  buyerConversations: ['chat', 'buyer', 'list', 'sellers'] as const,
  staffConversations: (side: ChatSide) => [...chatKeys.lists(side), 'staff'] as const,
  sellerConversation: (sellerId: number | null) => ['chat', 'buyer', 'seller-conversation', sellerId] as const,
  shopName: (sellerId: number | null) => ['chat', 'buyer', 'shop-name', sellerId] as const,
  supportId: ['chat', 'buyer', 'support-id'] as const,
  admins: ['chat', 'admin', 'admins'] as const,
};

// ---- The live stream: one per side and tab, shared by every screen that listens ----

interface Stream {
  listeners: Set<(event: ChatEvent) => void>;
  /** Screens using the stream: it closes when the last one goes. */
  users: number;
  live: boolean;
  stop: () => void;
}
const streams = new Map<string, Stream>();
const liveListeners = new Set<() => void>();

function streamKey(client: ChatClient) {
  return `${client.side}:${client.streamHeaders()?.authorization ?? ''}`;
}

function setLive(stream: Stream, live: boolean) {
  if (stream.live === live) return;
  stream.live = live;
  for (const listener of liveListeners) listener();
}

/** Reads server-sent events with fetch (an EventSource cannot send the bearer header); reconnects after 3 s. */
function openStream(client: ChatClient, stream: Stream) {
  let controller: AbortController | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const connect = async () => {
    const headers = client.streamHeaders();
    if (!headers || stopped) return;
    controller = new AbortController();
    try {
      const response = await fetch(`/api/v1${client.streamPath}`, { headers, signal: controller.signal });
      if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
      setLive(stream, true);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.startsWith('event: chat') && data) {
            const event = JSON.parse(data.slice(6)) as ChatEvent;
            for (const listener of stream.listeners) listener(event);
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch (error) {
      // Fetch failures are only logged (spec 2 §8); polling covers the gap.
      if ((error as Error).name !== 'AbortError') console.warn('chat stream:', (error as Error).message);
    }
    setLive(stream, false);
    if (!stopped) retry = setTimeout(connect, 3000);
  };
  void connect();
  stream.stop = () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    controller?.abort();
  };
}

/** Listens to the side's stream while mounted. Returns whether the stream is connected (else: poll). */
export function useChatStream(client: ChatClient, enabled = true): boolean {
  const queryClient = useQueryClient();
  const key = enabled ? streamKey(client) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the client (side and token)
  useEffect(() => {
    if (!key || !client.streamHeaders()) return;
    let stream = streams.get(key);
    if (!stream) {
      // One handler per stream, however many screens listen: each event refetches once.
      const onEvent = (event: ChatEvent) => {
        // The lists and counts; and, for a new or deleted message, that conversation's open pages. Nothing else
        // (a shop's name, the support conversation's id) changes with a message.
        void queryClient.invalidateQueries({ queryKey: chatKeys.lists(client.side) });
        if (event.kind === 'message' || event.kind === 'deleted') {
          void queryClient.invalidateQueries({ queryKey: chatKeys.pages(client.side, event.conversation_id) });
        }
      };
      stream = { listeners: new Set([onEvent]), users: 0, live: false, stop: () => {} };
      streams.set(key, stream);
      openStream(client, stream);
    }
    stream.users += 1;
    const current = stream;
    return () => {
      current.users -= 1;
      if (current.users === 0) {
        current.stop();
        streams.delete(key);
      }
    };
  }, [key, queryClient]);
  return useSyncExternalStore(
    (listener) => {
      liveListeners.add(listener);
      return () => liveListeners.delete(listener);
    },
    () => streams.get(key)?.live ?? false,
  );
}

// ---- Queries and mutations ----

export function useMessagesPage(client: ChatClient, id: number | null, page: number, live: boolean, pollMs: number) {
  return useQuery({
    queryKey: chatKeys.page(client.side, id ?? 0, page),
    queryFn: () => callVia(client.transport, client.routes.messages, { params: { id: id ?? 0 }, query: { page } }),
    enabled: id !== null,
    refetchInterval: live ? false : pollMs,
  });
}

export function useSendMessage(client: ChatClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, message }: { conversationId: number; message: string }) =>
      callVia(client.transport, client.routes.send, { params: { id: conversationId }, body: { message } }),
    onSuccess: (sent) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists(client.side) });
      return queryClient.invalidateQueries({ queryKey: chatKeys.pages(client.side, sent.conversation_id) });
    },
  });
}

/** chatseller: the buyer's message to a shop (the first one makes the conversation). */
export function useSendToSeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sellerId, message }: { sellerId: number; message: string }) =>
      call(chatEndpoints.sendToSeller, { params: { sellerId }, body: { message } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all('buyer') }),
  });
}

export function useDeleteMessage(client: ChatClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chat: { id: number; conversation_id: number }) =>
      callVia(client.transport, client.routes.deleteMessage, { params: { id: chat.id } }),
    onSuccess: (_nothing, chat) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists(client.side) });
      return queryClient.invalidateQueries({ queryKey: chatKeys.pages(client.side, chat.conversation_id) });
    },
  });
}

export function markRead(client: ChatClient, conversationId: number) {
  return callVia(client.transport, client.routes.markRead, { params: { id: conversationId } });
}

/** fetchallconvo: the buyer's conversations with sellers. */
export function useBuyerConversations(live: boolean) {
  return useQuery({
    queryKey: chatKeys.buyerConversations,
    queryFn: () => call(chatEndpoints.conversations),
    refetchInterval: live ? false : chatPollMs.list,
  });
}

/** fetchconvo: the buyer's conversation with a shop, if any. */
export function useSellerConversationId(sellerId: number | null) {
  return useQuery({
    queryKey: chatKeys.sellerConversation(sellerId),
    queryFn: () => call(chatEndpoints.sellerConversation, { params: { sellerId: sellerId! } }),
    enabled: sellerId !== null,
  });
}

/** The shop's name for a conversation not started yet (its first page of one product carries the name). */
export function useShopName(sellerId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.shopName(sellerId),
    queryFn: () => call(sellersEndpoints.shop, { params: { handleOrId: sellerId! }, query: { pageSize: 1 } }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** getadmin: the buyer's support conversation. */
export function useSupportConversationId(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.supportId,
    queryFn: () => call(chatEndpoints.support),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUnreadCount(client: ChatClient, enabled: boolean, live: boolean) {
  return useQuery({
    queryKey: chatKeys.unread(client.side),
    queryFn: () => callVia(client.transport, client.routes.unread),
    enabled,
    refetchInterval: live ? false : chatPollMs.list,
  });
}

/** The staff side's inbox: the seller's shop conversations, or admin-v2's support conversations. */
export function useStaffConversations(client: ChatClient, live: boolean) {
  return useQuery({
    queryKey: chatKeys.staffConversations(client.side),
    queryFn: () => callVia(client.transport, client.routes.staffConversations),
    refetchInterval: live ? false : chatPollMs.list,
  });
}

export function useChatAdmins() {
  return useQuery({
    queryKey: chatKeys.admins,
    queryFn: () => callVia(adminApi, chatEndpoints.admins),
    staleTime: 60_000,
  });
}

export function useAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, adminId }: { conversationId: number; adminId: number | null }) =>
      callVia(adminApi, chatEndpoints.assign, { params: { id: conversationId }, body: { admin_id: adminId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.lists('admin') }),
  });
}
