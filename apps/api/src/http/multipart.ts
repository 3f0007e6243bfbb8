import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

export interface MultipartBody {
  /** The text fields, by name. */
  fields: Record<string, string>;
  /** The files, by field name (an empty file arrives as an empty buffer). */
  files: Record<string, Buffer>;
}

export interface MultipartRules {
  /** The text fields and the file fields the form may carry; any other part is refused. */
  fields: readonly string[];
  files: readonly string[];
  /** The refusal when the body is not multipart at all. */
  notMultipart: HttpError;
  /** The message when a file is over the size limit (multipart's per-file limit, or `maxFileBytes`). */
  tooLarge: string;
  /** A tighter per-file limit than the app's multipart default. */
  maxFileBytes?: number;
}

function unexpected(kind: 'field' | 'file', name: string): HttpError {
  const message = `Unexpected ${kind}: ${name}.`;
  return new HttpError('VALIDATION', message, { [name]: message });
}

/** Reads a whole multipart form: only the parts the rules name, each file within the size limit. */
export async function readMultipart(request: FastifyRequest, rules: MultipartRules): Promise<MultipartBody> {
  if (!request.isMultipart()) throw rules.notMultipart;
  const body: MultipartBody = { fields: {}, files: {} };
  const limits = rules.maxFileBytes === undefined ? undefined : { fileSize: rules.maxFileBytes };
  for await (const part of request.parts(limits ? { limits } : undefined)) {
    if (part.type === 'field') {
      if (!rules.fields.includes(part.fieldname)) throw unexpected('field', part.fieldname);
      body.fields[part.fieldname] = String(part.value);
      continue;
    }
    if (!rules.files.includes(part.fieldname)) {
      await part.toBuffer().catch(() => undefined); // drain it, so the refusal is answered at once
      throw unexpected('file', part.fieldname);
    }
    try {
      body.files[part.fieldname] = await part.toBuffer();
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 413)
        throw new HttpError('PAYLOAD_TOO_LARGE', rules.tooLarge);
      throw error;
    }
    if (part.file.truncated) throw new HttpError('PAYLOAD_TOO_LARGE', rules.tooLarge);
  }
  return body;
}

/** The JSON of a text field, or a 400 with `invalid` when it is missing or not JSON. */
export function jsonField(raw: string | undefined, invalid: HttpError, whenMissing?: unknown): unknown {
  if (raw === undefined && whenMissing !== undefined) return whenMissing;
  try {
    return JSON.parse(raw ?? '');
  } catch {
    throw invalid;
  }
}
