import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every response, page or API, from the standalone server, each service and the
 * gateway (helmet; @fastify/helmet on Fastify). What the built UI needs and so what the policy allows:
 * - scripts and styles from the app's own files only, plus inline `style` attributes (KaTeX's HTML and the
 *   sanitised rich text carry them; React, ECharts and Lexical set styles through the DOM, which CSP allows);
 * - images from the app, `data:` and `blob:` (editor images are fetched with the session and shown as object
 *   URLs), the blob store's browser origin (S3 presigned URLs), and any `https:` image (a school's logo URL);
 * - fetches and the socket.io websocket to the app itself, and uploads to the blob store's origin;
 * - frames for PDF previews: the app, `blob:` (a chosen file) and the http(s) URL an instructor typed;
 * - audio from the app and `blob:` (the assistant's answers read aloud are fetched, then played as object URLs);
 * - never framed by anyone (`frame-ancestors 'none'`, X-Frame-Options DENY), no plugins, no <base> tricks.
 */
export type SecurityHeaderOptions = {
  /** Origins browsers upload to and load files from besides the app itself (the S3 public endpoint). */
  blobOrigins?: readonly string[];
};

export function helmetOptions(options: SecurityHeaderOptions = {}): HelmetOptions {
  const blobs = [...(options.blobOrigins ?? [])];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...blobs],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...blobs],
        frameSrc: ["'self'", 'blob:', 'https:', 'http:', ...blobs],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only honoured over HTTPS; no includeSubDomains, which would bind a school's other hosts too.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  };
}

/** The browser origins of an S3 bucket's presigned URLs (path style and virtual-hosted style). */
export function s3BrowserOrigins(
  s3: { bucket: string; region: string; publicEndpoint?: string | undefined; forcePathStyle: boolean } | undefined,
): string[] {
  if (!s3) return [];
  if (!s3.publicEndpoint) return [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`, `https://s3.${s3.region}.amazonaws.com`];
  const url = new URL(s3.publicEndpoint);
  return s3.forcePathStyle ? [url.origin] : [url.origin, `${url.protocol}//${s3.bucket}.${url.host}`];
}

/** The same headers for a plain node:http server (the gateway): sets them on `res`. */
export function createSecurityHeaders(options: SecurityHeaderOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const middleware = helmet(helmetOptions(options));
  return (req, res) => middleware(req, res, () => {});
}
