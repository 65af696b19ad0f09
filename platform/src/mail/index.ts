import { DomainError } from '@evergrade/contracts';
import { createDevOutbox, migrateDevOutbox, type DevOutbox } from './dev-outbox';
import { createSmtpMailer } from './smtp';
import type { Mailer } from './types';
import type { SqlClient } from '../sql/types';

export * from './types';
export { createDevOutbox, migrateDevOutbox, type DevOutbox } from './dev-outbox';
export { createSmtpMailer } from './smtp';

export type MailSettings = {
  nodeEnv: 'development' | 'test' | 'production';
  smtpUrl?: string | undefined;
  from: string;
  /** Standalone mode keeps the outbox (and `GET /dev/mail`) on unless it runs in production. */
  standalone?: boolean;
  /** The interface the server listens on: the outbox is off on any but loopback unless `devOutbox` is true. */
  host?: string | undefined;
  /** DEV_OUTBOX: true keeps the outbox on for a non-loopback host, false turns it off; unset, the rules decide. */
  devOutbox?: boolean | undefined;
  /** Where the outbox prints each message; the console by default. */
  print?: (line: string) => void;
  /** Where the start-up warning about an outbox on a non-loopback host goes; console.warn by default. */
  warn?: (line: string) => void;
};

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and the name localhost; 0.0.0.0 and :: are every interface, not loopback. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^\[|\]$/g, '');
  if (a === 'localhost' || a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice('::ffff:'.length) : a;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The dev outbox holds every sign-up and reset code, so only the operator may read it: it is never on in
 * production; it is off when the server listens on a non-loopback interface unless DEV_OUTBOX=true; and
 * `GET /dev/mail` answers loopback clients only (see query-service's dev-mail route). Otherwise it is on
 * in standalone mode, and in development when there is no SMTP relay to send through (or DEV_OUTBOX=true).
 */
export function devOutboxEnabled(s: Pick<MailSettings, 'nodeEnv' | 'smtpUrl' | 'standalone' | 'host' | 'devOutbox'>): boolean {
  if (s.nodeEnv === 'production' || s.devOutbox === false) return false;
  if (s.devOutbox === true) return true;
  if (s.host !== undefined && !isLoopbackAddress(s.host)) return false;
  return s.standalone === true || (s.nodeEnv === 'development' && !s.smtpUrl);
}

/** The line logged at start when DEV_OUTBOX=true opens the outbox on a non-loopback interface; null otherwise. */
export function devOutboxWarning(s: Pick<MailSettings, 'nodeEnv' | 'smtpUrl' | 'standalone' | 'host' | 'devOutbox'>): string | null {
  if (!devOutboxEnabled(s) || s.host === undefined || isLoopbackAddress(s.host)) return null;
  return (
    `WARNING: DEV_OUTBOX=true: the dev outbox (sign-up and password-reset codes) is on while listening on ${s.host}. ` +
    'GET /dev/mail still answers only clients on this machine (loopback), but do not run a server that others use like this.'
  );
}

/** Development without SMTP and without the outbox: codes are still printed in the server log, nowhere else. */
const printingMailer = (print: (line: string) => void): Mailer => ({
  async send(m) {
    print(`[dev mail] to ${m.to}: ${m.subject}\n${m.text}`);
  },
});

/** Without SMTP or outbox (production missing SMTP_URL) sending fails with a 503 rather than losing mail silently. */
const unconfigured: Mailer = {
  async send() {
    throw new DomainError(503, 'E-mail delivery is not configured on this server. Please contact your school administrator.');
  },
};

export type MailSetup = { mailer: Mailer; outbox: DevOutbox | null; close(): void };

/** Picks the adapters for the settings; with both SMTP and the outbox on, mail goes to both. */
export async function setUpMail(db: SqlClient, s: MailSettings): Promise<MailSetup> {
  const outbox = devOutboxEnabled(s) ? createDevOutbox(db, s.print) : null;
  if (outbox) await migrateDevOutbox(db);
  const warning = devOutboxWarning(s);
  if (warning) (s.warn ?? console.warn)(warning);
  const smtp = s.smtpUrl ? createSmtpMailer({ url: s.smtpUrl, from: s.from }) : null;
  // Outside production, with neither SMTP nor the outbox (a non-loopback host), the codes are only in the log.
  const logOnly = !smtp && !outbox && s.nodeEnv !== 'production' ? printingMailer(s.print ?? console.log) : null;
  const targets: Mailer[] = [smtp, outbox, logOnly].filter((m): m is NonNullable<typeof m> => m !== null);
  const mailer: Mailer =
    targets.length === 0
      ? unconfigured
      : {
          send: async (m) => {
            for (const t of targets) await t.send(m);
          },
        };
  return { mailer, outbox, close: () => smtp?.close() };
}
