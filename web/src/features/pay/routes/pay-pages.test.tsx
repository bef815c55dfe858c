import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayView } from '@rian/proto-contracts/payments';
import { json, mockApi, problem } from '@/testing/render';
import { renderApp } from '@/testing/app';
import { navigateAway } from './union-pay';

const REF = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdEfGhIjKlMnOpQrStUvWxYz01234567';
const PAY = `/api/payments/pay/${REF}`;
const view = (over: Partial<PayView> = {}): PayView => ({
  orderNo: 42,
  reference: 'SPSK0000000042',
  paymentType: 1,
  period: null,
  amount: 154_500,
  status: 'create',
  methods: ['card', 'unionpay'],
  ...over,
});

afterEach(() => {
  vi.restoreAllMocks();
  document.querySelectorAll('form[hidden]').forEach((f) => f.remove());
});

describe('/creditCard/:ref', () => {
  it('shows the reference and the amount, and posts the hidden card form to the provider', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const fetchMock = mockApi({
      [`GET ${PAY}`]: json(200, view()),
      [`POST ${PAY}/card`]: json(200, {
        action: 'https://provider.test/RedirectV3/payment',
        method: 'POST',
        fields: { version: '8.5', amount: '000000154500', hash_value: 'ab'.repeat(32) },
      }),
    });
    renderApp(`/creditCard/${REF}`);
    expect(await screen.findByRole('heading', { name: 'ชำระเงินด้วยบัตรเครดิต / เดบิต' })).toBeTruthy();
    expect((await screen.findByTestId('pay-reference')).textContent).toBe('SPSK0000000042');
    expect(screen.getByTestId('pay-amount').textContent).toContain('1,545.00');

    await userEvent.click(screen.getByTestId('pay-card'));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe('https://provider.test/RedirectV3/payment');
    expect(form.method).toBe('post');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      version: '8.5',
      amount: '000000154500',
      hash_value: 'ab'.repeat(32),
    });
    const asked = fetchMock.mock.calls.map(([u, i]) => `${i?.method ?? 'GET'} ${String(u)}`);
    expect(asked).toContain(`POST ${PAY}/card?lang=th`);
  });

  it('a Content-Security-Policy that blocks the provider: says so and stops spinning', async () => {
    // the browser refuses the post and reports it as a securitypolicyviolation event
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {
      document.dispatchEvent(
        Object.assign(new Event('securitypolicyviolation'), { effectiveDirective: 'form-action' }),
      );
    });
    mockApi({
      [`GET ${PAY}`]: json(200, view()),
      [`POST ${PAY}/card`]: json(200, {
        action: 'https://provider.test/RedirectV3/payment',
        method: 'POST',
        fields: { version: '8.5' },
      }),
    });
    renderApp(`/creditCard/${REF}`);
    await userEvent.click(await screen.findByTestId('pay-card'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'เบราว์เซอร์ไม่อนุญาตให้เปิดหน้าชำระเงินของผู้ให้บริการ',
    );
    await waitFor(() => expect(screen.getByTestId('pay-card').getAttribute('aria-busy')).not.toBe('true'));
  });

  it('back from the provider: waits for the result, then asks to press the return button to /orders', async () => {
    let n = 0;
    mockApi({ [`GET ${PAY}`]: () => json(200, view({ status: ++n < 2 ? 'create' : 'finish' })) });
    renderApp(`/creditCard/${REF}?back=1`);
    expect(await screen.findByTestId('pay-waiting')).toBeTruthy();
    expect(screen.queryByTestId('pay-card')).toBeNull();
    const done = await screen.findByTestId('pay-done', {}, { timeout: 5_000 });
    expect(within(done).getByText('กรุณากดปุ่มกลับเพื่อดำเนินการสั่งซื้อให้เสร็จสมบูรณ์')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'กลับไปยังคำสั่งซื้อ' }).getAttribute('href')).toBe('/orders');
  });

  it('a ref that does not open: the server message, a way to the orders, no pay button', async () => {
    mockApi({
      [`GET ${PAY}`]: problem(404, 'payments.ref_invalid', 'ไม่พบรายการชำระเงินนี้ หรือลิงก์ไม่ถูกต้อง'),
    });
    renderApp(`/creditCard/${REF}`);
    expect((await screen.findByRole('alert')).textContent).toContain('ไม่พบรายการชำระเงินนี้');
    expect(screen.getByRole('link', { name: 'ไปที่คำสั่งซื้อของฉัน' })).toBeTruthy();
    expect(screen.queryByTestId('pay-card')).toBeNull();
  });
});

describe('/creditCardSmatrPay/:ref', () => {
  it('sends the browser to the address the provider returned; a provider outage shows its Thai message', async () => {
    const go = vi.spyOn(navigateAway, 'to').mockImplementation(() => undefined);
    let down = true;
    mockApi({
      [`GET ${PAY}`]: json(200, view()),
      [`POST ${PAY}/unionpay`]: () =>
        down
          ? problem(503, 'payments.provider_unavailable', 'ระบบชำระเงินขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้งในภายหลัง')
          : json(200, { redirectUrl: 'https://provider.test/card/v2/charge/chrg_1/authorize' }),
    });
    renderApp(`/creditCardSmatrPay/${REF}`);
    await userEvent.click(await screen.findByTestId('pay-unionpay'));
    expect((await screen.findByRole('alert')).textContent).toContain('ระบบชำระเงินขัดข้องชั่วคราว');
    expect(go).not.toHaveBeenCalled();
    down = false;
    await userEvent.click(screen.getByTestId('pay-unionpay'));
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith('https://provider.test/card/v2/charge/chrg_1/authorize'),
    );
  });
});

describe('/qrPlayment/:ref', () => {
  it('shows the PromptPay QR with the amount, and the paid state once confirmed', async () => {
    let n = 0;
    mockApi({
      [`GET ${PAY}`]: () =>
        json(
          200,
          view({ paymentType: 4, amount: 150_000, methods: ['qr'], status: ++n < 3 ? 'create' : 'finish' }),
        ),
      [`POST ${PAY}/qr`]: json(200, {
        amount: 150_000,
        payload: '000201…',
        image: 'data:image/svg+xml;base64,PHN2Zy8+',
        providerOrderId: 'order_test_1',
      }),
    });
    renderApp(`/qrPlayment/${REF}`);
    const img = await screen.findByTestId('pay-qr-image');
    expect(img.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(img.getAttribute('alt')).toContain('1,500.00');
    expect(await screen.findByTestId('pay-done', {}, { timeout: 8_000 })).toBeTruthy();
  });
});
