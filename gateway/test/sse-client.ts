/** One server-sent event as a browser's reader sees it. */
export interface SseEvent {
  id: number | undefined;
  event: string;
  data: unknown;
}

/**
 * A browser-like reader of an event stream: fetch with the bearer header (and Last-Event-ID when
 * resuming), events parsed as they come.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  heartbeats = 0;
  ended = false;
  readonly done: Promise<void>;
  private readonly ac: AbortController;

  private constructor(
    readonly res: Response,
    ac: AbortController,
  ) {
    this.ac = ac;
    this.done = this.read();
  }

  static async open(url: string, token?: string, lastEventId?: number): Promise<SseClient> {
    const ac = new AbortController();
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
    const res = await fetch(url, { headers, signal: ac.signal });
    return new SseClient(res, ac);
  }

  private async read(): Promise<void> {
    if (!this.res.ok || !this.res.body) {
      this.ended = true;
      return;
    }
    const reader = this.res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let i: number;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          if (block.startsWith(':')) this.heartbeats++;
          const id = /^id: (.*)$/m.exec(block)?.[1];
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data)
            this.events.push({
              id: id === undefined ? undefined : Number(id),
              event,
              data: JSON.parse(data),
            });
        }
      }
    } catch {
      // aborted by the test
    }
    this.ended = true;
  }

  of(event: string): unknown[] {
    return this.events.filter((e) => e.event === event).map((e) => e.data);
  }

  /** The ids of the events that carry one, in order (comments and calls). */
  ids(): number[] {
    return this.events.flatMap((e) => (e.id === undefined ? [] : [e.id]));
  }

  lastId(): number | undefined {
    return this.ids().at(-1);
  }

  close(): void {
    this.ac.abort();
  }
}
