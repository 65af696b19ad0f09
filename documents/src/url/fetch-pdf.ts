import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from '@evergrade/contracts';
import { sniffContentType } from '@evergrade/platform/blob';

/**
 * A PDF fetched by the server from a URL the user typed. Only http(s); only public addresses unless the
 * policy allows private ones (tests, a school's intranet); the address is checked when the connection
 * is made (so a DNS answer cannot change between check and use), again on every redirect.
 */
export type UrlPolicy = {
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
};

export const DEFAULT_URL_POLICY: UrlPolicy = { allowPrivate: false, maxBytes: DOCUMENT_MAX_BYTES, timeoutMs: 20_000, maxRedirects: 5 };

/** DOCUMENT_URL_ALLOW_PRIVATE=true lets URLs reach private and loopback addresses (development, tests). */
export const urlPolicyFromEnv = (env: NodeJS.ProcessEnv = process.env): UrlPolicy => ({
  ...DEFAULT_URL_POLICY,
  allowPrivate: env.DOCUMENT_URL_ALLOW_PRIVATE === 'true',
});

/**
 * Why a URL gave no PDF, with its HTTP meaning: 400 for a URL that is not http(s) or points at something other
 * than a PDF, 413 for one too large, 502 when the far server cannot be reached or answers with an error (a
 * private address reads the same, giving no hint of what is inside the server's network). Never 422: the
 * spec's client reads 422 as a lost session.
 */
export class UrlFetchError extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 502,
    message: string,
  ) {
    super(message);
    this.name = 'UrlFetchError';
  }
}

export type FetchedPdf = { body: Buffer; url: string; filename: string };

export async function fetchPdfFromUrl(raw: string, policy: UrlPolicy = DEFAULT_URL_POLICY): Promise<FetchedPdf> {
  let url = parseHttpUrl(raw);
  const signal = AbortSignal.timeout(policy.timeoutMs);
  for (let hop = 0; ; hop++) {
    const response = await get(url, policy, signal);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.resume();
      if (hop >= policy.maxRedirects) throw new UrlFetchError(502, DOCUMENT_MESSAGES.unreachable);
      url = parseHttpUrl(new URL(location, url).toString());
      continue;
    }
    if (!response.statusCode || response.statusCode < 200 || response.statusCode >= 300) {
      response.resume();
      throw new UrlFetchError(502, DOCUMENT_MESSAGES.unreachable);
    }
    const body = await readLimited(response, policy.maxBytes);
    if (sniffContentType(body) !== 'application/pdf') {
      throw new UrlFetchError(400, DOCUMENT_MESSAGES.notPdfUrl(describeType(response.headers['content-type'], body)));
    }
    return { body, url: url.toString(), filename: filenameOf(response.headers['content-disposition'], url) };
  }
}

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UrlFetchError(400, DOCUMENT_MESSAGES.invalidUrl);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')
    throw new UrlFetchError(400, DOCUMENT_MESSAGES.invalidUrl);
  return url;
}

/** Public unicast only: no loopback, private, link-local, CGNAT, multicast, or IPv6 wrappers of them. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

const safeLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const allowed = addresses.filter((a) => isPublicAddress(a.address));
    if (allowed.length === 0) return callback(Object.assign(new Error(`${hostname} is not a public address`), { code: 'EPRIVATE' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
    return callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};

function get(url: URL, policy: UrlPolicy, signal: AbortSignal): Promise<http.IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!policy.allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) {
    return Promise.reject(new UrlFetchError(502, DOCUMENT_MESSAGES.unreachable));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        headers: { accept: 'application/pdf, */*;q=0.5', 'user-agent': 'Evergrade document fetcher' },
        ...(policy.allowPrivate ? {} : { lookup: safeLookup }),
      },
      resolve,
    );
    request.on('error', () => reject(new UrlFetchError(502, DOCUMENT_MESSAGES.unreachable)));
  });
}

function readLimited(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(new UrlFetchError(413, DOCUMENT_MESSAGES.tooLarge));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new UrlFetchError(413, DOCUMENT_MESSAGES.tooLarge));
        response.destroy();
      } else chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', () => reject(new UrlFetchError(502, DOCUMENT_MESSAGES.unreachable)));
    response.on('aborted', () => reject(new UrlFetchError(502, DOCUMENT_MESSAGES.unreachable)));
  });
}

function describeType(header: string | undefined, body: Buffer): string {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  const sniffed = sniffContentType(body);
  if (sniffed?.startsWith('image/') || type.startsWith('image/')) return 'image';
  if (type.includes('html') || /^\s*<(!doctype html|html)/i.test(body.subarray(0, 200).toString('latin1'))) return 'web page (HTML)';
  if (type === 'text/plain') return 'text';
  if (type.includes('json')) return 'JSON';
  if (type.includes('word') || type.includes('officedocument')) return 'Word or Office';
  return type || 'non-PDF';
}

/** A safe file name from Content-Disposition or the URL's last segment, ending in .pdf. */
export function filenameOf(disposition: string | undefined, url: URL): string {
  const fromHeader = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  let name = fromHeader ?? url.pathname.split('/').filter(Boolean).at(-1) ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    /* keep as sent */
  }
  name = name
    .replace(/[^\w.\- ()]+/g, '_')
    .replace(/^[.\s_]+/, '')
    .slice(0, 120)
    .trim();
  if (!name) name = 'document';
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}
