/** What other parts of the web app use from admin: the admin transport (cookie session, CSRF header, a 401 tells the
 * admin frame) and the session query, for admin-v2 pages that live in their own feature. */
export { adminApi, adminFile, adminHeaders, useAdminSession } from './api.ts';
