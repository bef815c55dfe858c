import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { useAuthDialogStore } from '../stores/auth-dialog-store';
import { LoginDialog } from './login-dialog';
import { PasswordDialog } from './password-dialog';
import { AuthUrlEffects } from './auth-url-effects';

const known = {
  'GET /api/auth/public-config': json(200, { facebook: null }),
  'POST /api/auth/password/check-email': json(200, { email: 'somchai@example.com', registered: true }),
  'POST /api/auth/password/code': json(202, { sent: true, expiresInSeconds: 600 }),
};

function renderDialogs(path = '/') {
  const ue = userEvent.setup();
  const view = renderWithProviders(
    <>
      <LoginDialog />
      <PasswordDialog />
      <AuthUrlEffects />
    </>,
    { path },
  );
  return { ue, ...view };
}

async function requestCodeFor(ue: ReturnType<typeof userEvent.setup>, email: string) {
  await ue.click(screen.getByTestId('forgot-password'));
  const field = await screen.findByTestId('password-email');
  await ue.clear(field);
  await ue.type(field, email);
  await ue.click(screen.getByTestId('password-submit'));
}

describe('forgot / change password', () => {
  it('"forgot password?" in the login dialog opens the flow with the typed e-mail', async () => {
    mockApi(known);
    useAuthDialogStore.getState().openLogin();
    const { ue } = renderDialogs();
    await ue.type(screen.getByTestId('login-email'), 'somchai@example.com');
    await ue.click(screen.getByTestId('forgot-password'));
    expect(await screen.findByRole('dialog', { name: 'เปลี่ยนรหัสผ่าน' })).toBeTruthy();
    expect((screen.getByTestId('password-email') as HTMLInputElement).value).toBe('somchai@example.com');
  });

  it('an unknown e-mail shows "ไม่มี Email ในระบบ" and no code is requested', async () => {
    const fetchMock = mockApi({
      ...known,
      'POST /api/auth/password/check-email': problem(404, 'auth.email_unknown', 'ไม่มี Email ในระบบ', {
        messages: { th: 'ไม่มี Email ในระบบ', en: 'This e-mail is not in the system' },
      }),
    });
    useAuthDialogStore.getState().openLogin();
    const { ue } = renderDialogs();
    await requestCodeFor(ue, 'nobody@example.com');
    expect(await screen.findByText('ไม่มี Email ในระบบ')).toBeTruthy();
    expect(screen.getByTestId('password-email').getAttribute('aria-invalid')).toBe('true');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/password/code')).toHaveLength(0);
  });

  it('checks the e-mail, sends the code, confirms, then changes the password and lands on /login', async () => {
    const fetchMock = mockApi({ ...known, 'POST /api/auth/password/reset': json(200, { changed: true }) });
    useAuthDialogStore.getState().openLogin();
    const { ue, router } = renderDialogs('/product/forex-pro');
    await requestCodeFor(ue, 'somchai@example.com');

    // "please check your e-mail"
    expect(await screen.findByRole('dialog', { name: 'กรุณาตรวจสอบอีเมล' })).toBeTruthy();
    expect(screen.getByTestId('password-sent').textContent).toContain('somchai@example.com');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/password/check-email')).toEqual([
      { email: 'somchai@example.com' },
    ]);
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/password/code')).toEqual([
      { email: 'somchai@example.com', locale: 'th' },
    ]);

    await ue.click(screen.getByTestId('password-enter-code'));
    await ue.type(await screen.findByTestId('password-code'), '1234');
    await ue.type(screen.getByTestId('password-new'), 'new-secret-1');
    await ue.type(screen.getByTestId('password-confirm'), 'new-secret-1');
    await ue.click(screen.getByTestId('password-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/password/reset')).toEqual([
      {
        email: 'somchai@example.com',
        code: '1234',
        password: 'new-secret-1',
        passwordConfirm: 'new-secret-1',
      },
    ]);
    // the login dialog, e-mail filled in, saying the password was changed
    expect(await screen.findByRole('dialog', { name: 'เข้าสู่ระบบ' })).toBeTruthy();
    expect((screen.getByTestId('login-email') as HTMLInputElement).value).toBe('somchai@example.com');
    expect(screen.getByTestId('login-notice').textContent).toBe(
      'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว กรุณาเข้าสู่ระบบด้วยรหัสผ่านใหม่',
    );
  });

  it('checks the new password before calling: 4-digit code, length, confirmation', async () => {
    const fetchMock = mockApi(known);
    useAuthDialogStore.getState().openPassword({ email: 'somchai@example.com', code: '12' });
    const { ue } = renderDialogs();
    await ue.type(screen.getByTestId('password-new'), 'short');
    await ue.type(screen.getByTestId('password-confirm'), 'other');
    await ue.click(screen.getByTestId('password-submit'));
    expect(screen.getByText('กรุณากรอกให้ครบ 4ตัวอักษร')).toBeTruthy();
    expect(screen.getByText('รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร')).toBeTruthy();
    expect(screen.getByText('ยืนยันรหัสผ่าน ไม่ตรงกัน')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/password/reset')).toHaveLength(0);
  });

  it('a failed change shows the server message and offers forgot-password again', async () => {
    const fetchMock = mockApi({
      ...known,
      'POST /api/auth/password/reset': problem(400, 'auth.code_mismatch', 'รหัสยืนยันไม่ตรงกัน'),
    });
    useAuthDialogStore.getState().openPassword({ email: 'somchai@example.com', code: '9999' });
    const { ue, router } = renderDialogs();
    await ue.type(screen.getByTestId('password-new'), 'new-secret-1');
    await ue.type(screen.getByTestId('password-confirm'), 'new-secret-1');
    await ue.click(screen.getByTestId('password-submit'));

    expect((await screen.findByTestId('password-error')).textContent).toBe('รหัสยืนยันไม่ตรงกัน');
    expect(router.state.location.pathname).toBe('/');
    await ue.click(screen.getByTestId('password-new-code'));
    // back to the e-mail step, e-mail kept: one click sends a new code
    const email = (await screen.findByTestId('password-email')) as HTMLInputElement;
    expect(email.value).toBe('somchai@example.com');
    expect(screen.queryByTestId('password-code')).toBeNull();
    await ue.click(screen.getByTestId('password-submit'));
    expect(await screen.findByTestId('password-sent')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/password/code')).toHaveLength(1);
  });

  it('a signed-in member gets the e-mail prefilled, and the ended session is cleared after the change', async () => {
    mockApi({ ...known, 'POST /api/auth/password/reset': json(200, { changed: true }) });
    useAuthStore.getState().setSession('old-token', makeUser({ email: 'member@example.com' }));
    useAuthDialogStore.getState().openPassword();
    const { ue, router } = renderDialogs();
    const email = screen.getByTestId('password-email') as HTMLInputElement;
    expect(email.value).toBe('member@example.com');
    await ue.click(screen.getByTestId('password-submit'));
    await ue.click(await screen.findByTestId('password-enter-code'));
    await ue.type(screen.getByTestId('password-code'), '4321');
    await ue.type(screen.getByTestId('password-new'), 'new-secret-1');
    await ue.type(screen.getByTestId('password-confirm'), 'new-secret-1');
    await ue.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAuthStore.getState().token).toBeNull();
  });
});
