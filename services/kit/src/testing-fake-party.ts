import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * What every local stand-in for an outside party (Facebook, the payment provider) shares: a real
 * HTTP server on a port of its own that speaks the party's protocol, can be stopped and started
 * again on the same port, and can play a party that never answers. Each fake implements `handle`.
 */
export abstract class FakeParty {
  private server: Server | undefined;
  private readonly hanging = new Set<ServerResponse>();
  protected port: number;
  protected readonly host: string;
  private readonly publicUrl: string | undefined;

  /**
   * `publicUrl`: the party's address as browsers and callers reach it, when that is not the address
   * it listens on (in a container it listens on 0.0.0.0 and is published on http://localhost:N)
   */
  constructor(opts: { port?: number; host?: string; publicUrl?: string } = {}) {
    this.port = opts.port ?? 0;
    this.host = opts.host ?? '127.0.0.1';
    this.publicUrl = opts.publicUrl?.replace(/\/+$/, '');
  }

  get url(): string {
    return this.publicUrl ?? `http://${this.host}:${this.port}`;
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;

  /** The answer when `handle` threw (the party's own error shape where it has one). */
  protected failed(res: ServerResponse, err: unknown): void {
    json(res, 500, { message: String(err) });
  }

  /** Never answers `res`: a party that hangs. `stop()` lets go of it. */
  protected hang(res: ServerResponse): void {
    this.hanging.add(res);
    res.on('close', () => this.hanging.delete(res));
  }

  /** Starts listening (again on the same port after a stop); answers the base URL. */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) this.failed(res, err);
        else res.destroy();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, this.host, () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A fake run as a program of its own (`node --import tsx <file> --port N …`) when `moduleUrl` is the
 * program's entry: it starts, prints its URL and stops on SIGINT/SIGTERM.
 */
export async function runFakePartyIfMain(
  moduleUrl: string,
  make: (port: number, arg: (name: string) => string | undefined) => FakeParty,
): Promise<void> {
  const entry = process.argv[1];
  if (entry === undefined || moduleUrl !== pathToFileURL(entry).href) return;
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const port = Number(arg('--port') ?? 0);
  if (!Number.isInteger(port) || port < 0) throw new Error('--port must be a port number');
  const fake = make(port, arg);
  process.stdout.write(`${await fake.start()}\n`);
  const stop = () => void fake.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
