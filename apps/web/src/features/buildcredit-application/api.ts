import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreditApplication,
  type CreditFileKind,
  type CreditForm1,
  type CreditForm2,
  type ErrorBody,
  type IslandGroup,
  messages,
} from '@tibay/contract';
import { ApiError } from '../../lib/api.ts';
import { buildCreditKeys } from '../../lib/customer.ts';
import { call, pathOf } from '../../lib/endpoint.ts';
import * as rpaf from '../../lib/endpoints/rpaf.ts';
import { getSession, storeRpafStatus, useSession } from '../../lib/session.ts';

/** The BuildCredit application's calls (spec 3 §7) and query keys. */
export const buildCreditApplicationKeys = {
  all: ['rpaf'] as const,
  application: (userId: number | null) => ['rpaf', 'application', userId] as const,
  options: ['rpaf', 'options'] as const,
  places: (islandGroup: IslandGroup, area: string, city: string) =>
    ['rpaf', 'places', islandGroup, area, city] as const,
  file: (field: CreditFileKind, version: string | null) => ['rpaf', 'file', field, version] as const,
};

/** The buyer's saved application (null before the first save) and the profile's id, email and phone. */
export function useApplication() {
  const { userId, token } = useSession();
  return useQuery({
    queryKey: buildCreditApplicationKeys.application(userId),
    queryFn: ({ signal }) => call(rpaf.application, { signal }),
    enabled: Boolean(token),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The credit limit and credit terms option lists, both from the server. */
export function useCreditOptions() {
  return useQuery({
    queryKey: buildCreditApplicationKeys.options,
    queryFn: async ({ signal }) => {
      const [limits, terms] = await Promise.all([
        call(rpaf.creditLimits, { signal }),
        call(rpaf.creditDateLimits, { signal }),
      ]);
      return {
        limits: limits.results.map((row) => row.credit_limit),
        terms: terms.results.map((row) => row.date_check),
      };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** One level of the PSGC cascade: the areas of an island group, the cities of an area, the barangays of a city. */
export function usePlaces(islandGroup: IslandGroup, area: string, city: string, enabled: boolean) {
  return useQuery({
    queryKey: buildCreditApplicationKeys.places(islandGroup, area, city),
    queryFn: ({ signal }) =>
      call(rpaf.places, {
        query: { islandGroup, ...(area ? { area } : {}), ...(city ? { city } : {}) },
        signal,
      }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    select: (answer) => answer.items,
  });
}

function useSaved() {
  const client = useQueryClient();
  const { userId } = useSession();
  return (application: CreditApplication) => {
    client.setQueryData(
      buildCreditApplicationKeys.application(userId),
      (old: { customerDetail: unknown } | undefined) => (old ? { ...old, rpafDetail: application } : old),
    );
    storeRpafStatus({ status: application.status });
  };
}

export function useSaveForm1() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (input: { draft: boolean; form: CreditForm1 }) =>
      call(rpaf.saveForm1, { body: { draft: input.draft, form_1: input.form } }),
    onSuccess: saved,
  });
}

export function useSaveForm2() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (input: { draft: boolean; form: CreditForm2 }) =>
      call(rpaf.saveForm2, { body: { draft: input.draft, form_2: input.form } }),
    onSuccess: saved,
  });
}

/** The final submission: Draft (SAVE AS DRAFT) or Pending (SUBMIT). */
export function useSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { status: 'Draft' | 'Pending'; termsAccepted: boolean }) =>
      call(rpaf.submission, { body: input }),
    // The cached application is left as it is: the consent page's 'Submitted Successfully!' dialog must stay up
    // (a Pending application is shown locked); every page reads the application afresh when it opens. The
    // BuildCredit menu's summary is read again.
    onSuccess: (answer) => {
      storeRpafStatus({ status: answer.status });
      void client.invalidateQueries({ queryKey: buildCreditKeys.all });
    },
  });
}

/**
 * Uploads application files with progress (fetch reports no upload progress, so XMLHttpRequest): the ten step-2
 * fields to /rpaf/files, the signature to /rpaf/signature. Resolves with the saved application.
 */
export function uploadFiles(
  endpoint: typeof rpaf.saveFiles | typeof rpaf.saveSignature,
  files: Partial<Record<CreditFileKind, Blob>>,
  onProgress: (fraction: number) => void,
): Promise<CreditApplication> {
  const body = new FormData();
  for (const [field, blob] of Object.entries(files)) {
    if (blob) body.append(field, blob, blob instanceof File ? blob.name : `${field}.png`);
  }
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1${pathOf(endpoint)}`);
    const token = getSession().token;
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'INTERNAL', 'Cannot reach Tibay. Please check your connection.'));
    request.onload = () => {
      let data: (CreditApplication & Partial<ErrorBody>) | null = null;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = null;
      }
      if (request.status >= 200 && request.status < 300 && data) {
        onProgress(1);
        resolve(data);
        return;
      }
      const error = data?.error;
      reject(
        new ApiError(request.status, error?.code ?? 'INTERNAL', error?.message ?? messages.serverError, error?.fields),
      );
    };
    request.send(body);
  });
}

/** Uploads files and keeps the saved application in the query cache. */
export function useUploadFiles() {
  const saved = useSaved();
  return async (
    endpoint: typeof rpaf.saveFiles | typeof rpaf.saveSignature,
    files: Partial<Record<CreditFileKind, Blob>>,
    onProgress: (fraction: number) => void,
  ) => {
    const application = await uploadFiles(endpoint, files, onProgress);
    saved(application);
    return application;
  };
}
