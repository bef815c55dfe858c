import nodemailer from 'nodemailer';
import { createBreaker, type Breaker } from '@rian/kit/breaker';
import type { Logger } from '@rian/kit/logger';

export interface OutgoingMail {
  /** stable per delivery, so a mailbox can recognise a resend after a crash */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The receiving server refused the recipient for good (5xx on RCPT TO, or an address it cannot take): retrying cannot help. */
export function isRecipientRejected(err: unknown): boolean {
  const e = err as { command?: string; responseCode?: number; message?: string } | undefined;
  if (!e) return false;
  if (e.command === 'RCPT TO' && (e.responseCode ?? 0) >= 500) return true;
  return /^(Invalid recipient|No recipients defined)/.test(e.message ?? '');
}

/**
 * SMTP through nodemailer, behind a breaker: while the server is failing, sends fail at once
 * (BreakerOpenError) instead of each waiting for a connection timeout. A refused recipient is not
 * the server's fault and does not count against it.
 */
export function createSmtpTransport(opts: {
  url: string;
  from: string;
  logger: Logger;
  resetTimeoutMs?: number;
}): MailTransport {
  const transporter = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const breaker: Breaker<[OutgoingMail], void> = createBreaker(
    async (mail: OutgoingMail) => {
      await transporter.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        messageId: mail.messageId,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    {
      name: 'smtp',
      logger: opts.logger,
      // longer than nodemailer's own timeouts, which fail first with a clearer error
      timeoutMs: 45_000,
      resetTimeoutMs: opts.resetTimeoutMs ?? 15_000,
      isFailure: (err) => !isRecipientRejected(err),
    },
  );
  return {
    send: async (mail) => {
      await breaker.run(mail);
    },
    close: () => {
      breaker.shutdown();
      transporter.close();
    },
  };
}
