import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  /** SMTP envelope recipients (RCPT TO) */
  rcptTo: string[];
  mailFrom: string;
  mail: ParsedMail;
}

/**
 * A real SMTP server inside the test process (no TLS, no auth). It can be stopped and started
 * again on the same port; `received` keeps every message across restarts. Recipients starting
 * with "bounce" are refused with 550, as a mailbox that does not exist.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | undefined;

  constructor(readonly port: number) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, cb) => {
        if (address.address.startsWith('bounce')) {
          cb(Object.assign(new Error('5.1.1 no such mailbox'), { responseCode: 550 }));
          return;
        }
        cb();
      },
      onData: (stream, session, cb) => {
        simpleParser(stream).then(
          (mail) => {
            this.received.push({
              rcptTo: session.envelope.rcptTo.map((a) => a.address),
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              mail,
            });
            cb();
          },
          (err: Error) => cb(err),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.rcptTo.includes(address));
  }
}
