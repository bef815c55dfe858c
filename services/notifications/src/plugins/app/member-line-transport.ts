import { createBreaker } from '@rian/kit/breaker';
import type { Logger } from '@rian/kit/logger';
import { ChatRejectedError } from './chat-transport.js';

export interface MemberLinePush {
  /** the member's LINE user id (U…) */
  to: string;
  text: string;
  /**
   * X-Line-Retry-Key: a UUID naming this push (the delivery's id). LINE carries a request out once
   * per key (24 hours): a retry of a push LINE had accepted — the answer lost to a timeout — is
   * answered 409 and not sent again.
   */
  retryKey: string;
}

export interface MemberLineTransport {
  send(push: MemberLinePush): Promise<void>;
  close(): void;
}

export interface MemberLineTransportOptions {
  logger: Logger;
  token: string;
  apiUrl: string;
  timeoutMs?: number;
  resetTimeoutMs?: number;
}

/**
 * Members' LINE (issue 20): the LINE Messaging API push message (`POST /v2/bot/message/push`
 * {to, messages: [{type: 'text', text}]}, `Authorization: Bearer <members' channel token>`,
 * `X-Line-Retry-Key`) behind its own breaker (`line-members`, apart from the staff chat's): LINE
 * down or slow opens it and pushes wait; a refusal (4xx other than 409 and 429: a blocked or unknown
 * user, a bad token) fails that push only and never opens it. 409 is LINE saying this retry key was
 * already accepted: the push went out, so it counts as sent.
 */
export function createMemberLineTransport(opts: MemberLineTransportOptions): MemberLineTransport {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const url = `${opts.apiUrl.replace(/\/+$/, '')}/v2/bot/message/push`;
  const breaker = createBreaker(
    async (push: MemberLinePush) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${opts.token}`,
          'x-line-retry-key': push.retryKey,
        },
        body: JSON.stringify({ to: push.to, messages: [{ type: 'text', text: push.text }] }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.ok || res.status === 409) {
        await res.body?.cancel().catch(() => undefined);
        return;
      }
      const detail = (await res.text().catch(() => '')).slice(0, 300);
      const message = `HTTP ${res.status} ${detail}`.trim();
      if (res.status >= 400 && res.status < 500 && res.status !== 429) {
        throw new ChatRejectedError(message, res.status);
      }
      throw new Error(message);
    },
    {
      name: 'line-members',
      logger: opts.logger,
      timeoutMs: timeoutMs + 5_000,
      resetTimeoutMs: opts.resetTimeoutMs ?? 15_000,
      isFailure: (err) => !(err instanceof ChatRejectedError),
    },
  );
  return {
    send: async (push) => {
      await breaker.run(push);
    },
    close: () => breaker.shutdown(),
  };
}
