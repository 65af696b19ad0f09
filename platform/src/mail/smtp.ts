import nodemailer from 'nodemailer';
import type { Mailer } from './types';

/** Real delivery through an SMTP relay, e.g. `smtps://user:pass@smtp.example.org:465`. */
export function createSmtpMailer(options: { url: string; from: string }): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(m) {
      await transport.sendMail({ from: options.from, to: m.to, subject: m.subject, text: m.text });
    },
    close: () => transport.close(),
  };
}
