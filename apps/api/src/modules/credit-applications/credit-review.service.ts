import {
  type approveCreditRequest,
  type CreditReviewDetail,
  type CreditReviewPage,
  type CreditReviewQuery,
  formatPeso2,
  messages,
  type rejectCreditRequest,
  type requestDocumentsRequest,
  creditApplicationMessages as words,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Mail } from '../../plugins/mailer.ts';
import * as repo from './credit-applications.repository.ts';
import { applicationView, fileOf } from './credit-applications.service.ts';

/** Who decides, for the audit log. */
export interface Actor {
  actorUserId: number;
  method: string;
  path: string;
  ip: string;
}

/** The review queue (admin-v2 BuildCredit): one page of applications by status and search. */
export async function reviewQueue(deps: Pick<Deps, 'db'>, query: CreditReviewQuery): Promise<CreditReviewPage> {
  const { rows, totalCount } = await repo.reviewQueue(deps.db, {
    status: query.status,
    q: query.q,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      customer_id: row.customerId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
      company_name: row.companyName,
      credit_limit: row.creditLimit,
      status: row.status,
      submitted_at: row.submittedAt?.toISOString() ?? null,
      updated_at: row.updatedAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.ceil(totalCount / query.pageSize),
    totalCount,
  };
}

/** One application with every field, the buyer and their BuildCredit line. */
export async function reviewDetail(deps: Pick<Deps, 'db'>, id: number): Promise<CreditReviewDetail> {
  const row = await repo.applicationById(deps.db, id);
  if (!row) throw new HttpError('NOT_FOUND', messages.notFound);
  const [customer, line, decider] = await Promise.all([
    repo.contactOf(deps.db, row.customerId),
    repo.buildCreditLineOf(deps.db, row.customerId),
    row.decidedBy ? repo.contactOf(deps.db, row.decidedBy) : Promise.resolve(undefined),
  ]);
  if (!customer) throw new HttpError('NOT_FOUND', messages.notFound);
  return {
    application: applicationView(row),
    customer: {
      id: customer.id,
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      email: customer.email,
      phone: customer.phone,
    },
    line: line
      ? {
          approved_limit: line.approvedLimit,
          used: line.approvedLimit - line.balance,
          balance: line.balance,
          terms_days: line.termsDays,
          status: line.status,
        }
      : null,
    decided_by: decider ? `${decider.firstName} ${decider.lastName}`.trim() : null,
  };
}

export async function reviewFile(deps: Pick<Deps, 'db' | 'storage'>, id: number, field: string) {
  return fileOf(deps, await repo.applicationById(deps.db, id), field);
}

type Kind = 'approve' | 'reject' | 'documents';
type Input =
  | { kind: 'approve'; body: z.output<typeof approveCreditRequest> }
  | { kind: 'reject'; body: z.output<typeof rejectCreditRequest> }
  | { kind: 'documents'; body: z.output<typeof requestDocumentsRequest> };

const statusOf: Record<Kind, 'Approved' | 'Rejected' | 'Draft'> = {
  approve: 'Approved',
  reject: 'Rejected',
  documents: 'Draft',
};
const actionOf: Record<Kind, string> = {
  approve: 'credit_application_approved',
  reject: 'credit_application_rejected',
  documents: 'credit_application_documents_requested',
};

function decisionMail(to: string, firstName: string, input: Input): Mail {
  const hello = `Hello ${firstName},`;
  const end = 'Thank you,\nTibay';
  if (input.kind === 'approve') {
    const note = input.body.pdc_note ? `\nNote: ${input.body.pdc_note}\n` : '';
    return {
      to,
      subject: 'Your BuildCredit application is approved',
      text: `${hello}\n\nYour BuildCredit application is approved. Your credit limit is ${formatPeso2(
        input.body.approved_limit,
      )} with ${input.body.terms_days}-day terms. You can now pay with BuildCredit at checkout.\n${note}\n${end}`,
    };
  }
  if (input.kind === 'reject') {
    return {
      to,
      subject: 'Your BuildCredit application was not approved',
      text: `${hello}\n\nWe are sorry: your BuildCredit application was not approved.\nReason: ${input.body.reason}\n\nYou may update your application and submit it again.\n\n${end}`,
    };
  }
  return {
    to,
    subject: 'More documents are needed for your BuildCredit application',
    text: `${hello}\n\nTo continue reviewing your BuildCredit application we need more documents:\n${input.body.note}\n\nPlease open your application (APPLY FOR BUILDCREDIT), add them and submit it again.\n\n${end}`,
  };
}

/**
 * Approve (creates or raises the BuildCredit line), reject with a reason, or ask for more documents (back to
 * Draft with a note). Only a Pending application can be decided: a second decision answers 409. The buyer is
 * mailed (outbox in the same transaction, delivered after the commit) and the decision is audited.
 */
export async function decide(
  deps: Pick<Deps, 'db' | 'mailer'>,
  id: number,
  input: Input,
  actor: Actor,
): Promise<CreditReviewDetail> {
  const row = await repo.applicationById(deps.db, id);
  const customer = row ? await repo.contactOf(deps.db, row.customerId) : undefined;
  if (!row || !customer) throw new HttpError('NOT_FOUND', messages.notFound);
  const mail = decisionMail(customer.email, customer.firstName, input);
  const note =
    input.kind === 'approve'
      ? input.body.pdc_note || null
      : input.kind === 'reject'
        ? input.body.reason
        : input.body.note;
  const outcome = await repo.decide(deps.db, {
    applicationId: id,
    status: statusOf[input.kind],
    note,
    audit: { ...actor, action: actionOf[input.kind] },
    mail,
    ...(input.kind === 'approve'
      ? { line: { approvedLimit: input.body.approved_limit, termsDays: input.body.terms_days } }
      : {}),
  });
  if (!outcome.ok) {
    if (outcome.reason === 'missing') throw new HttpError('NOT_FOUND', messages.notFound);
    if (outcome.reason === 'below-used') {
      const message = words.limitBelowUsed.replace('{used}', formatPeso2(outcome.used));
      throw new HttpError('BUSINESS_RULE', message, { approved_limit: message });
    }
    throw new HttpError('CONFLICT', words.notPending.replace('{status}', outcome.status));
  }
  await deps.mailer.deliver(outcome.outboxId, mail);
  return reviewDetail(deps, id);
}
