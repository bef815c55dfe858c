import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  escapeHtml as esc,
  FakeParty,
  json,
  readBody,
  runFakePartyIfMain,
} from '@rian/kit/testing-fake-party';
import {
  CURRENCY_THB,
  REQUEST_HASH_ORDER,
  RESPONSE_HASH_ORDER,
  sameHash,
  signFields,
} from '../../src/domain/card-form.js';
import { kbankChecksum } from '../../src/domain/kbank-checksum.js';
import { DEV_CARD_SECRET, DEV_KBANK_API_KEY } from '../../src/config.js';

/**
 * A local stand-in for the two payment providers payments talks to, speaking their protocols:
 *
 * 2C2P redirect API 8.5 (card form):
 *   POST /RedirectV3/payment            the hidden form (hash_value checked) → the hosted card page
 *   POST /RedirectV3/payment/:txn       what its Pay / Cancel buttons submit: the signed result is
 *                                       posted to result_url_2 (backend), then the browser is sent
 *                                       to result_url_1 with an auto-submitting form (frontend);
 *                                       "Pay, notify later" (action pay-late) sends the browser first
 *                                       and the notification `lateNotifyMs` after
 * KBank K-Payment Gateway (x-api-key):
 *   POST /card/v2/charge                {amount, currency, description, source_type unionpay,
 *                                       reference_order} → {id, redirect_url, ...}
 *   GET  /card/v2/charge/:id/authorize  the hosted page (Pay / Cancel); POST to the same answers:
 *                                       JSON notification with checksum to the notify URL, then
 *                                       the browser goes to the return URL (?reference_order=)
 *   POST /qr/v2/order                   {..., source_type qr} → {id, ...}
 *   GET  /qr/v2/order/:id               a page with "Pay" (as the buyer's bank app would); POST
 *                                       /qr/v2/order/:id/pay pays it and notifies
 * For tests: `api` = 'ok' | 'error' | 'hang'; `calls` counts API calls; payCard/payCharge/payQr
 * act as the buyer and return the status the notify URL answered.
 * Standalone: `node --import tsx services/payments/test/fakes/provider.ts --port N [--host H]
 *   [--public-url U] [--kbank-notify-url U] [--kbank-return-url U]` prints its URL (built as
 *   services/payments/dist/simulator.mjs for the image: compose runs it).
 */

export interface FakeProviderOptions {
  port?: number;
  host?: string;
  /** its address as browsers reach it, when not where it listens (compose: http://localhost:3109) */
  publicUrl?: string;
  merchantId?: string;
  /** 2C2P merchant secret key */
  cardSecret?: string;
  /** KBank secret key (x-api-key and checksum) */
  apiKey?: string;
  /** where KBank notifications go (set in KBank's merchant portal in real life) */
  kbankNotifyUrl?: string;
  /** where the browser goes back to after KBank's page */
  kbankReturnUrl?: string;
}

interface CardTxn {
  request: Record<string, string>;
  state: 'open' | 'paid' | 'cancelled';
}

interface KbankCharge {
  id: string;
  kind: 'charge' | 'order';
  amount: number;
  currency: string;
  description: string;
  source_type: string;
  reference_order: string;
  state: 'open' | 'paid' | 'cancelled';
}

