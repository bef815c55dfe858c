import { readEventStream, type ServerEvent } from './event-stream';

/** Waits before reconnecting: doubling from the first to the last, jittered. */
export const EVENT_STREAM_RETRY_FIRST_MS = 1_000;
export const EVENT_STREAM_RETRY_MAX_MS = 15_000;

export interface FollowOptions {
  /** the gateway's server-sent events (e.g. /api/live/streams/<id>) */
  url: string;
  /** the bearer token: fetch, because EventSource cannot send an Authorization header */
  token: string;
  /** the `Last-Event-ID` of the next (re)connect; 0 = none (the server sends its latest) */
  lastEventId: () => number;
  /** runs before connecting until it succeeds once (a first read of what is already there) */
  first?: (signal: AbortSignal) => Promise<void>;
  onEvent: (e: ServerEvent) => void;
  /** true while a stream is open, false when it drops */
  onConnected: (open: boolean) => void;
}

/**
 * Follows a server-sent event stream for as long as it is not stopped: connects with the token and
 * `Last-Event-ID`, reads events, and after the stream ends or fails reconnects with a doubling,
 * jittered wait (back to the first wait after a stream that opened). 401, 403 and 404 stop it (the
 * session ended, or the caller may not read it: the page's own reads say so). Returns the stop.
 */
export function followEventStream(opts: FollowOptions): () => void {
  const ac = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = EVENT_STREAM_RETRY_FIRST_MS;
  let ready = !opts.first;

  const connect = async () => {
    let opened = false;
    try {
      if (!ready) {
        await opts.first!(ac.signal);
        ready = true;
      }
      const headers: Record<string, string> = {
        Authorization: `Bearer ${opts.token}`,
        Accept: 'text/event-stream',
      };
      const last = opts.lastEventId();
      if (last > 0) headers['Last-Event-ID'] = String(last);
      const res = await fetch(opts.url, { headers, signal: ac.signal });
      if (res.status === 401 || res.status === 403 || res.status === 404) return;
      if (res.ok && res.body) {
        opened = true;
        opts.onConnected(true);
        await readEventStream(res.body, opts.onEvent);
      }
    } catch {
      // network failure or abort: below
    }
    if (ac.signal.aborted) return;
    opts.onConnected(false);
    if (opened) retryMs = EVENT_STREAM_RETRY_FIRST_MS;
    const wait = retryMs * (0.8 + Math.random() * 0.4);
    retryMs = Math.min(retryMs * 2, EVENT_STREAM_RETRY_MAX_MS);
    timer = setTimeout(() => void connect(), wait);
  };

  void connect();
  return () => {
    ac.abort();
    clearTimeout(timer);
  };
}
