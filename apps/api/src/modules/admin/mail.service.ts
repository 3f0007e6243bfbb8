import { type AdminUndeliveredMailList, adminMessages } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { listUndelivered, retryUndelivered } from '../../plugins/mail-queue.ts';

/** Mail nobody received (every try over SMTP failed): the dashboard counts it, admin lists it and sends it again. */

export async function undeliveredMail(deps: Pick<Deps, 'db'>): Promise<AdminUndeliveredMailList> {
  return { items: await listUndelivered(deps.db) };
}

/** A fresh round of tries for one undelivered mail, starting with the retry job's next run. */
export async function retryMail(deps: Pick<Deps, 'db'>, outboxId: number): Promise<void> {
  if (!(await retryUndelivered(deps.db, outboxId))) {
    throw new HttpError('NOT_FOUND', adminMessages.mailNotUndelivered);
  }
}