function html(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem}</style>
</head><body>${body}</body></html>`);
}

const satangText = (amount12: string) => (Number(amount12) / 100).toFixed(2);
const stamp = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

export class FakeProvider extends FakeParty {
  readonly merchantId: string;
  readonly cardSecret: string;
  readonly apiKey: string;
  kbankNotifyUrl: string;
  kbankReturnUrl: string;
  /** how the KBank API behaves: 'ok', 'error' (500) or 'hang' (never answers) */
  api: 'ok' | 'error' | 'hang' = 'ok';
  /** KBank API calls received */
  calls = 0;
  /** the hosted card page's "Pay, notify later": the browser returns first, the notification this much later */
  lateNotifyMs = 3_000;
  readonly cardTxns = new Map<string, CardTxn>();
  readonly charges = new Map<string, KbankCharge>();
  /** every notification sent: where, what, and the status answered */
  readonly notifications: { url: string; body: unknown; status: number }[] = [];

  constructor(opts: FakeProviderOptions = {}) {
    super(opts);
    this.merchantId = opts.merchantId ?? 'JT01';
    this.cardSecret = opts.cardSecret ?? DEV_CARD_SECRET;
    this.apiKey = opts.apiKey ?? DEV_KBANK_API_KEY;
    this.kbankNotifyUrl = opts.kbankNotifyUrl ?? 'http://127.0.0.1:3000/api/payments/callbacks/kbank';
    this.kbankReturnUrl = opts.kbankReturnUrl ?? 'http://127.0.0.1:3000/api/payments/callbacks/kbank/return';
  }

  get cardFormUrl(): string {
    return `${this.url}/RedirectV3/payment`;
  }

  // ---------- acting as the buyer (tests) ----------

  /** The buyer pays (or cancels) on the hosted card page: the signed result goes to result_url_2. */
  async payCard(txn: string, action: 'pay' | 'cancel' = 'pay'): Promise<number> {
    return (await this.completeCard(txn, action)).notifyStatus;
  }

  async payCharge(id: string, action: 'pay' | 'cancel' = 'pay'): Promise<number> {
    return this.completeCharge(id, action);
  }

  async payQr(id: string): Promise<number> {
    return this.completeCharge(id, 'pay');
  }

  /** The signed 2C2P result for a transaction, as it would be posted (tests forge from it). */
  cardResult(txn: string, status = '000', overrides: Record<string, string> = {}): Record<string, string> {
    const t = this.cardTxns.get(txn);
    if (!t) throw new Error(`no card transaction ${txn}`);
    const r = t.request;
    const fields: Record<string, string> = {
      version: r.version ?? '8.5',
      request_timestamp: stamp(),
      merchant_id: r.merchant_id ?? '',
      order_id: r.order_id ?? '',
      invoice_no: r.invoice_no ?? '',
      currency: r.currency ?? '',
      amount: r.amount ?? '',
      transaction_ref: status === '000' ? `T${txn.slice(0, 11)}` : '',
      approval_code: status === '000' ? '123456' : '',
      eci: '05',
      transaction_datetime: stamp(),
      payment_channel: '001',
      payment_status: status,
      channel_response_code: status === '000' ? '00' : '',
      channel_response_desc: status === '000' ? 'Success' : 'Cancelled by the payer',
      masked_pan: '411111XXXXXX1111',
      stored_card_unique_id: '',
      backend_invoice: '',
      paid_channel: '',
      paid_agent: '',
      recurring_unique_id: '',
      user_defined_1: r.user_defined_1 ?? '',
      user_defined_2: r.user_defined_2 ?? '',
      user_defined_3: r.user_defined_3 ?? '',
      user_defined_4: r.user_defined_4 ?? '',
      user_defined_5: r.user_defined_5 ?? '',
      browser_info: 'Type=Chrome,Version=120',
      ippPeriod: '',
      ippInterestType: '',
      ippInterestRate: '',
      ippMerchantAbsorbRate: '',
      payment_scheme: 'VI',
      process_by: 'VI',
      sub_merchant_list: '',
      ...overrides,
    };
    return { ...fields, hash_value: signFields(fields, RESPONSE_HASH_ORDER, this.cardSecret).toUpperCase() };
  }

  /** The KBank notification body for a charge or QR order. */
  kbankNotice(c: KbankCharge, paid: boolean): Record<string, unknown> {
    const body = {
      id: c.kind === 'charge' ? c.id : `chrg_test_${c.id.slice(-16)}`,
      object: 'charge',
      amount: c.amount,
      currency: c.currency,
      description: c.description,
      source: { type: c.source_type },
      reference_order: c.reference_order,
      ...(c.kind === 'order' ? { order_id: c.id } : {}),
      status: paid ? 'success' : 'fail',
      transaction_state: paid ? 'Authorized' : 'Declined',
      created: new Date().toISOString(),
    };
    return { ...body, checksum: kbankChecksum(body, this.apiKey) };
  }

  // ---------- HTTP ----------

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const path = url.pathname;
    if (path === '/RedirectV3/payment' && req.method === 'POST') {
      return this.cardPage(res, new URLSearchParams(await readBody(req)));
    }
    const txn = /^\/RedirectV3\/payment\/([0-9a-f]{24})$/.exec(path)?.[1];
    if (txn && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const action = form.get('action');
      const t = this.cardTxns.get(txn);
      if (action === 'pay-late' && t) {
        // 2C2P's backend notification is asynchronous: the browser may be back before it
        setTimeout(() => void this.completeCard(txn, 'pay').catch(() => undefined), this.lateNotifyMs);
        return this.sendBrowser(res, t.request.result_url_1 ?? '', this.cardResult(txn, '000'));
      }
      const done = await this.completeCard(txn, action === 'pay' ? 'pay' : 'cancel');
      return this.sendBrowser(res, done.returnUrl, done.result);
    }
    if ((path === '/card/v2/charge' || path === '/qr/v2/order') && req.method === 'POST') {
      return this.createCharge(req, res, path === '/qr/v2/order' ? 'order' : 'charge');
    }
    const charge = /^\/(?:card\/v2\/charge|qr\/v2\/order)\/([A-Za-z0-9_]+)(?:\/(authorize|pay))?$/.exec(path);
    if (charge) {
      const c = this.charges.get(charge[1]!);
      if (!c) return html(res, 404, 'Not found', '<h1>Unknown charge</h1>');
      if (req.method === 'GET') return this.chargePage(res, c);
      if (req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const action = charge[2] === 'pay' || form.get('action') === 'pay' ? 'pay' : 'cancel';
        await this.completeCharge(c.id, action);
        const back = new URL(this.kbankReturnUrl);
        back.searchParams.set('reference_order', c.reference_order);
        res.writeHead(302, { location: back.toString() });
        return void res.end();
      }
    }
    if (path === '/' && req.method === 'GET') {
      return html(
        res,
        200,
        'Payment provider simulator',
        '<h1>Payment provider simulator</h1><p>2C2P card form and KBank API.</p>',
      );
    }
    return json(res, 404, { message: `no route ${req.method} ${path}` });
  }

  private cardPage(res: ServerResponse, form: URLSearchParams): void {
    const fields = Object.fromEntries(form) as Record<string, string>;
    const problem =
      fields.version !== '8.5'
        ? 'version must be 8.5'
        : fields.merchant_id !== this.merchantId
          ? 'unknown merchant_id'
          : !/^\d{12}$/.test(fields.amount ?? '')
            ? 'amount must be 12 digits'
            : fields.currency !== CURRENCY_THB
              ? 'currency must be 764'
              : !fields.hash_value ||
                  !sameHash(fields.hash_value, signFields(fields, REQUEST_HASH_ORDER, this.cardSecret))
                ? 'hash_value does not match'
                : !fields.order_id || !/^[A-Za-z0-9]{1,20}$/.test(fields.order_id)
                  ? 'order_id must be 1–20 alphanumerics'
                  : '';
    if (problem) return html(res, 400, 'Payment error', `<h1>Payment error</h1><p>${esc(problem)}</p>`);
    const txn = randomBytes(12).toString('hex');
    this.cardTxns.set(txn, { request: fields, state: 'open' });
    html(
      res,
      200,
      'Card payment (simulator)',
      `<h1>Card payment</h1>
