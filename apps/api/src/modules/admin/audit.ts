import type { FastifyRequest } from 'fastify';

/** Who made an administrator's change, and the request, for its audit_log row (admin.repository insertAudit). */
export interface AdminAct {
  adminId: number;
  method: string;
  path: string;
  ip: string;
}

/** The act of the request's administrator (the route's preHandler is requireAdmin). */
export function adminAct(request: FastifyRequest): AdminAct {
  return { adminId: request.admin!.userId, method: request.method, path: request.url, ip: request.ip };
}
