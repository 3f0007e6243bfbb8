import type { CreditApplicationStatus } from '@tibay/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  auditLog,
  type CreditFileRecord,
  creditApplications,
  creditLines,
  creditTransactions,
  users,
} from '../../db/schema/index.ts';
import { type Conn, containsPattern } from '../../db/sql.ts';
import { type Mail, queueMail } from '../../plugins/mailer.ts';

/** The credit-applications module's SQL: the buyer's application, its files, the review and the credit line. */

export type ApplicationRow = typeof creditApplications.$inferSelect;

/** The buyer may change the application while it is a Draft or after a rejection (a new application). */
export const editableStatuses: CreditApplicationStatus[] = ['Draft', 'Rejected'];

export async function applicationOf(db: Conn, customerId: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(creditApplications).where(eq(creditApplications.customerId, customerId));
  return row;
}

export async function applicationById(db: Conn, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(creditApplications).where(eq(creditApplications.id, id));
  return row;
}

export async function contactOf(db: Conn, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Creates the application as a Draft or changes an editable one (Draft, or Rejected which becomes a new Draft):
 * `form` parts are merged into the saved form, `files` into the saved files. Undefined when the application is
 * Pending or Approved (nothing changes then).
 */
export async function saveDraft(
  db: Conn,
  customerId: number,
  changes: { form?: Record<string, unknown>; files?: Record<string, CreditFileRecord> },
): Promise<ApplicationRow | undefined> {
  const form = changes.form ?? {};
  const files = changes.files ?? {};
  const [row] = await db
    .insert(creditApplications)
    .values({ customerId, status: 'Draft', form, files })
    .onConflictDoUpdate({
      target: creditApplications.customerId,
      set: {
        status: 'Draft',
        form: sql`${creditApplications.form} || ${JSON.stringify(form)}::jsonb`,
        files: sql`${creditApplications.files} || ${JSON.stringify(files)}::jsonb`,
        updatedAt: new Date(),
      },
      setWhere: inArray(creditApplications.status, editableStatuses),
    })
    .returning();
  return row;
}

/** SUBMIT: Draft -> Pending with the terms accepted; undefined when it was not a Draft. */
export async function submit(db: Conn, customerId: number): Promise<ApplicationRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(creditApplications)
    .set({ status: 'Pending', submittedAt: now, termsAcceptedAt: now, updatedAt: now })
    .where(and(eq(creditApplications.customerId, customerId), eq(creditApplications.status, 'Draft')))
    .returning();
  return row;
}

const statusOfFilter: Record<string, CreditApplicationStatus | undefined> = {
  pending: 'Pending',
  draft: 'Draft',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The review queue: applications by status and by buyer name, email or company; oldest submitted first. */
export async function reviewQueue(db: Conn, filter: { status: string; q: string; limit: number; offset: number }) {
  const pattern = containsPattern(filter.q);
  const status = statusOfFilter[filter.status];
  const companyName = sql<string>`coalesce(${creditApplications.form} #>> '{form_1,companyName}', '')`;
  const where = and(
    status ? eq(creditApplications.status, status) : undefined,
    filter.q
      ? or(
          ilike(users.email, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(companyName, pattern),
        )
      : undefined,
  ) as SQL | undefined;
  const [list, [total]] = await Promise.all([
    db
      .select({
        id: creditApplications.id,
        customerId: creditApplications.customerId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        companyName,
        creditLimit: sql<number | null>`(${creditApplications.form} #>> '{form_1,creditLimit}')::bigint`.mapWith(
          (value) => (value === null ? null : Number(value)),
        ),
        status: creditApplications.status,
        submittedAt: creditApplications.submittedAt,
        updatedAt: creditApplications.updatedAt,
      })
      .from(creditApplications)
      .innerJoin(users, eq(users.id, creditApplications.customerId))
      .where(where)
      .orderBy(sql`${creditApplications.submittedAt} asc nulls last`, desc(creditApplications.updatedAt))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: count() })
      .from(creditApplications)
      .innerJoin(users, eq(users.id, creditApplications.customerId))
      .where(where),
  ]);
  return { rows: list, totalCount: total?.n ?? 0 };
}

