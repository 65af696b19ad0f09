import http from 'node:http';
import net from 'node:net';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { matchRoute, routes, wantsAppPage } from '@evergrade/contracts';
import { LOCAL_BLOB_PREFIX } from '@evergrade/platform/blob';
import { createSecurityHeaders } from '@evergrade/platform/http';
import { isLoopbackAddress } from '@evergrade/platform/mail';
import { DEV_OUTBOX_LOOPBACK_ONLY } from '@evergrade/query-service';

/** `host` defaults to 127.0.0.1 (this machine only), as the standalone server's HOST does. */
export type GatewayOptions = {
  port: number;
  host?: string;
  commandUrl: string;
  queryUrl: string;
  uiDir: string;
  /** The blob store's browser origins (S3's public endpoint) for the Content-Security-Policy. */
  blobOrigins?: readonly string[];
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** Which process a request goes to; null: the UI. */
export function gatewayTarget(options: Pick<GatewayOptions, 'commandUrl' | 'queryUrl'>, method: string, pathname: string): URL | null {
  const route = matchRoute(method, pathname);
  if (route) return new URL(route.kind === 'command' ? options.commandUrl : options.queryUrl);
  if (pathname.startsWith('/socket.io/')) return new URL(options.queryUrl);
  // The local blob adapter's signed upload/download URLs are served by the command process that signs them.
  if (pathname.startsWith(LOCAL_BLOB_PREFIX)) return new URL(options.commandUrl);
  return null;
}

/**
 * The distributed front door: routes each API path to the command or the query side by the contracts'
 * route table, sockets to the query side, and serves the built UI itself.
 */
export function startGateway(options: GatewayOptions): http.Server {
  const targetFor = (method: string, pathname: string) => gatewayTarget(options, method, pathname);

  // The services' responses carry the security headers already; the gateway's own (the UI, its refusals) get them here.
  const securityHeaders = createSecurityHeaders({ blobOrigins: options.blobOrigins ?? [] });
  const server = http.createServer((req, res) => {
    securityHeaders(req, res);
    const url = new URL(req.url ?? '/', 'http://gateway');
    // Its own health (the compose health check, the smoke script); the services behind it answer theirs.
    if (url.pathname === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ status: 'ok' }));
      return;
    }
    const target = targetFor(req.method ?? 'GET', url.pathname);
    if (!target) return serveUi(options.uiDir, req, url.pathname, res);
    // The query side sees the gateway's address, so the dev outbox's loopback-only rule is kept here, at the edge.
    if (url.pathname === routes.devMail.path && !isLoopbackAddress(req.socket.remoteAddress)) {
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: DEV_OUTBOX_LOOPBACK_ONLY }));
      return;
    }
    // The gateway is the edge: what a client claims in X-Forwarded-For is replaced, not trusted.
    const forwardedFor = req.socket.remoteAddress ?? '';
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'The service is unavailable. Please try again.' }));
    });
    req.pipe(upstream);
  });

  server.on('upgrade', (req, socket, head) => {
    const target = new URL(options.queryUrl);
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const headers = Object.entries(req.headers)
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`)
        .join('\r\n');
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });

  server.listen(options.port, options.host ?? '127.0.0.1');
  return server;
}

/** A file of the built UI, else the app's page for a page path; anything else (an unknown API path) a JSON 404. */
function serveUi(uiDir: string, req: http.IncomingMessage, pathname: string, res: http.ServerResponse): void {
  const method = req.method ?? 'GET';
  const file = path.join(uiDir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
  const isFile = (method === 'GET' || method === 'HEAD') && file.startsWith(uiDir) && existsSync(file) && statSync(file).isFile();
  if (!isFile && !wantsAppPage(method, pathname, req.headers.accept)) {
    res
      .writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify({ message: `No route ${method} ${pathname}` }));
    return;
  }
  const chosen = isFile ? file : path.join(uiDir, 'index.html');
  if (!existsSync(chosen)) {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'UI not built' }));
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(chosen)] ?? 'application/octet-stream' });
  res.end(readFileSync(chosen));
}
