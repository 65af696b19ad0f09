/** The mail port: the command side sends verification and reset codes through it. */
export type MailMessage = { to: string; subject: string; text: string };

export type Mailer = { send(m: MailMessage): Promise<void> };
