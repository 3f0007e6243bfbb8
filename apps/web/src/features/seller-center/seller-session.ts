import { type ErrorBody, messages } from '@tibay/contract';
import { useSyncExternalStore } from 'react';
import { ApiError, api, type RequestOptions } from '../../lib/api.ts';
import { localKeys } from '../../lib/storage-keys.ts';

/**
 * The seller center's own session (spec 1 §1: sellers have their own separate site with its own login). The token
 * lives under its own key, apart from the buyer's authToken, so a buyer session and a seller session never mix.
 */

const listeners = new Set<() => void>();

function current(): string | null {
  const token = localStorage.getItem(localKeys.sellerToken);
  const expires = localStorage.getItem(localKeys.sellerExpiresAt);
  if (!token) return null;
  if (expires && Date.parse(expires) <= Date.now()) return null;
  return token;
}

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useSellerToken(): string | null {
  return useSyncExternalStore(subscribe, current, current);
}

export function storeSellerSession(token: string, expiresAt: string) {
  localStorage.setItem(localKeys.sellerToken, token);
  localStorage.setItem(localKeys.sellerExpiresAt, expiresAt);
  notify();
}

export function clearSellerSession() {
  localStorage.removeItem(localKeys.sellerToken);
  localStorage.removeItem(localKeys.sellerExpiresAt);
  notify();
}

/**
 * The seller center's transport (see lib/endpoint.ts): the API with the seller's token; an ended session (401)
 * signs the seller out of the seller center.
 */
export async function sellerApi(path: string, options: RequestOptions): Promise<unknown> {
  const token = current();
  if (!token) {
    clearSellerSession();
    throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in to the seller center.');
  }
  try {
    return await api(path, { ...options, token });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearSellerSession();
    throw error;
  }
}

/**
 * Fetches a private file the API serves to the signed-in seller (e.g. an order's purchase order) with the seller's
 * bearer token — a plain link cannot send it. `url` is the API path as the API gives it (/api/v1/seller/...).
 */
export async function sellerFile(url: string): Promise<Blob> {
  const token = current();
  if (!token) {
    clearSellerSession();
    throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in to the seller center.');
  }
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  } catch {
    throw new ApiError(0, 'INTERNAL', 'Cannot reach Tibay. Please check your connection.');
  }
  if (!response.ok) {
    if (response.status === 401) clearSellerSession();
    const body = (await response.json().catch(() => null)) as ErrorBody | null;
    throw new ApiError(response.status, body?.error.code ?? 'INTERNAL', body?.error.message ?? messages.serverError);
  }
  return response.blob();
}

/**
 * Uploads one file as multipart 'file' with upload progress (fetch cannot report it; XMLHttpRequest can).
 * onProgress gets 0-100.
 */
export function uploadWithProgress<T>(path: string, file: File, onProgress: (percent: number) => void): Promise<T> {
  const token = current();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'INTERNAL', 'Cannot reach Tibay. Please check your connection.'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as T);
        return;
      }
      if (xhr.status === 401) clearSellerSession();
      const error = (body as Partial<ErrorBody> | null)?.error;
      const message =
        error?.message ?? (xhr.status === 413 ? 'The file is too large.' : 'Something went wrong. Please try again.');
      reject(new ApiError(xhr.status, error?.code ?? 'INTERNAL', message));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
