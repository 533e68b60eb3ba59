import { createTransport, type Transporter } from 'nodemailer';

/** One message to one recipient, as plain text (and optionally HTML). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends e-mail. The console's password reset and the reminders (docs/jobs.md) use it; they take
 * the same interface, so a test or another transport can stand in without touching the callers.
 */
export interface Mailer {
  /** Whether mail can be sent at all (an SMTP URL is configured). */
  readonly enabled: boolean;
  /** Hands the message to the SMTP server; rejects when it refuses or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The mailer of an installation without `COMPLY_SMTP_URL`: nothing can be sent. */
export const NO_MAIL: Mailer = {
  enabled: false,
  send: async () => {
    throw new Error('No SMTP server is configured (COMPLY_SMTP_URL).');
  },
  close: () => undefined,
};

/**
 * An SMTP mailer on nodemailer (maintained, no native parts): `url` is `smtp://user:pass@host:port`
 * or `smtps://…` (TLS from the start); `smtp://` upgrades with STARTTLS when the server offers it.
 */
export function smtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport: Transporter = createTransport(url);
  return {
    enabled: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/** The mailer for the configured SMTP URL, or NO_MAIL. */
export function createMailer({ smtpUrl, from }: { smtpUrl: string | undefined; from: string }): Mailer {
  return smtpUrl ? smtpMailer({ url: smtpUrl, from }) : NO_MAIL;
}
