import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentTypeView } from '@rian/proto-contracts/payments';
import { paymentTypesQueryKey } from '@/api/get-payment-types';
import { useLanguageStore } from '@/stores/language-store';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { renderApp } from '@/testing/app';
import { page, signInStaff } from '@/testing/admin';

const TYPES = '/api/payments/payment-types';
const PUT = (id: number) => `/api/payments/admin/payment-types/${id}`;

/** payments' seeded rows (migration 0002), instalments switched off */
function seeded(): PaymentTypeView[] {
  const row = (
    id: PaymentTypeView['id'],
    icon: string,
    th: string,
    en: string,
    disable: 'Y' | 'N',
  ): PaymentTypeView => ({
    id,
    icon,
    title: { th, en },
    detail: { th: `รายละเอียด ${th}`, en: `About ${en}` },
    disable,
  });
  return [
    row(1, 'card', 'บัตรเครดิต / เดบิต', 'Credit / debit card', 'N'),
    row(4, 'bank', 'โอนเงินผ่านธนาคาร', 'Bank transfer', 'N'),
    row(6, 'coin', 'ชำระด้วย Coin', 'Pay with coins', 'N'),
    row(8, 'installment', 'ผ่อนชำระ', 'Instalments', 'Y'),
  ];
}

/** A payments stand-in: GET answers the current rows; PUT changes one (or answers `refuse`). */
function mockPayments(refuse: Partial<Record<number, ReturnType<typeof problem>>> = {}) {
  const rows = seeded();
  const fetchMock = mockApi({
    'GET /api/catalog/admin/installment-plans': page([]),
    'GET /api/catalog/admin/products': page([]),
    [`GET ${TYPES}`]: () => json(200, rows),
    ...Object.fromEntries(
      rows.map((r) => [
        `PUT ${PUT(r.id)}`,
        (_url: URL, init: RequestInit) => {
          const refusal = refuse[r.id];
          if (refusal) return refusal;
          r.disable = (JSON.parse(String(init.body)) as { disable: 'Y' | 'N' }).disable;
          return json(200, r);
        },
      ]),
    ),
  });
  const listReads = () =>
    fetchMock.mock.calls.filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === 'GET' && new URL(String(input), 'http://localhost').pathname === TYPES,
    ).length;
  const putHeaders = (id: number) =>
    fetchMock.mock.calls
      .filter(
        ([input, init]) =>
          init?.method === 'PUT' && new URL(String(input), 'http://localhost').pathname === PUT(id),
      )
      .map(([, init]) => init?.headers as Record<string, string>);
  return { fetchMock, listReads, putHeaders };
}

function renderPatternPayment() {
  signInStaff();
  return renderApp('/admin/patternPayment');
}

const switchOf = (name: string) => screen.getByRole('switch', { name });