<p>${esc(fields.payment_description ?? '')}</p>
<p>Amount: <strong data-amount>THB ${esc(satangText(fields.amount!))}</strong></p>
<p>Card: 4111 1111 1111 1111 (test)</p>
<form method="post" action="/RedirectV3/payment/${txn}" data-txn="${txn}">
  <button type="submit" name="action" value="pay">Pay</button>
  <button type="submit" name="action" value="cancel">Cancel</button>
  <button type="submit" name="action" value="pay-late">Pay, notify ${this.lateNotifyMs / 1000} s later</button>
</form>`,
    );
  }

  private async completeCard(
    txn: string,
    action: 'pay' | 'cancel',
  ): Promise<{ notifyStatus: number; returnUrl: string; result: Record<string, string> }> {
    const t = this.cardTxns.get(txn);
    if (!t) throw new Error(`no card transaction ${txn}`);
    t.state = action === 'pay' ? 'paid' : 'cancelled';
    const result = this.cardResult(txn, action === 'pay' ? '000' : '003');
    const notifyStatus = await this.notify(t.request.result_url_2 ?? '', result, 'form');
    return { notifyStatus, returnUrl: t.request.result_url_1 ?? '', result };
  }

  /** 2C2P's frontend return: the browser posts the (unsigned-for-us) result to result_url_1. */
  private sendBrowser(res: ServerResponse, returnUrl: string, result: Record<string, string>): void {
    const inputs = Object.entries(result)
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
      .join('');
    html(
      res,
      200,
      'Returning to the shop',
      `<p>Returning to the shop…</p><form id="back" method="post" action="${esc(returnUrl)}">${inputs}<button type="submit">Continue</button></form>
