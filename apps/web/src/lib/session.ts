import type { Customer, LoginResponse } from '@tibay/contract';
import { useSyncExternalStore } from 'react';
import { localKeys } from './storage-keys.ts';

/**
 * The browser session, kept in localStorage under the spec's keys.
 * Components read it with useSession(); every write goes through the functions here,
 * which notify subscribers (and other tabs through the storage event).
 */
export interface Session {
  token: string | null;
  userId: number | null;
  userName: string | null;
  accountType: LoginResponse['account_type'] | null;
  user: Customer | null;
  /** Set for agents: the agent's own token, kept while acting for a customer. */
  agentToken: string | null;
  agentData: Pick<LoginResponse, 'id' | 'name'> | null;
  /** True while an agent acts for one of its customers (auth token differs from the agent token). */
  impersonating: boolean;
  rpafStatus: string | null;
}

const listeners = new Set<() => void>();
let cached: Session | null = null;

function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function read(): Session {
  const token = localStorage.getItem(localKeys.authToken);
  const agentToken = localStorage.getItem(localKeys.agentToken);
  const userId = localStorage.getItem(localKeys.userId);
  const user = readJson<Customer>(localKeys.user);
  return {
    token,
    userId: userId ? Number(userId) : null,
    userName: localStorage.getItem(localKeys.userName),
    accountType: (user?.account_type ?? null) as Session['accountType'],
    user,
    agentToken,
    agentData: readJson(localKeys.agentData),
    impersonating: Boolean(agentToken && token && agentToken !== token),
    rpafStatus: localStorage.getItem(localKeys.rpafStatus),
  };
}

export function getSession(): Session {
  cached ??= read();
  return cached;
}

export function notifySessionChanged() {
  cached = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = () => notifySessionChanged();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Stores a successful login (spec 1 §7: store tokens and user). */
export function storeLogin(response: LoginResponse, user: Customer) {
  localStorage.setItem(localKeys.authToken, response.token);
  localStorage.setItem(localKeys.authExpiresAt, response.expiresAt);
  localStorage.setItem(localKeys.userId, String(response.id));
  localStorage.setItem(localKeys.userName, response.name);
  localStorage.setItem(localKeys.user, JSON.stringify(user));
  if (response.rpafDetail) localStorage.setItem(localKeys.rpafStatus, response.rpafDetail.status);
  else localStorage.removeItem(localKeys.rpafStatus);
  if (response.account_type === 'Agent') {
    localStorage.setItem(localKeys.agentToken, response.token);
    localStorage.setItem(localKeys.agentExpiresAt, response.expiresAt);
    localStorage.setItem(localKeys.agentData, JSON.stringify({ id: response.id, name: response.name }));
  }
  notifySessionChanged();
}

/** Replaces the stored customer (after the customer-data call). */
export function storeUser(user: Customer) {
  localStorage.setItem(localKeys.user, JSON.stringify(user));
  localStorage.setItem(localKeys.userId, String(user.id));
  localStorage.setItem(localKeys.userName, `${user.first_name} ${user.last_name}`);
  notifySessionChanged();
}

/**
 * Stores the BuildCredit application status of the user the token names (spec 1 §3 rpafStatus): the BuildCredit
 * navigation follows it, so an agent acting for a customer sees the customer's.
 */
export function storeRpafStatus(rpafDetail: { status: string } | null) {
  if (rpafDetail) localStorage.setItem(localKeys.rpafStatus, rpafDetail.status);
  else localStorage.removeItem(localKeys.rpafStatus);
  notifySessionChanged();
}

/** Swaps the auth token (agent impersonation and return). */
export function storeAuthToken(token: string, expiresAt: string) {
  localStorage.setItem(localKeys.authToken, token);
  localStorage.setItem(localKeys.authExpiresAt, expiresAt);
  notifySessionChanged();
}

/** The seller center's own session: a separate site with its own login (spec 1 §1), which the buyer's logout leaves. */
const sellerSessionKeys: readonly string[] = [localKeys.sellerToken, localKeys.sellerExpiresAt];

/**
 * Logout and expiry (spec 1 §4: "Logout clears all storage"): clears the buyer site's storage — the spec 1 §3 keys
 * (authToken, agentToken, agentData, user, userId, userName, rpafStatus, globalAddress, globalCoordinates,
 * modalShown, micrositeHandle), our expiry times, the placed-order summaries kept for /order-complete (they hold
 * the buyer's orders) and all of session storage — but not the seller center's session, which the seller ends
 * with the seller center's own Logout.
 */
export function clearSession() {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key !== null && !sellerSessionKeys.includes(key)) keys.push(key);
  }
  for (const key of keys) localStorage.removeItem(key);
  sessionStorage.clear();
  notifySessionChanged();
}

/** The auth token's expiry time in ms, or null. */
export function authExpiresAt(): number | null {
  const value = localStorage.getItem(localKeys.authExpiresAt);
  return value ? Date.parse(value) : null;
}
