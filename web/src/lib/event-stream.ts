/** One server-sent event: its name (`message` when none), its data, and its `id:` when it had one. */
export interface ServerEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Reads a `text/event-stream` body (the WHATWG format: blocks split by a blank line, `event:`,
 * `data:` and `id:` fields, `:` comments ignored) and calls `onEvent` for each event with data.
 * Read with fetch, because EventSource cannot send an Authorization header.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (e: ServerEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id' && !value.includes('\0')) id = value;
      }
      if (data.length)
        onEvent(id === undefined ? { event, data: data.join('\n') } : { event, data: data.join('\n'), id });
    }
  }
}
