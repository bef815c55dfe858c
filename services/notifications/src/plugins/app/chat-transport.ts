import { createBreaker, type Breaker } from '@rian/kit/breaker';
import type { Logger } from '@rian/kit/logger';

export type ChatChannel = 'line' | 'telegram';

export interface OutgoingChat {
  channel: ChatChannel;
  /** LINE: the group/user id pushed to; Telegram: the chat id */
  to: string;
  text: string;
  /**
   * A picture sent with the text: Telegram uploads the PNG (sendPhoto, the text as caption); LINE
   * needs an HTTPS address it fetches itself — without `url` LINE gets the text only.
   */
  image?: { png: Buffer; url: string | undefined };
}

export interface ChatTransport {
  send(msg: OutgoingChat): Promise<void>;
  close(): void;
}

/** The chat API refused the message for good (4xx other than 429): retrying cannot help. */
export class ChatRejectedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ChatRejectedError';
  }
}

export interface ChatTransportOptions {
  logger: Logger;
  line: { token: string; apiUrl: string } | undefined;
  telegram: { token: string; apiUrl: string } | undefined;
  timeoutMs?: number;
  resetTimeoutMs?: number;
}

/**
 * Staff chat over the LINE Messaging API push message (`POST /v2/bot/message/push`, Bearer channel
 * token; an image message by HTTPS URL before the text) and the Telegram Bot API (`POST
 * /bot<token>/sendMessage`, or `sendPhoto` multipart with the text as caption), each behind its own
 * breaker.
 */
export function createChatTransport(opts: ChatTransportOptions): ChatTransport {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    // a FormData body (a photo upload) goes as multipart: fetch writes its Content-Type and boundary
    const form = body instanceof FormData;
    const res = await fetch(url, {
      method: 'POST',
      headers: form ? headers : { 'content-type': 'application/json', ...headers },
      body: form ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.ok) return;
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    const message = `HTTP ${res.status} ${detail}`.trim();
    if (res.status >= 400 && res.status < 500 && res.status !== 429) {
      throw new ChatRejectedError(message, res.status);
    }
    throw new Error(message);
  };
  const breakerFor = (name: string, send: (msg: OutgoingChat) => Promise<void>) =>
    createBreaker(send, {
      name,
      logger: opts.logger,
      timeoutMs: timeoutMs + 5_000,
      resetTimeoutMs: opts.resetTimeoutMs ?? 15_000,
      isFailure: (err) => !(err instanceof ChatRejectedError),
    });
  const breakers: Partial<Record<ChatChannel, Breaker<[OutgoingChat], void>>> = {};
  const { line, telegram } = opts;
  if (line) {
    breakers.line = breakerFor('line', (msg) =>
      post(
        `${line.apiUrl.replace(/\/+$/, '')}/v2/bot/message/push`,
        {
          to: msg.to,
          messages: [
            ...(msg.image?.url
              ? [{ type: 'image', originalContentUrl: msg.image.url, previewImageUrl: msg.image.url }]
              : []),
            { type: 'text', text: msg.text },
          ],
        },
        { authorization: `Bearer ${line.token}` },
      ),
    );
  }
  if (telegram) {
    const api = `${telegram.apiUrl.replace(/\/+$/, '')}/bot${telegram.token}`;
    breakers.telegram = breakerFor('telegram', (msg) => {
      if (!msg.image) return post(`${api}/sendMessage`, { chat_id: msg.to, text: msg.text });
      const form = new FormData();
      form.append('chat_id', msg.to);
      // a caption holds at most 1024 characters
      form.append('caption', msg.text.slice(0, 1024));
      form.append('photo', new Blob([new Uint8Array(msg.image.png)], { type: 'image/png' }), 'order.png');
      return post(`${api}/sendPhoto`, form);
    });
  }
  return {
    send: async (msg) => {
      const breaker = breakers[msg.channel];
      if (!breaker) throw new ChatRejectedError(`no ${msg.channel} token configured`, 0);
      await breaker.run(msg);
    },
    close: () => {
      for (const b of Object.values(breakers)) b.shutdown();
    },
  };
}
