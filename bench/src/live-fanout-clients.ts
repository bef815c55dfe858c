/**
 * The SSE clients of the live-fanout scenario, in a process of their own (so the gateway's memory
 * per client is the gateway's alone): N plain HTTP readers of `GET /api/live/streams/:id`, each
 * noting when every comment id first reached it (performance.timeOrigin + now: comparable across
 * processes on one machine). Driven over IPC: `open` → `ready` (every client heard `status`
 * fanout true), `report` → the arrival times by seq, per client.
 */
import { request, Agent } from 'node:http';
import { performance } from 'node:perf_hooks';

interface Open {
  type: 'open';
  url: string;
  token: string;
  clients: number;
}
type Message = Open | { type: 'report' } | { type: 'close' };

const now = () => performance.timeOrigin + performance.now();
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
/** per client: seq → first arrival (ms since the epoch, fractional) */
const arrivals: Map<number, number>[] = [];
const requests: ReturnType<typeof request>[] = [];
let ready = 0;

/** Opens one client; resolves once it is ready (a refused connect — 503 under load — is tried again). */
function openClient(url: string, token: string, index: number): Promise<void> {
  const seen = new Map<number, number>();
  arrivals[index] = seen;
  let buffer = '';
  let isReady = false;
  let done: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (done = resolve));
  const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
    if (res.statusCode !== 200) {
      res.resume();
      setTimeout(() => void openClient(url, token, index).then(done), 250);
      return;
    }
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      const at = now();
      buffer += chunk;
      let i: number;
      while ((i = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        if (id !== undefined && !seen.has(Number(id))) seen.set(Number(id), at);
        if (!isReady && block.includes('event: status') && block.includes('"fanout":true')) {
          isReady = true;
          ready += 1;
          done();
          process.send?.({ type: 'ready', ready });
        }
      }
    });
  });
  req.on('error', (err) => process.send?.({ type: 'error', message: err.message }));
  req.end();
  requests.push(req);
  return opened;
}

/** Clients connect OPEN_AT_ONCE at a time (each connect asks learning for the replay). */
const OPEN_AT_ONCE = 50;

process.on('message', (m: Message) => {
  if (m.type === 'open') {
    let next = 0;
    const lane = async () => {
      while (next < m.clients) await openClient(m.url, m.token, next++);
    };
    for (let i = 0; i < OPEN_AT_ONCE; i++) void lane();
  } else if (m.type === 'report') {
    process.send?.({ type: 'report', arrivals: arrivals.map((s) => [...s]) });
  } else {
    for (const r of requests) r.destroy();
    process.exit(0);
  }
});
