import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderView } from '@rian/proto-contracts/orders';
import type { OrderPaymentsView, SlipView } from '@rian/proto-contracts/payments';
import { json, mockApi, problem } from '@/testing/render';
import { renderApp } from '@/testing/app';
import { makeUser } from '@/testing/fixtures';
import { makeOrder } from '@/testing/order-fixtures';
import { useAuthStore } from '@/stores/auth-store';

const MINE = '/api/orders/orders/mine';
const TRANSFER = makeOrder({ paymentType: 4, fee: 0, withholding: 0, net: 900_000 });
const PAYMENTS = `/api/payments/payments/${TRANSFER.id}`;
const SLIP_URL = `${PAYMENTS}/slip`;

const mine = (items: OrderView[]) => json(200, { items, page: 1, pageSize: 50, total: items.length });
const view = (slips: SlipView[], status: 'create' | 'wait' = 'create'): OrderPaymentsView => ({
  orderId: TRANSFER.id,
  orderNo: TRANSFER.orderNo,
  reference: TRANSFER.reference,
  paymentType: 4,
  net: TRANSFER.net,
  attempts: [
    {
      id: '0190e0e0-0000-7000-8000-000000000001',
      period: null,
      dueDate: null,
      amount: TRANSFER.net,
      status,
      paidAt: null,
      slips,
    },
  ],
});
const slip = (overrides: Partial<SlipView> = {}): SlipView => ({
  id: '0190e0e0-0000-7000-8000-000000000051',
  status: 'wait',
  paymentDate: '2026-03-02',
  paymentTime: '14:30',
  amount: TRANSFER.net,
  note: null,
  url: '/api/payments/payments/slips/x?exp=1&sig=s',
  urlExpiresAt: '2026-03-02T08:00:00.000Z',
  createdAt: '2026-03-02T07:31:00.000Z',
  reviewedAt: null,
  ...overrides,
});

const signIn = () => useAuthStore.getState().setSession('member-jwt', makeUser());
/** Today in Bangkok (UTC+7, no daylight saving), worked out apart from the code under test. */
const bangkokDay = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'slip.png', { type: 'image/png' });

async function openSlipDialog() {
  const card = await screen.findByTestId(`my-order-${TRANSFER.reference}`);
  const attach = await within(card).findByTestId('my-order-attach-slip');
  await waitFor(() => expect((attach as HTMLButtonElement).disabled).toBe(false));
  expect(attach.textContent).toBe('แนบสลิป');
  await userEvent.click(attach);
  return screen.findByTestId('slip-dialog');
}

