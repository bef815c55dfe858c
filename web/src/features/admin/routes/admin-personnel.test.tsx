import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { useStaffStore } from '@/stores/staff-store';
import type { Personnel, StaffRole } from '@/types/api';
import { AdminPersonnelRoute } from './admin-personnel';

const BOSS: Personnel = {
  id: 's1',
  username: 'boss',
  name: 'Boss',
  lastName: null,
  nickname: null,
  tel: null,
  position: 'personnel',
  role: 'admin',
  disabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const NOK: Personnel = {
  ...BOSS,
  id: 's2',
  username: 'nok',
  name: 'นก',
  lastName: 'ใจดี',
  nickname: 'นก',
  tel: '0812345678',
  position: 'support',
  role: 'staff',
};

function renderPersonnel(role: StaffRole, routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/auth/admin/personnel': json(200, { items: [BOSS, NOK], page: 1, pageSize: 20, total: 2 }),
    ...routes,
  });
  useStaffStore.getState().setSession('staff-jwt', { id: 's1', username: 'boss', name: 'Boss', role });
  renderWithProviders(<AdminPersonnelRoute />);
  return { fetchMock, ue: userEvent.setup() };
}

const $ = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('/admin/personnel', () => {
  it('a staff member (not admin) sees "no access" and nothing is asked', async () => {
    const { fetchMock } = renderPersonnel('staff');
    expect(screen.getByTestId('personnel-no-access').textContent).toBe('หน้านี้สำหรับผู้ดูแลระบบ (admin) เท่านั้น');
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an admin sees the staff accounts, passwords nowhere', async () => {
    renderPersonnel('admin');
    const rows = await screen.findAllByTestId('personnel-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('nok')).toBeTruthy();
    expect(within(rows[1]!).getByText('เจ้าหน้าที่ (staff)')).toBeTruthy();
    // one cannot delete oneself from the list
    expect(within(rows[0]!).queryByTestId('personnel-delete')).toBeNull();
    expect(within(rows[1]!).getByTestId('personnel-delete')).toBeTruthy();
  });

  it('creates an account: password required on create; a taken username shows the server message on the field', async () => {
    let calls = 0;
    const { fetchMock, ue } = renderPersonnel('admin', {
      'POST /api/auth/admin/personnel': (_url, init) => {
        calls += 1;
        return calls === 1
          ? problem(409, 'auth.username_taken', 'ชื่อผู้ใช้นี้มีอยู่แล้ว')
          : json(201, { ...NOK, ...JSON.parse(String(init.body)), id: 's9' });
      },
    });
    await ue.click(await screen.findByTestId('personnel-new'));
    await ue.click(screen.getByTestId('personnel-save'));
    expect(screen.getAllByText('กรุณากรอกข้อมูล')).toHaveLength(3); // username, password, name
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/admin/personnel')).toHaveLength(0);

    await ue.type($('personnel-username'), 'nok');
    await ue.type($('personnel-password'), 'staff-pass-1');
    await ue.type($('personnel-name'), 'นก');
    await ue.type($('personnel-tel'), '0812345678');
    await ue.selectOptions(screen.getByTestId('personnel-role'), 'admin');
    await ue.click(screen.getByTestId('personnel-save'));
    await waitFor(() => expect($('personnel-username').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('ชื่อผู้ใช้นี้มีอยู่แล้ว')).toBeTruthy();

    await ue.clear($('personnel-username'));
    await ue.type($('personnel-username'), 'nok2');
    await ue.click(screen.getByTestId('personnel-save'));
    await waitFor(() => expect(screen.queryByTestId('personnel-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/admin/personnel').at(-1)).toEqual({
      username: 'nok2',
      password: 'staff-pass-1',
      name: 'นก',
      tel: '0812345678',
      role: 'admin',
    });
  });

  it('edits an account without touching the password unless asked', async () => {
    const { fetchMock, ue } = renderPersonnel('admin', {
      'PUT /api/auth/admin/personnel/s2': (_url, init) =>
        json(200, { ...NOK, ...JSON.parse(String(init.body)) }),
    });
    await ue.click((await screen.findAllByTestId('personnel-edit'))[1]!);
    expect($('personnel-username').value).toBe('nok');
    expect(screen.queryByTestId('personnel-password')).toBeNull();
    await ue.clear($('personnel-position'));
    await ue.type($('personnel-position'), 'coach');
    await ue.click(screen.getByTestId('personnel-save'));
    await waitFor(() => expect(screen.queryByTestId('personnel-dialog')).toBeNull());
    const [body] = bodiesSentTo(fetchMock, 'PUT', '/api/auth/admin/personnel/s2') as Record<
      string,
      unknown
    >[];
    expect(body).toEqual({
      username: 'nok',
      name: 'นก',
      lastName: 'ใจดี',
      nickname: 'นก',
      tel: '0812345678',
      position: 'coach',
      role: 'staff',
    });
    expect(body).not.toHaveProperty('password');

    await ue.click(screen.getAllByTestId('personnel-edit')[1]!);
    await ue.click(screen.getByTestId('personnel-change-password'));
    await ue.type($('personnel-password'), 'short');
    await ue.click(screen.getByTestId('personnel-save'));
    expect(screen.getByText('รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร')).toBeTruthy();
  });

  it('deletes after a confirmation and shows the server message when refused', async () => {
    const { ue } = renderPersonnel('admin', {
      'DELETE /api/auth/admin/personnel/s2': problem(409, 'auth.last_admin', 'ต้องมีผู้ดูแลระบบอย่างน้อย 1 คน'),
    });
    await ue.click((await screen.findAllByTestId('personnel-delete'))[0]!);
    const confirm = await screen.findByRole('alertdialog', { name: 'ลบเจ้าหน้าที่?' });
    expect(confirm.textContent).toContain('nok');
    await ue.click(within(confirm).getByTestId('confirm-submit'));
    expect((await screen.findByTestId('personnel-delete-error')).textContent).toBe(
      'ต้องมีผู้ดูแลระบบอย่างน้อย 1 คน',
    );
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});
