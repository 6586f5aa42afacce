import 'server-only';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';

export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Derived from the notice's delivery key: a copy sent again after an unclear failure carries the same id. */
  messageId: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer with a small pool of kept connections, every wait bounded (decision 0020): connecting,
 * the greeting, and each answer of the server.
 */
export function smtpMailer(url: string, options: { timeoutMs: number; connections?: number }): Mailer {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.connections ?? 4,
    maxMessages: 500,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
    dnsTimeout: options.timeoutMs,
  } as SMTPPool.Options);
  return {
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        headers: mail.headers,
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Whether the server could not be reached or spoke no SMTP at all (nothing was handed over): such a failure is an
 * outage, not the mail's fault, and does not count toward giving up on it.
 */
export function isOutage(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  const responseCode = (error as { responseCode?: number } | null)?.responseCode;
  if (responseCode !== undefined && responseCode >= 400) return responseCode === 421;
  return (
    code === 'ECONNECTION' ||
    code === 'ETIMEDOUT' ||
    code === 'ESOCKET' ||
    code === 'EDNS' ||
    code === 'EPROTOCOL'
  );
}