export async function buildCreditLineOf(db: Conn, customerId: number) {
  const [line] = await db
    .select()
    .from(creditLines)
    .where(and(eq(creditLines.customerId, customerId), eq(creditLines.kind, 'buildcredit')))
    .orderBy(creditLines.id)
    .limit(1);
  return line;
}

export interface Decision {
  applicationId: number;
  status: 'Approved' | 'Rejected' | 'Draft';
  note: string | null;
  audit: { actorUserId: number; method: string; path: string; ip: string; action: string };
  mail: Mail;
  /** Approve only: the new line's limit (centavos) and terms. */
  line?: { approvedLimit: number; termsDays: number };
}

export type DecisionOutcome =
  | { ok: true; outboxId: number; application: ApplicationRow }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'not-pending'; status: CreditApplicationStatus }
  | { ok: false; reason: 'below-used'; used: number };

/**
 * One decision in one transaction: the application leaves Pending (only if it still is: of two administrators
 * deciding at once, one wins), the BuildCredit line is created or raised (approve), the audit row and the buyer's
 * mail are written. Lowering a line below what the buyer has used is refused and changes nothing.
 */
export async function decide(db: Conn, decision: Decision): Promise<DecisionOutcome> {
  try {
    return await decideInTransaction(db, decision);
  } catch (error) {
    if (error instanceof BelowUsed) return { ok: false, reason: 'below-used', used: error.used };
    throw error;
  }
}

class BelowUsed extends Error {
  constructor(readonly used: number) {
    super('credit limit below what is used');
  }
}

function decideInTransaction(db: Conn, decision: Decision): Promise<DecisionOutcome> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const moved = await tx
      .update(creditApplications)
      .set({
        status: decision.status,
        decidedBy: decision.audit.actorUserId,
        decidedAt: now,
        updatedAt: now,
        ...(decision.status === 'Draft'
          ? { documentsNote: decision.note, submittedAt: null, termsAcceptedAt: null }
          : { decisionNote: decision.note, documentsNote: null }),
      })
      .where(and(eq(creditApplications.id, decision.applicationId), eq(creditApplications.status, 'Pending')))
      .returning();
    const application = moved[0];
    if (!application) {
      const current = await applicationById(tx, decision.applicationId);
      return current ? { ok: false, reason: 'not-pending', status: current.status } : { ok: false, reason: 'missing' };
    }
    let lineDetail: Record<string, unknown> = {};
    if (decision.line) {
      const [existing] = await tx
        .select()
        .from(creditLines)
        .where(and(eq(creditLines.customerId, application.customerId), eq(creditLines.kind, 'buildcredit')))
        .orderBy(creditLines.id)
        .limit(1)
        .for('update');
      const { approvedLimit, termsDays } = decision.line;
      const reference = `RPAF-${application.id}`;
      if (existing) {
        const difference = approvedLimit - existing.approvedLimit;
        if (existing.balance + difference < 0) throw new BelowUsed(existing.approvedLimit - existing.balance);
        await tx
          .update(creditLines)
          .set({ approvedLimit, balance: existing.balance + difference, termsDays, status: 'active' })
          .where(eq(creditLines.id, existing.id));
        if (difference !== 0) {
          await tx
            .insert(creditTransactions)
            .values({ creditLineId: existing.id, amount: difference, reference, note: 'BuildCredit limit changed' });
        }
        lineDetail = { lineId: existing.id, previousLimit: existing.approvedLimit, approvedLimit, termsDays };
      } else {
        const [line] = await tx
          .insert(creditLines)
          .values({
            customerId: application.customerId,
            kind: 'buildcredit',
            approvedLimit,
            balance: approvedLimit,
            termsDays,
            status: 'active',
          })
          .returning({ id: creditLines.id });
        await tx
          .insert(creditTransactions)
          .values({ creditLineId: line!.id, amount: approvedLimit, reference, note: 'BuildCredit approved' });
        lineDetail = { lineId: line!.id, previousLimit: 0, approvedLimit, termsDays };
      }
    }
    const { action, ...audit } = decision.audit;
    await tx.insert(auditLog).values({
      ...audit,
      action,
      statusCode: 200,
      detail: { applicationId: application.id, customerId: application.customerId, note: decision.note, ...lineDetail },
    });
    const [mail] = await queueMail(tx, decision.mail);
    return { ok: true, outboxId: mail!.id, application };
  });
}
