import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { useAccountDialogStore } from '@/stores/account-dialog-store';
import AccountDialogs from './account-dialogs';

function openProfile(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(routes);
  useAuthStore.getState().setSession('member-jwt', makeUser({ nickname: 'ชาย', memberCode: 'M0042' }));
  useAccountDialogStore.getState().openProfile();
  renderWithProviders(<AccountDialogs />);
  return { fetchMock, ue: userEvent.setup() };
}

describe('profile dialog', () => {
  it('shows the member code and saves nickname and phone (only what changed) with PATCH /me', async () => {
    const updated = makeUser({ nickname: 'ชายกลาง', memberCode: 'M0042' });
    const { fetchMock, ue } = openProfile({ 'PATCH /api/auth/me': json(200, { user: updated }) });
    expect(screen.getByTestId('profile-member-code').textContent).toBe('M0042');
    const nickname = screen.getByTestId('profile-nickname') as HTMLInputElement;
    expect(nickname.value).toBe('ชาย');
    await ue.clear(nickname);
    await ue.type(nickname, 'ชายกลาง');
    await ue.click(screen.getByTestId('profile-save'));

    expect((await screen.findByTestId('profile-saved')).textContent).toBe('บันทึกข้อมูลเรียบร้อยแล้ว');
    expect(bodiesSentTo(fetchMock, 'PATCH', '/api/auth/me')).toEqual([{ nickname: 'ชายกลาง' }]);
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect((call[1]?.headers as Record<string, string>).Authorization).toBe('Bearer member-jwt');
    expect(useAuthStore.getState().user?.nickname).toBe('ชายกลาง');
  });

  it('checks the phone (10 digits) before calling', async () => {
    const { fetchMock, ue } = openProfile({});
    const phone = screen.getByTestId('profile-phone');
    await ue.clear(phone);
    await ue.type(phone, '0812');
    await ue.click(screen.getByTestId('profile-save'));
    expect(screen.getByText('กรุณากรอกให้ครบ 10ตัวอักษร')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PATCH', '/api/auth/me')).toHaveLength(0);
  });

  it('shows the server’s field error next to the field', async () => {
    const { ue } = openProfile({
      'PATCH /api/auth/me': problem(400, 'validation.failed', 'ข้อมูลไม่ถูกต้อง', {
        errors: [{ field: '/phone', code: 'validation.format', message: 'เบอร์นี้ใช้ไม่ได้' }],
      }),
    });
    const phone = screen.getByTestId('profile-phone');
    await ue.clear(phone);
    await ue.type(phone, '0899999999');
    await ue.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('เบอร์นี้ใช้ไม่ได้')).toBeTruthy();
  });
});
