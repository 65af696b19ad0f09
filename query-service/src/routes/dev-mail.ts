import type { FastifyInstance } from 'fastify';
import { routes, type DevMail } from '@evergrade/contracts';
import { ForbiddenError } from '@evergrade/contracts';
import { isLoopbackAddress, type DevOutbox } from '@evergrade/platform/mail';
import { registerRoute } from '@evergrade/platform/http';
import type { QueryServiceDeps } from '../context';

/** Why a client on another machine gets 403 from `GET /dev/mail`. */
export const DEV_OUTBOX_LOOPBACK_ONLY =
  'The dev outbox can only be read on the server itself (localhost). Codes are also printed in the server log.';

/**
 * The dev outbox, newest first: JSON for tests and tools, a plain page for a browser (same path).
 * Full of codes, so it is registered only when the outbox is on, and answers only a client on this machine:
 * judged by the socket's address, never by X-Forwarded-For (a client can write that header; behind the
 * gateway, the gateway refuses non-loopback clients itself).
 */
export function devMailRoutes(app: FastifyInstance, deps: QueryServiceDeps, outbox: DevOutbox): void {
  registerRoute(app, deps.sessions, routes.devMail, async (request, reply) => {
    if (!isLoopbackAddress(request.raw.socket.remoteAddress)) throw new ForbiddenError(DEV_OUTBOX_LOOPBACK_ONLY);
    const mails = await outbox.list();
    const accept = request.headers.accept ?? '';
    if (accept.includes('text/html') && !accept.startsWith('application/json')) {
      return reply.type('text/html; charset=utf-8').send(renderPage(mails));
    }
    return mails;
  });
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function renderPage(mails: DevMail[]): string {
  const items =
    mails.length === 0
      ? '<p class="empty">No mail yet. Sign-up and password-reset codes appear here.</p>'
      : mails
          .map(
            (m) => `<article><header><strong>${escape(m.subject)}</strong><span>to ${escape(m.to)}</span>
        <time datetime="${escape(m.sentAt)}">${escape(new Date(m.sentAt).toLocaleString())}</time></header>
        <pre>${escape(m.text)}</pre></article>`,
          )
          .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev outbox · Evergrade</title><meta http-equiv="refresh" content="10">
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f5;color:#142019}
main{max-width:760px;margin:0 auto;padding:32px 20px}h1{font-size:22px;margin:0 0 4px}p.lead{color:#52615a;margin:0 0 24px}
article{background:#fff;border:1px solid #dfe5e2;border-radius:12px;padding:16px 20px;margin-bottom:14px}
header{display:flex;flex-wrap:wrap;gap:4px 14px;align-items:baseline}header span,time{color:#52615a;font-size:13px}
pre{white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace;background:#f7f9f8;border-radius:8px;padding:12px;margin:10px 0 0}
.empty{color:#52615a}@media (prefers-color-scheme:dark){body{background:#0f1412;color:#e6ece9}article{background:#161d1a;border-color:#26302c}pre{background:#0f1412}}
</style></head><body><main><h1>Dev outbox</h1>
<p class="lead">Mail this server would have sent, newest first. Only in standalone and development mode. Refreshes every 10 s.</p>
${items}</main></body></html>`;
}
