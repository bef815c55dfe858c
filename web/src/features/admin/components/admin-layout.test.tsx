import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/router';
import { json, mockApi, problem } from '@/testing/render';
import { useStaffStore } from '@/stores/staff-store';
import type { Staff } from '@/types/api';

const ADMIN: Staff = { id: 's1', username: 'boss', name: 'Boss', role: 'admin' };
const page = (items: unknown[] = []) => json(200, { items, page: 1, pageSize: 20, total: items.length });

/** The app's own routes (guards, lazy chunks and all), in memory. */
function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('back office guards and layout', () => {
  it('/admin without a staff session shows the staff login', async () => {
    mockApi({});
    const router = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(await screen.findByTestId('staff-username')).toBeTruthy();
  });

  it.each(['/admin/user', '/admin/personnel', '/admin/deliveries', '/admin/coupon'])(
    '%s without a staff session goes to /logout',
    async (path) => {
      mockApi({ 'POST /api/auth/logout': { status: 204 } });
      const router = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).not.toBe(path));
      // /logout ends the session and returns home
      expect(['/logout', '/']).toContain(router.state.location.pathname);
    },
  );

  it('a staff login that fails shows the server message; one that works lands on /admin/', async () => {
    let attempts = 0;
    mockApi({
      'POST /api/auth/staff/login': () => {
        attempts += 1;
        return attempts === 1
          ? problem(401, 'auth.staff_invalid_credentials', 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง')
          : json(200, { token: 'staff-jwt', tokenType: 'Bearer', expiresIn: 21600, staff: ADMIN });
      },
      'GET /api/auth/admin/users': page(),
    });
    const router = renderApp('/admin/login');
    const ue = userEvent.setup();
    await ue.type(await screen.findByTestId('staff-username'), 'boss');
    await ue.type(screen.getByTestId('staff-password'), 'wrong');
    await ue.click(screen.getByTestId('staff-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');
    await ue.click(screen.getByTestId('staff-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('shows the spec’s menu groups; pages of later issues are disabled, ours are links', async () => {
    mockApi({ 'GET /api/auth/admin/users': page() });
    useStaffStore.getState().setSession('staff-jwt', ADMIN);
    renderApp('/admin/');
    const menu = (await screen.findAllByRole('navigation', { name: 'เมนูหลังบ้าน' }))[0]!;
    const groups = within(menu)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(groups).toEqual([
      'Member',
      'Course',
      'Product',
      'Order',
      'Discount',
      'Group',
      'Bank',
      'Media',
      'ระบบ',
    ]);
    expect(within(menu).getByRole('link', { name: 'User' }).getAttribute('href')).toBe('/admin/user');
    expect(within(menu).getByRole('link', { name: 'Personnel' }).getAttribute('href')).toBe(
      '/admin/personnel',
    );
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin/');
    // issue 4's catalog pages are links, in the spec's groups
    for (const [name, href] of [
      ['Coach', '/admin/coach'],
      ['Instructor', '/admin/instructor'],
      ['Product', '/admin/product'],
      ['Packages', '/admin/packages'],
      ['Payment pattern', '/admin/patternPayment'],
      ['BookBank', '/admin/bookbank'],
    ]) {
      expect(within(menu).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    // issue 5's coupon page is a link too, and so is the courses page
    expect(within(menu).getByRole('link', { name: 'Courses' }).getAttribute('href')).toBe('/admin/courses');
    expect(within(menu).getByRole('link', { name: 'Coupon' }).getAttribute('href')).toBe('/admin/coupon');
    // issue 16's check-in lists and group pages are links
    expect(within(menu).getByRole('link', { name: 'User Checking' }).getAttribute('href')).toBe(
      '/admin/userChecking',
    );
    expect(within(menu).getByRole('link', { name: 'Member Group' }).getAttribute('href')).toBe(
      '/admin/memberGroup',
    );
    // issue 17's bookings page is a link, and so is issue 15's live streams page (the dashboard links to it)
    expect(within(menu).getByRole('link', { name: 'User Book' }).getAttribute('href')).toBe(
      '/admin/userCourseBooking',
    );
    expect(within(menu).getByRole('link', { name: 'LiveStreaming' }).getAttribute('href')).toBe(
      '/admin/liveStreaming',
    );
    expect(within(menu).getByRole('button', { name: 'ออกจากระบบ' })).toBeTruthy();
  });

  it('keeps the delivery log reachable from the menu', async () => {
    mockApi({
      'GET /api/auth/admin/users': page(),
      'GET /api/notifications/deliveries': page([
        {
          id: 'd1',
          channel: 'email',
          to: 'somchai@example.com',
          template: 'auth.email-code.password-reset',
          locale: 'th',
          subject: 'รหัสยืนยันการตั้งรหัสผ่านใหม่ Rian',
          text: 'รหัสยืนยันของคุณคือ 1234',
          status: 'logged',
          attempts: 1,
          error: null,
          eventId: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          sentAt: null,
        },
      ]),
    });
    useStaffStore.getState().setSession('staff-jwt', ADMIN);
    const router = renderApp('/admin/');
    const menu = (await screen.findAllByRole('navigation', { name: 'เมนูหลังบ้าน' }))[0]!;
    await userEvent.click(within(menu).getByRole('link', { name: 'บันทึกการส่งอีเมล' }));
    expect(router.state.location.pathname).toBe('/admin/deliveries');
    expect(await screen.findByText('รหัสยืนยันการตั้งรหัสผ่านใหม่ Rian')).toBeTruthy();
  });

  it('logout from the menu ends the staff session', async () => {
    mockApi({ 'GET /api/auth/admin/users': page() });
    useStaffStore.getState().setSession('staff-jwt', ADMIN);
    const router = renderApp('/admin/');
    const menu = (await screen.findAllByRole('navigation', { name: 'เมนูหลังบ้าน' }))[0]!;
    await userEvent.click(within(menu).getByRole('button', { name: 'ออกจากระบบ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(useStaffStore.getState().token).toBeNull();
  });

  it('a staff token the server refuses ends the staff session (→ /logout)', async () => {
    mockApi({
      'GET /api/auth/admin/users': problem(401, 'auth.token_expired', 'เซสชันหมดอายุ'),
      'POST /api/auth/logout': { status: 204 },
    });
    useStaffStore.getState().setSession('staff-jwt', ADMIN);
    const router = renderApp('/admin/user');
    await waitFor(() => expect(useStaffStore.getState().token).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/admin/user'));
  });
});
