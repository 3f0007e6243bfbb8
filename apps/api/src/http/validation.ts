import type { z } from 'zod';
import { HttpError } from './http-error.ts';

export interface FieldNaming {
  /** The field named by an issue about the whole value (for example unknown keys). Default '_'. */
  root?: string;
  /** Name only the top-level field ('synonyms', not 'synonyms.2'), for forms that show one message per field. */
  topLevel?: boolean;
}

/** Each field's first message, keyed by its path (unknown keys are named by the keys themselves). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], naming: FieldNaming = {}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = naming.topLevel ? String(issue.path[0] ?? '') : issue.path.join('.');
    const key = path || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '') || (naming.root ?? '_');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The value checked by a schema, or a 400 naming every wrong field (the first one's message as the message). */
export function parseOrRefuse<T extends z.ZodType>(schema: T, value: unknown, naming?: FieldNaming): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error.issues, naming);
  throw new HttpError('VALIDATION', Object.values(fields)[0] ?? 'Invalid request.', fields);
}
