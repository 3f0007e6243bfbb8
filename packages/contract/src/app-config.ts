import { z } from 'zod';

/**
 * GET /api/v1/config: the public settings the web app reads once per visit. (The route answers this shape; the
 * schema lets the web app type it from the contract instead of copying it.)
 */
export const appConfig = z.object({
  /** Leaflet tile URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  mapTileUrl: z.string(),
  /** Whether the developer mail outbox (/dev/mail) is on. */
  devOutbox: z.boolean().optional(),
});
export type AppConfig = z.infer<typeof appConfig>;

/** POST /admin/mail/:id/retry: the answer the route defines inline, named here for the web app. */
export const adminMailRetryResponse = z.object({ message: z.string() });
