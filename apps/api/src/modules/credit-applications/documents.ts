import { randomBytes } from 'node:crypto';
import {
  type CreditFileKind,
  creditApplicationMessages,
  creditFileAllowsPdf,
  creditFileLabels,
  creditFileMaxBytes,
  messages,
} from '@tibay/contract';
import type { CreditFileRecord } from '../../db/schema/index.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Storage } from '../../plugins/storage.ts';
import { certificateKind, prepareProfileImage } from '../profile/index.ts';

/** A checked application file, ready to store: a re-encoded picture, or a PDF whose structure looked whole. */
export interface PreparedCreditFile {
  field: CreditFileKind;
  bytes: Buffer;
  as: 'png' | 'jpeg' | 'pdf';
}

const contentTypes = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf' } as const;

/**
 * Checks one upload by its content (never its name): at most 3 MB; a PNG or JPEG picture (re-encoded by sharp,
 * which drops anything that is not pixels) or, for the documents, a PDF. The signature is kept as PNG.
 */
export async function prepareCreditFile(field: CreditFileKind, bytes: Buffer): Promise<PreparedCreditFile> {
  const allowsPdf = creditFileAllowsPdf(field);
  const invalidMessage = allowsPdf ? creditApplicationMessages.fileInvalid : creditApplicationMessages.signatureInvalid;
  const invalid = () => new HttpError('UNSUPPORTED_MEDIA_TYPE', invalidMessage, { [field]: invalidMessage });
  if (bytes.length > creditFileMaxBytes) {
    throw new HttpError('PAYLOAD_TOO_LARGE', messages.fileOverLimit, { [field]: messages.fileOverLimit });
  }
  if (allowsPdf && certificateKind(bytes) === 'pdf') {
    // A PDF ends with %%EOF (within its last bytes): a renamed file with a forged first line does not.
    if (!bytes.subarray(-1024).toString('latin1').includes('%%EOF')) throw invalid();
    return { field, bytes, as: 'pdf' };
  }
  const as = field === 'applicantSignature' ? 'png' : 'jpeg';
  try {
    const image = await prepareProfileImage(bytes, as, field, messages.fileOverLimit);
    return { field, bytes: image.bytes, as };
  } catch (error) {
    if (error instanceof HttpError && error.code === 'PAYLOAD_TOO_LARGE') throw error;
    throw invalid();
  }
}

/** Stores a checked file under an unguessable private key (credit/ is never served by /uploads). */
export async function storeCreditFile(
  storage: Storage,
  customerId: number,
  file: PreparedCreditFile,
): Promise<CreditFileRecord> {
  const extension = file.as === 'jpeg' ? 'jpg' : file.as;
  const key = `credit/${customerId}/${file.field}-${randomBytes(16).toString('hex')}.${extension}`;
  await storage.put(key, file.bytes, contentTypes[file.as]);
  return {
    key,
    name: `${creditFileLabels[file.field]}.${extension}`,
    size: file.bytes.length,
    contentType: contentTypes[file.as],
    uploadedAt: new Date().toISOString(),
  };
}
