import type { FastifyReply } from 'fastify';

/**
 * The small hosted pages of the offline sandboxes (the payment gateway's, the courier's): one HTML layout, each
 * sandbox with its own colours, heading and extra rules. Plain server-rendered HTML, never cached or referred.
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function sendSandboxPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

export interface SandboxLook {
  /** Header band, e.g. "Sandbox Pay". */
  brand: string;
  /** The card's heading. */
  heading: string;
  footer: string;
  colours: { background: string; header: string; badgeBackground: string; badgeText: string; shadow: string };
  /** Rules of this sandbox's own elements. */
  css: string;
}

export function sandboxPage(look: SandboxLook, title: string, body: string): string {
  const c = look.colours;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:${c.background};color:#1f2933}
  header{background:${c.header};color:#fff;padding:14px 20px;display:flex;justify-content:space-between;align-items:center;gap:12px}
  header .brand{font-weight:700;font-size:18px;letter-spacing:.5px}
  header .badge{background:${c.badgeBackground};color:${c.badgeText};border-radius:999px;padding:3px 10px;font-size:12px;font-weight:700}
  main{max-width:520px;margin:32px auto;padding:0 16px}
  .card{background:#fff;border-radius:12px;box-shadow:0 2px 10px ${c.shadow};padding:24px}
  h1{font-size:20px;margin:0 0 16px}
  .summary{margin:0 0 16px;display:grid;gap:8px}
  .summary div{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 16px;border-bottom:1px solid #e4e7eb;padding-bottom:8px}
  .summary dt{color:#616e7c;white-space:nowrap}
  .summary dd{margin:0 0 0 auto;text-align:right;font-weight:600;overflow-wrap:anywhere}
  .result{border-radius:8px;padding:12px 16px;margin:0 0 16px}
  .result h2{margin:0 0 4px;font-size:18px}
  .result p{margin:0}
  .result.ok{background:#e3f9e5;color:#05400a}
  .result.wait{background:#fff4d6;color:#5c3c00}
  .result.bad{background:#fde8e8;color:#7a1010}
  footer{text-align:center;color:#7b8794;font-size:12px;margin:16px 0}
  @media (max-width:420px){main{margin:16px auto}.card{padding:16px}}
${look.css}
</style>
</head>
<body>
<header><span class="brand">${escapeHtml(look.brand)}</span><span class="badge">TEST MODE</span></header>
<main>
<div class="card">
<h1>${escapeHtml(look.heading)}</h1>
${body}
</div>
<footer>${escapeHtml(look.footer)}</footer>
</main>
</body>
</html>`;
}
