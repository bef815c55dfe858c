import { createBreaker, BreakerOpenError, type Breaker } from '@rian/kit/breaker';
import { ProblemError } from '@rian/kit/errors';
import type { Logger } from '@rian/kit/logger';

/**
 * KBank K-Payment Gateway's API as payments uses it: `POST /card/v2/charge` (source_type unionpay →
 * the provider's page to send the browser to) and `POST /qr/v2/order` (source_type qr → an order id
 * the provider's notification will name). The secret key goes in `x-api-key`. Every call runs through
 * a breaker: a provider that is down or slow answers 503 `payments.provider_unavailable` at once.
 */
export interface KbankSettings {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
}

export interface KbankChargeRequest {
  /** baht, two decimals */
  amount: number;
  currency: 'THB';
  description: string;
  source_type: 'unionpay' | 'qr';
  reference_order: string;
}

type Json = Record<string, unknown>;

/** The provider refused our request (4xx): our fault, not its health. */
export class KbankRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`K-Payment Gateway refused the request (${status})`);
    this.name = 'KbankRefused';
  }
}

export class KbankClient {
  private readonly post: Breaker<[string, KbankChargeRequest], Json>;

  constructor(
    private readonly settings: KbankSettings,
    private readonly logger: Logger,
  ) {
    this.post = createBreaker((path: string, body: KbankChargeRequest) => this.send(path, body), {
      name: 'kbank-payment-gateway',
      logger,
      timeoutMs: settings.timeoutMs,
      volumeThreshold: 3,
      resetTimeoutMs: 15_000,
      isFailure: (err) => !(err instanceof KbankRefused),
    });
  }

  /** A UnionPay charge: the provider's page the browser goes to. */
  async unionPayCharge(
    req: Omit<KbankChargeRequest, 'source_type'>,
  ): Promise<{ id: string; redirectUrl: string }> {
    const res = await this.call('/card/v2/charge', { ...req, source_type: 'unionpay' });
    if (typeof res.id !== 'string' || typeof res.redirect_url !== 'string') {
      this.logger.warn({ res }, 'K-Payment Gateway charge without id or redirect_url');
      throw new ProblemError('payments.provider_unavailable');
    }
    return { id: res.id, redirectUrl: res.redirect_url };
  }

  /** A QR order: the id the provider's notification will carry. */
  async qrOrder(req: Omit<KbankChargeRequest, 'source_type'>): Promise<{ id: string }> {
    const res = await this.call('/qr/v2/order', { ...req, source_type: 'qr' });
    if (typeof res.id !== 'string') throw new ProblemError('payments.provider_unavailable');
    return { id: res.id };
  }

  private async call(path: string, body: KbankChargeRequest): Promise<Json> {
    try {
      return await this.post.run(path, body);
    } catch (err) {
      if (err instanceof BreakerOpenError) throw new ProblemError('payments.provider_unavailable');
      if (err instanceof KbankRefused) {
        this.logger.error(
          { path, status: err.status, body: err.body },
          'K-Payment Gateway refused our request',
        );
      } else {
        this.logger.warn({ path, err: (err as Error).message }, 'K-Payment Gateway unavailable');
      }
      throw new ProblemError('payments.provider_unavailable');
    }
  }

  private async send(path: string, body: KbankChargeRequest): Promise<Json> {
    const res = await fetch(`${this.settings.apiUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-api-key': this.settings.apiKey,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    const json: unknown = await res.json().catch(() => undefined);
    if (res.status >= 400 && res.status < 500 && res.status !== 429) throw new KbankRefused(res.status, json);
    if (!res.ok || typeof json !== 'object' || json === null)
      throw new Error(`K-Payment Gateway answered ${res.status}`);
    return json as Json;
  }
}
