import type { AccountType } from '@tibay/contract';
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Role } from '../../plugins/auth.ts';

const accountTypes: Record<Role, AccountType> = { buyer: 'Buyer', agent: 'Agent', seller: 'Seller', admin: 'Admin' };

export function accountTypeOf(role: Role): AccountType {
  return accountTypes[role];
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** When the bearer token of an authenticated request expires (epoch seconds; it was verified by requireAuth). */
export function tokenExpiry(request: FastifyRequest): number {
  const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return (token ? decodeJwt(token).exp : undefined) ?? 0;
}

/** Seconds the bearer token of an authenticated request has left. */
export function remainingTokenSeconds(request: FastifyRequest): number {
  return Math.max(0, tokenExpiry(request) - Math.floor(Date.now() / 1000));
}

/** "Chrome 131" and "Windows 10 · desktop" from a User-Agent; plain words when it says nothing useful. */
export function describeDevice(userAgent: string | null): { browser: string; device: string } {
  if (!userAgent) return { browser: 'Unknown browser', device: 'Unknown device' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : 'Unknown browser';
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  const device = [os, parsed.platform.type].filter(Boolean).join(' · ') || 'Unknown device';
  return { browser, device };
}
