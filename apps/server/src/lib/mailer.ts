import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'smtp' sends for real; 'outbox' keeps mail for GET /dev/outbox and the log. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/** Mail through an SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}

export interface OutboxMail extends Mail {
  at: number;
}

/**
 * Without SMTP (development): mail is kept in memory (the newest 100), listed as JSON at
 * GET /dev/outbox to loopback callers outside production, and printed to the log.
 */
export class DevOutbox implements Mailer {
  readonly kind = 'outbox';
  private readonly mails: OutboxMail[] = [];

  constructor(private readonly log: (mail: OutboxMail) => void) {}

  send(mail: Mail): Promise<void> {
    const kept = { ...mail, at: Date.now() };
    this.mails.unshift(kept);
    this.mails.length = Math.min(this.mails.length, 100);
    this.log(kept);
    return Promise.resolve();
  }

  /** Newest first. */
  list(): readonly OutboxMail[] {
    return this.mails;
  }
}
