import type { ChatEvent } from '@tibay/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Listen } from '../../db/client.ts';

/** The NOTIFY channel of the chat (decision 0034). */
export const CHAT_CHANNEL = 'tibay_chat';

/** What a NOTIFY carries: the event and who may hear it (never the text: it is read afresh with access checks). */
export interface ChatNotice extends ChatEvent {
  buyer_id: number;
  seller_id: number | null;
  support: boolean;
}

/** Who a stream listens for: a user (their own conversations as a buyer), the shops they own, or the admins. */
export type Audience = `user:${number}` | `shop:${number}` | 'admins';

type Subscriber = (event: ChatEvent) => void;

/**
 * One LISTEN per process fans the chat's notices out to this process's open streams. Every API process listens,
 * so a message written through one reaches the streams held by any other.
 */
export class ChatHub {
  private readonly subscribers = new Map<Audience, Set<Subscriber>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  async start(listen: Listen): Promise<void> {
    this.stopListening = await listen(CHAT_CHANNEL, (payload) => this.dispatch(payload));
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    // The database may already be closing: nothing is left to stop then.
    await stop?.().catch(() => {});
    this.subscribers.clear();
  }

  /** Open streams in this process. */
  get streamCount(): number {
    const all = new Set<Subscriber>();
    for (const set of this.subscribers.values()) for (const subscriber of set) all.add(subscriber);
    return all.size;
  }

  subscribe(audiences: Audience[], subscriber: Subscriber): () => void {
    for (const audience of audiences) {
      let set = this.subscribers.get(audience);
      if (!set) {
        set = new Set();
        this.subscribers.set(audience, set);
      }
      set.add(subscriber);
    }
    return () => {
      for (const audience of audiences) {
        const set = this.subscribers.get(audience);
        set?.delete(subscriber);
        if (set?.size === 0) this.subscribers.delete(audience);
      }
    };
  }

  private dispatch(payload: string) {
    let notice: ChatNotice;
    try {
      notice = JSON.parse(payload) as ChatNotice;
    } catch {
      this.log.warn({ payload }, 'chat: a notice that is not JSON');
      return;
    }
    const audiences: Audience[] = [`user:${notice.buyer_id}`];
    if (notice.seller_id !== null) audiences.push(`shop:${notice.seller_id}`);
    if (notice.support) audiences.push('admins');
    const event: ChatEvent = {
      conversation_id: notice.conversation_id,
      kind: notice.kind,
      message_id: notice.message_id,
    };
    // A subscriber in two audiences (a seller writing to another shop) hears the event once.
    const reached = new Set<Subscriber>();
    for (const audience of audiences) {
      for (const subscriber of this.subscribers.get(audience) ?? []) {
        if (reached.has(subscriber)) continue;
        reached.add(subscriber);
        subscriber(event);
      }
    }
  }
}
