import { type ErrorBody, messages } from '@tibay/contract';
import { getSession } from './session.ts';

/** An error answered by the API, with the server's message (shown to the user as is). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorBody['error']['code'],
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type Listener = () => void;
const sessionExpiredListeners = new Set<Listener>();
/** A 401 for the stored token that arrived before anyone listened (the first calls can beat the frame's effect). */
let unheardSessionExpiry = false;
/**
 * The frame listens here to run the spec's session-expiry behaviour whenever the server refuses the stored token
 * (401): expired, ended by a password change or a logout elsewhere, or no longer valid at all (say, after the
 * signing secret was rotated). Any of these leaves the stored session useless.
 */
export function onSessionExpired(listener: Listener) {
  sessionExpiredListeners.add(listener);
  if (unheardSessionExpiry) {
    unheardSessionExpiry = false;
    listener();
  }
  return () => sessionExpiredListeners.delete(listener);
}

function announceSessionExpired() {
  if (sessionExpiredListeners.size === 0) unheardSessionExpiry = true;
  for (const listener of sessionExpiredListeners) listener();
}

/**
 * Whether a token is the buyer site's stored session (or the agent's own token), not a token passed in for another
 * purpose or one already replaced (an agent's previous impersonation token answering late).
 */
function isStoredToken(token: string): boolean {
  const session = getSession();
  return token === session.token || token === session.agentToken;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Overrides the stored auth token (e.g. the agent token). */
  token?: string | null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Calls the API under /api/v1 with the session's bearer token. JSON in, JSON out; FormData sent as is. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token === undefined ? getSession().token : options.token;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'INTERNAL', 'Cannot reach Tibay. Please check your connection.');
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as (T & Partial<ErrorBody>) | null;
  if (!response.ok) {
    const error = data?.error;
    if (response.status === 401 && token && isStoredToken(token)) announceSessionExpired();
    throw new ApiError(
      response.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? messages.serverError,
      error?.fields,
    );
  }
  return data as T;
}
