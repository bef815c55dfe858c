import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useStaffStore } from '@/stores/staff-store';
import type { Address, User } from '@/types/api';
import { AdminUsersRoute } from './admin-users';

const USERS: User[] = [
  makeUser({ id: 'u1', email: 'somchai@example.com', memberCode: 'M0001', status: 'New' }),
  makeUser({
    id: 'u2',
    email: 'suda@example.com',
    firstName: 'สุดา',
    lastName: 'รักเรียน',
    memberCode: 'M0002',
    status: 'Premium',
    membershipCodes: ['SPTR'],
  }),
];

const ADDRESS: Address = {
  format: 'delivery',
  type: 'person',
  fullname: 'สมชาย ใจดี',
  vatId: null,
  tel: '0812345678',
  address: '1 ถนนหน้าพระลาน',
  provinceId: 10,
  provinceName: 'กรุงเทพมหานคร',
  districtId: 1001,
  districtName: 'พระนคร',
  subDistrictId: 100101,
  subDistrictName: 'พระบรมมหาราชวัง',
  zip: '10200',
  note: null,
  updatedAt: '2026-01-02T00:00:00.000Z',
};

const CHANGE = {
  id: 'c1',
  userId: 'u1',
  field: 'status',
  before: 'New',
  after: 'Wait',
  changedBy: { id: 's1', kind: 'staff', name: 'boss' },
  changedAt: '2026-01-03T04:05:06.000Z',
};

function renderUsers(routes: Parameters<typeof mockApi>[0], path = '/admin/user') {
  const fetchMock = mockApi({
    'GET /api/auth/admin/users': (url) =>
      json(200, {
        items: url.searchParams.get('status') === 'Premium' ? [USERS[1]] : USERS,
        page: Number(url.searchParams.get('page') ?? 1),
        pageSize: 20,
        total: 45,
      }),
    ...routes,
  });
  useStaffStore
    .getState()
    .setSession('staff-jwt', { id: 's1', username: 'boss', name: 'Boss', role: 'staff' });
  const view = renderWithProviders(<></>, {
    path,
    routes: [{ path: 'admin/user', Component: AdminUsersRoute }],
  });
  return { fetchMock, ue: userEvent.setup(), ...view };
}

function listQueries(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname === '/api/auth/admin/users');
}

describe('/admin/user', () => {
  it('lists members with the staff token, newest first', async () => {
    const { fetchMock } = renderUsers({});
    const rows = await screen.findAllByTestId('users-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('suda@example.com')).toBeTruthy();
    expect(within(rows[1]!).getByText('SPTR')).toBeTruthy();
    expect(screen.getByTestId('pager-status').textContent).toBe('หน้า 1 จาก 3 (45 รายการ)');
    const [url] = listQueries(fetchMock);
    expect(url!.searchParams.get('sort')).toBe('-createdAt');
    expect(url!.searchParams.get('pageSize')).toBe('20');
    const auth = (fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization;
    expect(auth).toBe('Bearer staff-jwt');
  });

  it('searches, filters by status, sorts and pages — each reflected in the query and the address', async () => {
    const { fetchMock, ue, router } = renderUsers({});
    await screen.findAllByTestId('users-row');

    await ue.type(screen.getByTestId('users-search'), 'suda');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)!.searchParams.get('q')).toBe('suda'));

    await ue.selectOptions(screen.getByTestId('users-status'), 'Premium');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)!.searchParams.get('status')).toBe('Premium'));
    await waitFor(() => expect(screen.getAllByTestId('users-row')).toHaveLength(1));

    const emailHeader = screen.getByTestId('sort-email').closest('th')!;
    expect(emailHeader.getAttribute('aria-sort')).toBe('none');
    await ue.click(screen.getByTestId('sort-email'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)!.searchParams.get('sort')).toBe('email'));
    expect(screen.getByTestId('sort-email').closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    await ue.click(screen.getByTestId('sort-email'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)!.searchParams.get('sort')).toBe('-email'));
    expect(screen.getByTestId('sort-email').closest('th')!.getAttribute('aria-sort')).toBe('descending');

    await ue.click(screen.getByRole('button', { name: 'ถัดไป' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)!.searchParams.get('page')).toBe('2'));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('Premium');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
  });

  it('opens a member: addresses, change history, and an edit of status and membership codes', async () => {
    const { fetchMock, ue } = renderUsers({
      'GET /api/auth/admin/users/u1': json(200, { user: USERS[0], addresses: [ADDRESS] }),
      'GET /api/auth/admin/users/u1/changes': json(200, { items: [CHANGE], page: 1, pageSize: 10, total: 1 }),
      'PATCH /api/auth/admin/users/u1': (_url, init) => {
        const patch = JSON.parse(String(init.body));
        return json(200, { user: { ...USERS[0], ...patch } });
      },
    });
    await ue.click((await screen.findAllByTestId('users-view'))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'สมชาย ใจดี' });

    // addresses: the saved one and the empty slots
    const addresses = within(dialog).getByTestId('user-addresses');
    expect(addresses.textContent).toContain('1 ถนนหน้าพระลาน');
    expect(addresses.textContent).toContain('พระบรมมหาราชวัง พระนคร กรุงเทพมหานคร 10200');
    expect(within(addresses).getAllByText('ยังไม่มีที่อยู่')).toHaveLength(3);
    // history: who, what, before, after
    const history = await within(dialog).findByTestId('user-changes');
    expect(within(history).getByText('boss')).toBeTruthy();
    expect(within(history).getByText('New')).toBeTruthy();
    expect(within(history).getByText('Wait')).toBeTruthy();

    const save = within(dialog).getByTestId('user-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed yet
    await ue.selectOptions(within(dialog).getByTestId('user-status'), 'Premium');
    await ue.click(within(dialog).getByTestId('code-SPTRO'));
    await ue.click(within(dialog).getByTestId('code-CG2'));
    expect(save.disabled).toBe(false);
    await ue.click(save);

    expect((await within(dialog).findByTestId('user-saved')).textContent).toBe('บันทึกการเปลี่ยนแปลงแล้ว');
    expect(bodiesSentTo(fetchMock, 'PATCH', '/api/auth/admin/users/u1')).toEqual([
      { status: 'Premium', membershipCodes: ['SPTRO', 'CG2'] },
    ]);
    // the history is asked again after a change
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/auth/admin/users/u1/changes')).length,
      ).toBeGreaterThanOrEqual(2),
    );
  });

  it('shows the server’s message when an edit is refused', async () => {
    const { ue } = renderUsers({
      'GET /api/auth/admin/users/u1': json(200, { user: USERS[0], addresses: [] }),
      'GET /api/auth/admin/users/u1/changes': json(200, { items: [], page: 1, pageSize: 10, total: 0 }),
      'PATCH /api/auth/admin/users/u1': problem(403, 'auth.forbidden', 'ไม่มีสิทธิ์เข้าถึง'),
    });
    await ue.click((await screen.findAllByTestId('users-view'))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'สมชาย ใจดี' });
    await ue.selectOptions(within(dialog).getByTestId('user-status'), 'Wait');
    await ue.click(within(dialog).getByTestId('user-save'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('ไม่มีสิทธิ์เข้าถึง');
  });
});
