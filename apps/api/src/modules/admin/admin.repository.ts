import { eq, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.ts';
import type { Conn } from '../../db/sql.ts';
import type { AdminAct } from './audit.ts';

/** The admin module's SQL on accounts and the audit log. */

/** The account with this email, in any letter case. */
export async function userByEmail(db: Conn, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

/** What the admin pages show of an account. */
export async function userById(db: Conn, id: number) {
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return user;
}

/** The audit_log row of an administrator's change (written in the change's transaction); detail is its JSON. */
export async function insertAudit(
  db: Conn,
  act: AdminAct,
  action: string,
  statusCode: number,
  detail: object,
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: act.adminId,
    action,
    method: act.method,
    path: act.path,
    ip: act.ip,
    statusCode,
    detail,
  });
}
