import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { useStaffStore } from '@/stores/staff-store';
import type { Delivery } from '@/types/api';
import { AdminDeliveriesRoute } from './admin-deliveries';

const delivery = (over: Partial<Delivery>): Delivery => ({
  id: 'd1',
  channel: 'email',
  to: 'buyer@example.com',
  template: 'orders.order-confirmed',
  locale: 'th',
  subject: 'ยืนยันคำสั่งซื้อ RIAN-0007 - Rian',
  text: 'คำสั่งซื้อ: RIAN-0007',
  status: 'sent',
  attempts: 1,
  error: null,
  eventId: null,
  createdAt: '2026-11-26T04:00:00.000Z',
  sentAt: '2026-11-26T04:00:01.000Z',
  resentCount: 0,
  resentAt: null,
  ...over,
});

function renderLog(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(routes);
  useStaffStore
    .getState()
    .setSession('staff-jwt', { id: 's1', username: 'boss', name: 'Boss', role: 'staff' });
  renderWithProviders(<></>, {
    path: '/admin/deliveries',
    routes: [{ path: 'admin/deliveries', Component: AdminDeliveriesRoute }],
  });
  const listCalls = () =>
    fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname === '/api/notifications/deliveries');
  return { fetchMock, listCalls, ue: userEvent.setup() };
}

describe('/admin/deliveries: search by recipient and type, resend a failed one', () => {
  it('sends the recipient and the type as filters', async () => {
    const { listCalls, ue } = renderLog({
      'GET /api/notifications/deliveries': json(200, {
        items: [delivery({})],
        page: 1,
        pageSize: 20,
        total: 1,
      }),
    });
    expect(await screen.findByText('buyer@example.com')).toBeTruthy();
    await ue.type(screen.getByLabelText('ผู้รับ'), 'Buyer@example.com');
    await ue.type(screen.getByLabelText('ประเภท (เช่น orders.)'), 'orders.');
    await ue.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => {
      const last = listCalls().at(-1)!;
      expect(last.searchParams.get('to')).toBe('Buyer@example.com');
      expect(last.searchParams.get('template')).toBe('orders.');
    });
  });

  it('offers "send again" on a failed delivery only; the list shows it pending after', async () => {
    let resent = false;
    const { fetchMock, ue } = renderLog({
      'GET /api/notifications/deliveries': () =>
        json(200, {
          items: [
            delivery({
              id: 'f1',
              to: 'down@example.com',
              status: resent ? 'pending' : 'failed',
              error: resent ? null : 'connect ECONNREFUSED',
              attempts: resent ? 0 : 6,
              resentCount: resent ? 1 : 0,
            }),
            delivery({ id: 's1' }),
          ],
          page: 1,
          pageSize: 20,
          total: 2,
        }),
      'POST /api/notifications/deliveries/f1/resend': () => {
        resent = true;
        return json(200, delivery({ id: 'f1', status: 'pending', attempts: 0, resentCount: 1 }));
      },
    });
    const button = await screen.findByRole('button', { name: 'ส่งอีกครั้ง: down@example.com' });
    expect(screen.getAllByRole('button', { name: /^ส่งอีกครั้ง/ })).toHaveLength(1);
    await ue.click(button);
    expect(await screen.findByText('ส่งซ้ำแล้ว 1 ครั้ง')).toBeTruthy();
    expect(screen.getByText('รอส่งอีกครั้งแล้ว').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: /^ส่งอีกครั้ง/ })).toBeNull();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]![1]?.headers).toMatchObject({ Authorization: 'Bearer staff-jwt' });
  });

  it('shows the Thai problem when the delivery is no longer failed', async () => {
    const { ue } = renderLog({
      'GET /api/notifications/deliveries': json(200, {
        items: [delivery({ id: 'f2', to: 'late@example.com', status: 'failed', error: 'x' })],
        page: 1,
        pageSize: 20,
        total: 1,
      }),
      'POST /api/notifications/deliveries/f2/resend': problem(
        409,
        'notifications.delivery_not_failed',
        'ส่งซ้ำได้เฉพาะรายการที่ส่งไม่สำเร็จ',
      ),
    });
    await ue.click(await screen.findByRole('button', { name: 'ส่งอีกครั้ง: late@example.com' }));
    expect(await screen.findByText('ส่งซ้ำได้เฉพาะรายการที่ส่งไม่สำเร็จ')).toBeTruthy();
  });
});
