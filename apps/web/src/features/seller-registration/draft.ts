import type { ComputationMethod } from '@tibay/contract';
import { sessionKeys } from '../../lib/storage-keys.ts';

/**
 * The registration's draft between its steps (spec 3 §4): step 1 stores the company information and the logo (as a
 * data URL), step 2 adds the rates, step 3 the location and submits. It lives in session storage, so a reload keeps
 * it and closing the tab drops it; success clears it. Rates are kept as typed (strings) until they are checked.
 */
export interface RegistrationDraft {
  info?: {
    logo: { dataUrl: string; name: string; type: string } | null;
    parentCompany: 'yes' | 'no' | '';
    motherCompanyId: string;
    companyName: string;
    description: string;
    owner: string;
    emailAddress: string;
  };
  rates?: {
    computationMethod: ComputationMethod;
    smallItemFeeFixed: string;
    bigItemFeeFixed: string;
    smallItemFeePerKM: string;
    bigItemFeePerKM: string;
  };
  location?: { latitude: number; longitude: number; address: string };
}

export function readDraft(): RegistrationDraft {
  try {
    const raw = sessionStorage.getItem(sessionKeys.sellerRegistration);
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    return parsed && typeof parsed === 'object' ? (parsed as RegistrationDraft) : {};
  } catch {
    return {};
  }
}

/** Merges a step into the draft. False when the browser refused it (storage full: a very large logo). */
export function saveDraft(step: Partial<RegistrationDraft>): boolean {
  try {
    sessionStorage.setItem(sessionKeys.sellerRegistration, JSON.stringify({ ...readDraft(), ...step }));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft() {
  sessionStorage.removeItem(sessionKeys.sellerRegistration);
}

export function hasDraft(): boolean {
  const draft = readDraft();
  return Boolean(draft.info || draft.rates || draft.location);
}

/** A base64 data URL back to a file for the upload (decoded here: the page's CSP lets fetch() reach the API only). */
export function fileOfDataUrl(logo: { dataUrl: string; name: string; type: string }): File {
  const comma = logo.dataUrl.indexOf(',');
  const binary = atob(logo.dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], logo.name, { type: logo.type });
}
