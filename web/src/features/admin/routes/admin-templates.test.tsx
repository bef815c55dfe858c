import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderWithProviders } from '@/testing/render';
import { useStaffStore } from '@/stores/staff-store';
import { AdminTemplatesRoute } from './admin-templates';

describe('/admin/templates: the staff preview of message templates', () => {
  it('lists the templates and shows the chosen one in the chosen language, HTML in a sandboxed frame', async () => {
    const fetchMock = mockApi({
      'GET /api/notifications/templates': json(200, [
        { name: 'orders.order-confirmed', channel: 'email', locales: ['th', 'en'] },
        { name: 'staff-chat.member-registered', channel: 'chat', locales: ['th'] },
      ]),
      'GET /api/notifications/templates/orders.order-confirmed/preview': (url) =>
        json(
          200,
          url.searchParams.get('locale') === 'en'
            ? {
                name: 'orders.order-confirmed',
                locale: 'en',
                subject: 'Your Rian order RIAN-0007 is confirmed',
                text: 'Order: RIAN-0007',
                html: '<p>Order: RIAN-0007</p>',
              }
            : {
                name: 'orders.order-confirmed',
                locale: 'th',
                subject: 'ยืนยันคำสั่งซื้อ RIAN-0007 - Rian',
                text: 'คำสั่งซื้อ: RIAN-0007',
                html: '<p>คำสั่งซื้อ: RIAN-0007</p>',
                files: [
                  'services/notifications/templates/orders.order-confirmed.th.subject.txt',
                  'services/notifications/templates/orders.order-confirmed.th.txt',
                  'services/notifications/templates/orders.order-confirmed.th.html',
                ],
              },
        ),
      'GET /api/notifications/templates/staff-chat.member-registered/preview': json(200, {
        name: 'staff-chat.member-registered',
        locale: 'th',
        subject: 'สมาชิกใหม่',
        text: 'สมาชิกใหม่\nรหัสสมาชิก M0001',
        html: '',
      }),
    });
    useStaffStore
      .getState()
      .setSession('staff-jwt', { id: 's1', username: 'boss', name: 'Boss', role: 'staff' });
    renderWithProviders(<></>, {
      path: '/admin/templates',
      routes: [{ path: 'admin/templates', Component: AdminTemplatesRoute }],
    });
    const ue = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'ยืนยันคำสั่งซื้อ RIAN-0007 - Rian' })).toBeTruthy();
    const frame = screen.getByTitle('ตัวอย่าง: ยืนยันคำสั่งซื้อ RIAN-0007 - Rian');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>คำสั่งซื้อ: RIAN-0007</p>');
    // the files staff have edited to change the wording
    const files = screen.getByRole('list', { name: 'ไฟล์ของข้อความนี้ (แก้ไขถ้อยคำได้ที่ไฟล์เหล่านี้)' });
    expect([...files.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'services/notifications/templates/orders.order-confirmed.th.subject.txt',
      'services/notifications/templates/orders.order-confirmed.th.txt',
      'services/notifications/templates/orders.order-confirmed.th.html',
    ]);

    await ue.selectOptions(screen.getByLabelText('ภาษา'), 'en');
    expect(
      await screen.findByRole('heading', { name: 'Your Rian order RIAN-0007 is confirmed' }),
    ).toBeTruthy();

    await ue.selectOptions(screen.getByLabelText('แม่แบบข้อความ'), 'staff-chat.member-registered');
    await waitFor(() => expect(screen.getByTestId('template-text').textContent).toContain('รหัสสมาชิก M0001'));
    // a Thai-only template: the language list has Thai only, and no HTML frame
    expect(screen.queryAllByRole('option', { name: 'English' })).toHaveLength(0);
    expect(screen.queryByTitle(/^ตัวอย่าง/)).toBeNull();
    // a preview without files (an older notifications) shows no file list
    expect(screen.queryByRole('list')).toBeNull();
    const calls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(calls.some((u) => u.includes('staff-chat.member-registered/preview?locale=th'))).toBe(true);
  });
});
