import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_CSRF_HEADER,
  ADMIN_CSRF_VALUE,
  type ChatAdminList,
  type ChatEvent,
  type ChatPage,
  type ChatSent,
  type ChatUnread,
  type ConversationIdResponse,
  chatPollMs,
  type StaffConversationList,
  type UserConversationList,
} from '@tibay/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { api, type RequestOptions } from '../../lib/api.ts';
import { getSession } from '../../lib/session.ts';

/**
 * The chat's calls (issue 16, routes under /api/v1/chat and /api/v1/admin/chat) for its three sides: the buyer
 * (stored session), the seller center (the seller's token) and admin-v2 (the admin cookie and CSRF header).
 * Live updates come from one event stream per side and tab; while it cannot connect, the queries poll at the
 * spec's intervals (list 4 s, messages 5 s, support 2 s).
 */

export type ChatSide = 'buyer' | 'seller' | 'admin';

export interface ChatClient {
  side: ChatSide;
  call<T>(path: string, options?: Omit<RequestOptions, 'token'>): Promise<T>;
  /** The path of a conversation's routes: /chat/conversations/{id} or /admin/chat/conversations/{id}. */
  conversationPath(id: number): string;
  messagePath(id: number): string;
  streamPath: string;
  streamHeaders(): Record<string, string> | null;
}

export const buyerChat: ChatClient = {
  side: 'buyer',
  call: (path, options) => api(path, options),
  conversationPath: (id) => `/chat/conversations/${id}`,
  messagePath: (id) => `/chat/messages/${id}`,
  streamPath: '/chat/stream',
  streamHeaders: () => {
    const token = getSession().token;
    return token ? { authorization: `Bearer ${token}` } : null;
  },
};

export function sellerChat(token: string | null): ChatClient {
  return {
    side: 'seller',
    call: (path, options) => api(path, { ...options, token }),
    conversationPath: (id) => `/chat/conversations/${id}`,
    messagePath: (id) => `/chat/messages/${id}`,
    streamPath: '/chat/stream',
    streamHeaders: () => (token ? { authorization: `Bearer ${token}` } : null),
  };
}

const csrf = { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };
export const adminChat: ChatClient = {
  side: 'admin',
  call: (path, options) => api(path, { ...options, token: null, headers: { ...options?.headers, ...csrf } }),
  conversationPath: (id) => `/admin/chat/conversations/${id}`,
  messagePath: (id) => `/admin/chat/messages/${id}`,
  streamPath: '/admin/chat/stream',
  streamHeaders: () => csrf,
};

export const chatKeys = {
  all: (side: ChatSide) => ['chat', side] as const,
  page: (side: ChatSide, id: number, page: number) => ['chat', side, 'page', id, page] as const,
  pages: (side: ChatSide, id: number) => ['chat', side, 'page', id] as const,
  lists: (side: ChatSide) => ['chat', side, 'list'] as const,
  unread: (side: ChatSide) => ['chat', side, 'list', 'unread'] as const,
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
    queryFn: () => client.call<ChatPage>(`${client.conversationPath(id ?? 0)}/messages?page=${page}`),
    enabled: id !== null,
    refetchInterval: live ? false : pollMs,
  });
}

export function useSendMessage(client: ChatClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, message }: { conversationId: number; message: string }) =>
      client.call<ChatSent>(`${client.conversationPath(conversationId)}/messages`, {
        method: 'POST',
        body: { message },
      }),
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
      api<ChatSent>(`/chat/sellers/${sellerId}/messages`, { method: 'POST', body: { message } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all('buyer') }),
  });
}

export function useDeleteMessage(client: ChatClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chat: { id: number; conversation_id: number }) =>
      client.call<void>(client.messagePath(chat.id), { method: 'DELETE' }),
    onSuccess: (_nothing, chat) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists(client.side) });
      return queryClient.invalidateQueries({ queryKey: chatKeys.pages(client.side, chat.conversation_id) });
    },
  });
}

export function markRead(client: ChatClient, conversationId: number) {
  return client.call<void>(`${client.conversationPath(conversationId)}/read`, { method: 'POST' });
}

/** fetchallconvo: the buyer's conversations with sellers. */
export function useBuyerConversations(live: boolean) {
  return useQuery({
    queryKey: [...chatKeys.lists('buyer'), 'sellers'],
    queryFn: () => api<UserConversationList>('/chat/conversations'),
    refetchInterval: live ? false : chatPollMs.list,
  });
}

/** fetchconvo: the buyer's conversation with a shop, if any. */
export function useSellerConversationId(sellerId: number | null) {
  return useQuery({
    queryKey: ['chat', 'buyer', 'seller-conversation', sellerId],
    queryFn: () => api<ConversationIdResponse>(`/chat/sellers/${sellerId}/conversation`),
    enabled: sellerId !== null,
  });
}

/** getadmin: the buyer's support conversation. */
export function useSupportConversationId(enabled: boolean) {
  return useQuery({
    queryKey: ['chat', 'buyer', 'support-id'],
    queryFn: () => api<ConversationIdResponse>('/chat/support'),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUnreadCount(client: ChatClient, enabled: boolean, live: boolean) {
  const path = client.side === 'admin' ? '/admin/chat/unread' : '/chat/unread';
  return useQuery({
    queryKey: chatKeys.unread(client.side),
    queryFn: () => client.call<ChatUnread>(path),
    enabled,
    refetchInterval: live ? false : chatPollMs.list,
  });
}

/** The staff side's inbox: the seller's shop conversations, or admin-v2's support conversations. */
export function useStaffConversations(client: ChatClient, live: boolean) {
  const path = client.side === 'admin' ? '/admin/chat/conversations' : '/chat/shop/conversations';
  return useQuery({
    queryKey: [...chatKeys.lists(client.side), 'staff'],
    queryFn: () => client.call<StaffConversationList>(path),
    refetchInterval: live ? false : chatPollMs.list,
  });
}

export function useChatAdmins() {
  return useQuery({
    queryKey: ['chat', 'admin', 'admins'],
    queryFn: () => adminChat.call<ChatAdminList>('/admin/chat/admins'),
    staleTime: 60_000,
  });
}

export function useAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, adminId }: { conversationId: number; adminId: number | null }) =>
      adminChat.call<void>(`/admin/chat/conversations/${conversationId}/assignee`, {
        method: 'PUT',
        body: { admin_id: adminId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.lists('admin') }),
  });
}