describe('/admin/patternPayment — payment types', () => {
  it('lists the four types above the plans, each with its icon, title, detail and an on/off switch (Thai, English)', async () => {
    mockPayments();
    renderPatternPayment();
    const panel = await screen.findByRole('region', { name: 'ช่องทางการชำระเงิน (Payment type)' });
    const rows = await within(panel).findAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual([
      'payment-type-1',
      'payment-type-4',
      'payment-type-6',
      'payment-type-8',
    ]);
    expect(rows[0]!.textContent).toContain('รายละเอียด บัตรเครดิต / เดบิต');
    expect(rows.every((r) => r.querySelector('svg') !== null)).toBe(true);
    expect(switchOf('บัตรเครดิต / เดบิต').getAttribute('aria-checked')).toBe('true');
    expect(switchOf('ผ่อนชำระ').getAttribute('aria-checked')).toBe('false');
    expect(switchOf('ผ่อนชำระ').getAttribute('aria-describedby')).toBe(
      within(rows[3]!).getByText('รายละเอียด ผ่อนชำระ').id,
    );
    expect(rows[3]!.textContent).toContain('ปิดอยู่');
    // the panel comes before the plans list
    const plansHeading = await screen.findByRole('heading', { level: 1 });
    expect(panel.compareDocumentPosition(plansHeading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    useLanguageStore.getState().setLanguage('en');
    expect(await screen.findByRole('switch', { name: 'Credit / debit card' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Payment types' }).textContent).toContain('About Instalments');
  });

  it('switching a type off asks first, then sends PUT with the staff token; the switch and the shared list follow', async () => {
    const { fetchMock, listReads, putHeaders } = mockPayments();
    const { queryClient } = renderPatternPayment();
    const ue = userEvent.setup();
    await screen.findAllByRole('switch');
    expect(listReads()).toBe(1);

    // cancelled: nothing sent, still on
    await ue.click(switchOf('บัตรเครดิต / เดบิต'));
    let confirm = await screen.findByRole('alertdialog', { name: 'ปิดช่องทางการชำระเงิน?' });
    expect(confirm.textContent).toContain('ผู้ซื้อจะเลือก "บัตรเครดิต / เดบิต" ไม่ได้จนกว่าจะเปิดอีกครั้ง');
    await ue.click(within(confirm).getByRole('button', { name: 'ยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'PUT', PUT(1))).toEqual([]);
    expect(switchOf('บัตรเครดิต / เดบิต').getAttribute('aria-checked')).toBe('true');

    // confirmed
    await ue.click(switchOf('บัตรเครดิต / เดบิต'));
    confirm = await screen.findByRole('alertdialog', { name: 'ปิดช่องทางการชำระเงิน?' });
    await ue.click(within(confirm).getByRole('button', { name: 'ปิดช่องทาง' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'PUT', PUT(1))).toEqual([{ disable: 'Y' }]);
    expect(putHeaders(1)[0]!.Authorization).toBe('Bearer staff-jwt');
    await waitFor(() => expect(switchOf('บัตรเครดิต / เดบิต').getAttribute('aria-checked')).toBe('false'));
    expect(screen.getByTestId('payment-type-1').textContent).toContain('ปิดอยู่');
    // the list is read again, and checkout's cache entry (the same key) holds the change
    await waitFor(() => expect(listReads()).toBe(2));
    expect(
      queryClient.getQueryData<PaymentTypeView[]>(paymentTypesQueryKey)?.find((t) => t.id === 1)?.disable,
    ).toBe('Y');

    // switching on needs no confirmation
    await ue.click(switchOf('ผ่อนชำระ'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(switchOf('ผ่อนชำระ').getAttribute('aria-checked')).toBe('true'));
    expect(bodiesSentTo(fetchMock, 'PUT', PUT(8))).toEqual([{ disable: 'N' }]);
    expect(putHeaders(8)[0]!.Authorization).toBe('Bearer staff-jwt');
  });

  it('a refusal shows the server’s text and leaves the switch as it was (403 switching off, 500 switching on)', async () => {
    const { fetchMock } = mockPayments({
      1: problem(403, 'auth.forbidden', 'ไม่มีสิทธิ์เข้าถึง'),
      8: problem(500, 'service.internal', 'ระบบขัดข้อง ลองใหม่ภายหลัง'),
    });
    renderPatternPayment();
    const ue = userEvent.setup();
    await screen.findAllByRole('switch');

    await ue.click(switchOf('บัตรเครดิต / เดบิต'));
    const confirm = await screen.findByRole('alertdialog', { name: 'ปิดช่องทางการชำระเงิน?' });
    await ue.click(within(confirm).getByRole('button', { name: 'ปิดช่องทาง' }));
    expect((await within(confirm).findByTestId('confirm-error')).textContent).toBe('ไม่มีสิทธิ์เข้าถึง');
    expect(bodiesSentTo(fetchMock, 'PUT', PUT(1))).toEqual([{ disable: 'Y' }]);
    await ue.click(within(confirm).getByRole('button', { name: 'ยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(switchOf('บัตรเครดิต / เดบิต').getAttribute('aria-checked')).toBe('true');

    await ue.click(switchOf('ผ่อนชำระ'));
    expect((await screen.findByTestId('payment-types-error')).textContent).toBe('ระบบขัดข้อง ลองใหม่ภายหลัง');
    expect(bodiesSentTo(fetchMock, 'PUT', PUT(8))).toEqual([{ disable: 'N' }]);
    expect(switchOf('ผ่อนชำระ').getAttribute('aria-checked')).toBe('false');
    expect(switchOf('ผ่อนชำระ').hasAttribute('disabled')).toBe(false);
  });
});
