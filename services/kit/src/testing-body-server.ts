import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BodyServerReply {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * The shell of a local stand-in for an outside party in tests (a chat API, a trace collector): it
 * listens on a free port of 127.0.0.1, reads each request's whole body and lets `answer` record it
 * and say what to send back (200 with no body by default).
 */
export class BodyServer {
  private server: Server | undefined;
  url = '';

  constructor(
    private readonly answer: (
      req: IncomingMessage,
      body: Buffer,
    ) => BodyServerReply | Promise<BodyServerReply>,
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          const reply = await Promise.resolve(this.answer(req, Buffer.concat(chunks))).catch(
            (err: unknown): BodyServerReply => ({ status: 500, body: String(err) }),
          );
          res.writeHead(reply.status ?? 200, reply.headers ?? {});
          res.end(reply.body);
        })();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
