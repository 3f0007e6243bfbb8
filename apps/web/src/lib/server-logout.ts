/**
 * Ends a session on the server as well (decision 0017), so a copy of the token stops working. Sent with keepalive
 * so it survives the navigation that follows; the browser's storage is cleared whatever the answer.
 */
export function endServerSession(token: string | null) {
  if (!token) return;
  fetch('/api/v1/auth/logout', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined);
}
