import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';
import { makeEmail, makePlan, makeProduct } from '../test-fixtures';

const PLANS = '/api/catalog/admin/installment-plans';
const EMAILS = `${PLANS}/plan1/emails`;
const P1 = makeProduct();

describe('/admin/patternPayment', () => {
  it('creates a plan for a product: count defaults to 2 and is checked', async () => {
    const fetchMock = mockApi({
      [`GET ${PLANS}`]: page([]),
      'GET /api/catalog/admin/products': page([P1]),
      // the payment-types panel above the plans
      'GET /api/payments/payment-types': json(200, []),
      [`POST ${PLANS}`]: (_url, init) => json(201, makePlan(JSON.parse(String(init.body)))),
    });
    renderAdmin('/admin/patternPayment');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('plans-new'));
    const form = await screen.findByTestId('plan-dialog');
    expect((within(form).getByTestId('plan-count') as HTMLInputElement).value).toBe('2');
    await ue.click(within(form).getByTestId('plan-dialog-save'));
    expect(within(form).getAllByText('กรุณากรอกข้อมูล')).toHaveLength(2); // product, name
    await ue.selectOptions(within(form).getByTestId('plan-product'), P1.id);
    await ue.type(within(form).getByTestId('plan-name'), 'ผ่อน 0%');
    await ue.selectOptions(within(form).getByTestId('plan-type'), 'email');
    await ue.clear(within(form).getByTestId('plan-count'));
    await ue.type(within(form).getByTestId('plan-count'), '40');
    await ue.click(within(form).getByTestId('plan-dialog-save'));
    expect(within(form).getByText('กรุณากรอกตัวเลขจำนวนเต็ม 2–36')).toBeTruthy();
    await ue.clear(within(form).getByTestId('plan-count'));
    await ue.type(within(form).getByTestId('plan-count'), '3');
    await ue.click(within(form).getByTestId('plan-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('plan-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', PLANS)).toEqual([
      { productId: P1.id, name: 'ผ่อน 0%', detail: null, type: 'email', count: 3, start: null, to: null },
    ]);
  });

  it('e-mail list: bad addresses are named, removing is soft and confirmed, re-adding a removed one restores it', async () => {
    const listed = makeEmail();
    const removed = makeEmail({ id: 'e2', email: 'old@example.com', removed: 'Y' });
    const fetchMock = mockApi({
      [`GET ${PLANS}`]: page([makePlan()]),
      'GET /api/catalog/admin/products': page([P1]),
      // the payment-types panel above the plans
      'GET /api/payments/payment-types': json(200, []),
      [`GET ${EMAILS}`]: (url) =>
        page(url.searchParams.get('includeRemoved') === 'true' ? [listed, removed] : [listed]),
      [`POST ${EMAILS}`]: (_url, init) => {
        const { emails } = JSON.parse(String(init.body)) as { emails: string[] };
        const restored = emails.filter((e) => e === removed.email).length;
        return json(200, { added: emails.length - restored, restored, unchanged: 0, plan: makePlan() });
      },
      [`DELETE ${EMAILS}/e1`]: { status: 204 },
    });
    renderAdmin('/admin/patternPayment');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('plan-emails'));
    const dialog = await screen.findByTestId('plan-emails-dialog');
    expect((await within(dialog).findAllByTestId('plan-emails-row')).map((r) => r.textContent)).toEqual([
      expect.stringContaining('somchai@example.com'),
    ]);

    await ue.type(within(dialog).getByTestId('plan-emails-input'), 'a@b.co, not-an-email\nx@');
    await ue.click(within(dialog).getByTestId('plan-emails-add'));
    expect(within(dialog).getByText('รูปแบบ E-mail ไม่ถูกต้อง: not-an-email, x@')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', EMAILS)).toHaveLength(0);
    await ue.clear(within(dialog).getByTestId('plan-emails-input'));
    await ue.type(within(dialog).getByTestId('plan-emails-input'), 'New@Example.com\nnew@example.com');
    await ue.click(within(dialog).getByTestId('plan-emails-add'));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST', EMAILS)).toEqual([{ emails: ['new@example.com'] }]),
    );
    expect(within(dialog).getByTestId('plan-emails-result').textContent).toBe('เพิ่มใหม่ 1 กู้คืน 0 มีอยู่แล้ว 0');

    await ue.click(within(dialog).getByTestId('plan-email-delete'));
    const confirm = await screen.findByRole('alertdialog', { name: 'ลบ E-mail?' });
    expect(confirm.textContent).toContain('somchai@example.com');
    await ue.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'DELETE', `${EMAILS}/e1`)).toHaveLength(1));

    await ue.click(within(dialog).getByTestId('plan-emails-include-removed'));
    await waitFor(() => expect(within(dialog).getAllByTestId('plan-emails-row')).toHaveLength(2));
    const removedRow = within(dialog).getAllByTestId('plan-emails-row')[1]!;
    expect(within(removedRow).getByTestId('plan-email-removed').textContent).toBe('ลบแล้ว');
    await ue.click(within(removedRow).getByTestId('plan-email-restore'));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST', EMAILS).at(-1)).toEqual({ emails: ['old@example.com'] }),
    );
    expect((await within(dialog).findByTestId('plan-emails-result')).textContent).toBe(
      'เพิ่มใหม่ 0 กู้คืน 1 มีอยู่แล้ว 0',
    );
  });
});