describe('paying a bank transfer by slip on /orders', () => {
  it('keeps the button at "choose slip" until a slip is chosen, requires date and time, then sends them with the file', async () => {
    let sent: SlipView[] = [];
    const fetchMock = mockApi({
      [`GET ${MINE}`]: mine([TRANSFER]),
      [`GET ${PAYMENTS}`]: () => json(200, view(sent, sent.length ? 'wait' : 'create')),
      [`POST ${SLIP_URL}`]: () => {
        sent = [slip()];
        return json(201, view(sent, 'wait'));
      },
    });
    signIn();
    renderApp('/orders');
    const dialog = await openSlipDialog();
    const submit = within(dialog).getByTestId('slip-submit') as HTMLButtonElement;
    expect(submit.textContent).toBe('เลือกสลิป');
    expect(submit.disabled).toBe(true);
    const file = within(dialog).getByTestId('slip-file') as HTMLInputElement;
    expect(file.accept).toBe('image/png,image/gif,image/jpeg');
    expect((within(dialog).getByTestId('slip-date') as HTMLInputElement).value).toBe(bangkokDay());

    await userEvent.upload(file, png());
    expect(submit.textContent).toBe('ยืนยันการชำระเงิน');
    expect(submit.disabled).toBe(false);

    // date cleared, time never given: both required, nothing sent
    fireEvent.change(within(dialog).getByTestId('slip-date'), { target: { value: '' } });
    await userEvent.click(submit);
    expect(within(dialog).getAllByText('กรุณากรอกข้อมูล')).toHaveLength(2);
    expect(fetchMock.mock.calls.some(([input]) => String(input) === SLIP_URL)).toBe(false);

    fireEvent.change(within(dialog).getByTestId('slip-date'), { target: { value: '2026-03-02' } });
    fireEvent.change(within(dialog).getByTestId('slip-time'), { target: { value: '14:30' } });
    await userEvent.click(submit);

    await waitFor(() => expect(screen.queryByTestId('slip-dialog')).toBeNull());
    const call = fetchMock.mock.calls.find(([input]) => String(input) === SLIP_URL)!;
    expect(call[1]?.method).toBe('POST');
    expect(call[1]?.headers).toMatchObject({ Authorization: 'Bearer member-jwt' });
    expect(call[1]?.headers).not.toHaveProperty('Content-Type');
    const body = call[1]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('paymentDate')).toBe('2026-03-02');
    expect(body.get('paymentTime')).toBe('14:30');
    expect((body.get('slip') as File).name).toBe('slip.png');

    // the order now waits for confirmation: the slip sent, no second attach
    const card = screen.getByTestId(`my-order-${TRANSFER.reference}`);
    expect(within(card).getByTestId('my-order-slip-sent').textContent).toBe('ส่งสลิปแล้ว รอการยืนยันจากเจ้าหน้าที่');
    const slips = await within(card).findByTestId('my-order-slips');
    expect(within(slips).getByTestId('my-order-slip-status').textContent).toBe('รอการยืนยัน');
    expect(slips.textContent).toContain('14:30');
    const attach = within(card).getByTestId('my-order-attach-slip') as HTMLButtonElement;
    expect(attach.disabled).toBe(true);
  });

  it("shows the server's answer when the slip is refused (not an image) and keeps the dialog open", async () => {
    mockApi({
      [`GET ${MINE}`]: mine([TRANSFER]),
      [`GET ${PAYMENTS}`]: json(200, view([])),
      [`POST ${SLIP_URL}`]: problem(415, 'payments.slip_type', 'สลิปต้องเป็นไฟล์ภาพ png, gif หรือ jpeg'),
    });
    signIn();
    renderApp('/orders');
    const dialog = await openSlipDialog();
    await userEvent.upload(within(dialog).getByTestId('slip-file'), png());
    fireEvent.change(within(dialog).getByTestId('slip-time'), { target: { value: '09:05' } });
    await userEvent.click(within(dialog).getByTestId('slip-submit'));
    expect((await within(dialog).findByTestId('slip-error')).textContent).toBe(
      'สลิปต้องเป็นไฟล์ภาพ png, gif หรือ jpeg',
    );
    expect(screen.getByTestId('slip-dialog')).toBeTruthy();
  });

  it("shows a rejected slip with staff's note, and the transfer can be attached again", async () => {
    mockApi({
      [`GET ${MINE}`]: mine([TRANSFER]),
      [`GET ${PAYMENTS}`]: json(200, view([slip({ status: 'rejected', note: 'ยอดเงินไม่ตรง' })])),
    });
    signIn();
    renderApp('/orders');
    const card = await screen.findByTestId(`my-order-${TRANSFER.reference}`);
    await userEvent.click(within(card).getByTestId('my-order-toggle'));
    const slips = await within(card).findByTestId('my-order-slips');
    expect(within(slips).getByTestId('my-order-slip-status').textContent).toBe('ไม่อนุมัติ');
    expect(within(slips).getByTestId('my-order-slip-note').textContent).toBe(
      'หมายเหตุจากเจ้าหน้าที่: ยอดเงินไม่ตรง',
    );
    expect((within(card).getByTestId('my-order-attach-slip') as HTMLButtonElement).disabled).toBe(false);
  });

  it('the instalment due now opens the slip dialog for that instalment', async () => {
    const plan = makeOrder({
      status: 'paid',
      paymentType: 8,
      installments: [
        { period: 1, dueDate: '2026-02-15', amount: 300_000, status: 'finish' },
        { period: 2, dueDate: '2026-03-15', amount: 300_000, status: 'create' },
        { period: 3, dueDate: '2026-04-15', amount: 300_000, status: 'create' },
      ],
    });
    mockApi({
      [`GET ${MINE}`]: mine([plan]),
      [`GET ${PAYMENTS}`]: json(200, { ...view([]), paymentType: 8, attempts: [] }),
    });
    signIn();
    renderApp('/orders');
    const card = await screen.findByTestId(`my-order-${plan.reference}`);
    expect(within(card).queryByTestId('my-order-attach-slip')).toBeNull();
    await userEvent.click(within(card).getByTestId('my-order-toggle'));
    expect((within(card).getByTestId('installment-pay-3') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(card).getByTestId('installment-pay-2'));
    const dialog = await screen.findByTestId('slip-dialog');
    expect(within(dialog).getByRole('heading', { name: 'ชำระงวดที่ 2' })).toBeTruthy();
    expect((within(dialog).getByTestId('slip-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('an instalment order still waiting pays its first instalment (paid with the order) by slip', async () => {
    const plan = makeOrder({
      status: 'wait',
      paymentType: 8,
      installments: [
        { period: 1, dueDate: '2026-02-15', amount: 300_000, status: 'create' },
        { period: 2, dueDate: '2026-03-15', amount: 300_000, status: 'create' },
      ],
    });
    mockApi({
      [`GET ${MINE}`]: mine([plan]),
      [`GET ${PAYMENTS}`]: json(200, { ...view([]), paymentType: 8, attempts: [] }),
    });
    signIn();
    renderApp('/orders');
    const card = await screen.findByTestId(`my-order-${plan.reference}`);
    await userEvent.click(await within(card).findByTestId('my-order-attach-slip'));
    const dialog = await screen.findByTestId('slip-dialog');
    expect(within(dialog).getByRole('heading', { name: 'ชำระงวดที่ 1' })).toBeTruthy();
  });
});