<script>document.getElementById('back').submit()</script>`,
    );
  }

  private async createCharge(
    req: IncomingMessage,
    res: ServerResponse,
    kind: 'charge' | 'order',
  ): Promise<void> {
    this.calls += 1;
    if (this.api === 'hang') {
      this.hang(res);
      return;
    }
    if (this.api === 'error')
      return json(res, 500, { object: 'error', code: 'internal_error', message: 'Internal error' });
    if (req.headers['x-api-key'] !== this.apiKey) {
      return json(res, 401, { object: 'error', code: 'authentication_failure', message: 'Invalid API key' });
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      return json(res, 400, { object: 'error', code: 'invalid_request', message: 'Body must be JSON' });
    }
    const want = kind === 'order' ? 'qr' : 'unionpay';
    if (
      typeof body.amount !== 'number' ||
      body.amount <= 0 ||
      body.currency !== 'THB' ||
      body.source_type !== want
    ) {
      return json(res, 400, {
        object: 'error',
        code: 'invalid_request',
        message: 'amount, currency THB and source_type are required',
      });
    }
    if (typeof body.reference_order !== 'string' || !body.reference_order) {
      return json(res, 400, {
        object: 'error',
        code: 'invalid_request',
        message: 'reference_order is required',
      });
    }
    const id = `${kind === 'order' ? 'order' : 'chrg'}_test_${randomBytes(10).toString('hex')}`;
    const c: KbankCharge = {
      id,
      kind,
      amount: body.amount,
      currency: 'THB',
      description: String(body.description ?? ''),
      source_type: want,
      reference_order: body.reference_order,
      state: 'open',
    };
    this.charges.set(id, c);
    const common = {
      id,
      object: kind,
      amount: c.amount,
      currency: c.currency,
      description: c.description,
      source_type: c.source_type,
      reference_order: c.reference_order,
      status: 'success',
      livemode: false,
      created: new Date().toISOString(),
    };
    return json(
      res,
      200,
      kind === 'charge'
        ? {
            ...common,
            transaction_state: 'Pending',
            redirect_url: `${this.url}/card/v2/charge/${id}/authorize`,
          }
        : { ...common, expire_time_seconds: 600 },
    );
  }

  private chargePage(res: ServerResponse, c: KbankCharge): void {
    const action = c.kind === 'charge' ? `/card/v2/charge/${c.id}/authorize` : `/qr/v2/order/${c.id}/pay`;
    html(
      res,
      200,
      c.kind === 'charge' ? 'UnionPay (simulator)' : 'Thai QR (simulator)',
      `<h1>${c.kind === 'charge' ? 'UnionPay payment' : 'Pay the QR order'}</h1>
<p>${esc(c.description)}</p><p>Amount: <strong data-amount>THB ${c.amount.toFixed(2)}</strong></p>
<form method="post" action="${action}">
  <button type="submit" name="action" value="pay">Pay</button>
  ${c.kind === 'charge' ? '<button type="submit" name="action" value="cancel">Cancel</button>' : ''}
</form>`,
    );
  }

  private async completeCharge(id: string, action: 'pay' | 'cancel'): Promise<number> {
    const c = this.charges.get(id);
    if (!c) throw new Error(`no charge ${id}`);
    c.state = action === 'pay' ? 'paid' : 'cancelled';
    return this.notify(this.kbankNotifyUrl, this.kbankNotice(c, action === 'pay'), 'json');
  }

  /** Posts a notification the way the provider does; returns the status it got (0: unreachable). */
  async notify(url: string, body: Record<string, unknown>, as: 'form' | 'json'): Promise<number> {
    let status = 0;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': as === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
        body:
          as === 'form'
            ? new URLSearchParams(body as Record<string, string>).toString()
            : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    this.notifications.push({ url, body, status });
    return status;
  }
}

await runFakePartyIfMain(import.meta.url, (port, arg) => {
  const notifyUrl = arg('--kbank-notify-url');
  const returnUrl = arg('--kbank-return-url');
  const host = arg('--host');
  const publicUrl = arg('--public-url');
  return new FakeProvider({
    port,
    ...(host ? { host } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(notifyUrl ? { kbankNotifyUrl: notifyUrl } : {}),
    ...(returnUrl ? { kbankReturnUrl: returnUrl } : {}),
  });
});
