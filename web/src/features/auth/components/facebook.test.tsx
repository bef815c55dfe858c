import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { useAuthDialogStore } from '../stores/auth-dialog-store';
import { browser } from '../lib/facebook-redirect';
import { LoginFacebookRoute } from '../routes/login-facebook';
import { LoginDialog } from './login-dialog';
import { RegisterDialog } from './register-dialog';
import { SocialConnectDialog } from './social-connect-dialog';

const CONFIG = {
  'GET /api/auth/public-config': json(200, {
    facebook: { appId: 'app-123', dialogUrl: 'http://fb.test/v19.0/dialog/oauth' },
  }),
};
const SOCIAL = {
  id: 'fb-1',
  name: 'Somchai Jaidee',
  email: 'somchai@example.com',
  pictureUrl: 'http://fb.test/pic/1.jpg',
};
const STATE_KEY = 'rian.facebookState';

function renderDialogs(path = '/') {
  return renderWithProviders(
    <>
      <LoginDialog />
      <RegisterDialog />
      <SocialConnectDialog />
    </>,
    { path, routes: [{ path: 'loginFacebook', Component: LoginFacebookRoute }] },
  );
}

/** Back from Facebook with a token and the state we kept. */
function returnWithToken(token = 'fb-token') {
  sessionStorage.setItem(STATE_KEY, 'state-abc');
  return renderDialogs(`/loginFacebook#access_token=${token}&expires_in=3600&state=state-abc`);
}

describe('Facebook sign-in', () => {
  it('shows no Facebook button when the server has none configured', async () => {
    mockApi({ 'GET /api/auth/public-config': json(200, { facebook: null }) });
    useAuthDialogStore.getState().openLogin();
    const { queryClient } = renderDialogs();
    await waitFor(() => expect(queryClient.getQueryState(['auth', 'public-config'])?.status).toBe('success'));
    expect(screen.getByTestId('login-submit')).toBeTruthy();
    expect(screen.queryByTestId('facebook-login')).toBeNull();
  });

  it('"Continue with Facebook" sends the browser to the dialog with a random state kept in sessionStorage', async () => {
    mockApi(CONFIG);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    useAuthDialogStore.getState().openLogin();
    renderDialogs();
    await userEvent.click(await screen.findByTestId('facebook-login'));
    expect(assign).toHaveBeenCalledTimes(1);
    const url = new URL(assign.mock.calls[0]![0]);
    expect(`${url.origin}${url.pathname}`).toBe('http://fb.test/v19.0/dialog/oauth');
    expect(url.searchParams.get('client_id')).toBe('app-123');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/loginFacebook`);
    expect(url.searchParams.get('response_type')).toBe('token');
    expect(url.searchParams.get('scope')).toBe('public_profile,email');
    const state = url.searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionStorage.getItem(STATE_KEY)).toBe(state);
  });

  it('the register dialog offers it too', async () => {
    mockApi(CONFIG);
    useAuthDialogStore.getState().openRegister();
    renderDialogs();
    expect(await screen.findByTestId('facebook-login')).toBeTruthy();
    expect(screen.getByTestId('facebook-login').textContent).toContain('ดำเนินการต่อด้วย Facebook');
  });

  it('a cancel shows "User cancelled login or did not fully authorize." and asks the server nothing', async () => {
    const fetchMock = mockApi(CONFIG);
    sessionStorage.setItem(STATE_KEY, 'state-abc');
    const { router } = renderDialogs(
      '/loginFacebook?error=access_denied&error_code=200&error_reason=user_denied&state=state-abc',
    );
    expect((await screen.findByTestId('login-notice')).textContent).toBe(
      'User cancelled login or did not fully authorize.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/facebook/login')).toHaveLength(0);
  });

  it('refuses a return whose state is not the one we sent', async () => {
    const fetchMock = mockApi(CONFIG);
    sessionStorage.setItem(STATE_KEY, 'state-abc');
    renderDialogs('/loginFacebook#access_token=stolen&state=someone-else');
    expect((await screen.findByTestId('login-notice')).textContent).toBe(
      'ไม่สามารถยืนยันการเข้าสู่ระบบด้วย Facebook ได้ กรุณาลองใหม่อีกครั้ง',
    );
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/facebook/login')).toHaveLength(0);
    expect(sessionStorage.getItem(STATE_KEY)).toBeNull();
  });

  it('logged-in: stores the session and goes to /member', async () => {
    const user = makeUser({ status: 'Premium', facebook: { id: 'fb-1', name: 'Somchai', pictureUrl: null } });
    const fetchMock = mockApi({
      ...CONFIG,
      'POST /api/auth/facebook/login': json(200, {
        outcome: 'logged-in',
        token: 'jwt-fb',
        tokenType: 'Bearer',
        expiresIn: 21600,
        user,
      }),
    });
    const { router } = returnWithToken('tok-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
    expect(useAuthStore.getState()).toMatchObject({ token: 'jwt-fb', user: { status: 'Premium' } });
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/facebook/login')).toEqual([{ accessToken: 'tok-1' }]);
    // the state is used once
    expect(sessionStorage.getItem(STATE_KEY)).toBeNull();
  });

  it('confirm-connect: shows the social e-mail, name and picture; connect links and signs in', async () => {
    const fetchMock = mockApi({
      ...CONFIG,
      'POST /api/auth/facebook/login': json(200, {
        outcome: 'confirm-connect',
        social: SOCIAL,
        user: { email: 'somchai@example.com', firstName: 'สมชาย', lastName: 'ใจดี' },
      }),
      'POST /api/auth/facebook/connect': json(200, {
        outcome: 'logged-in',
        token: 'jwt-connected',
        tokenType: 'Bearer',
        expiresIn: 21600,
        user: makeUser({ status: 'Premium' }),
      }),
    });
    const { router } = returnWithToken('tok-2');
    const dialog = await screen.findByRole('dialog', { name: 'เชื่อมต่อบัญชี Facebook' });
    expect(screen.getByTestId('social-email').textContent).toBe('somchai@example.com');
    expect(screen.getByTestId('social-name').textContent).toBe('Somchai Jaidee');
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('http://fb.test/pic/1.jpg');
    const connect = screen.getByTestId('social-connect-submit') as HTMLButtonElement;
    expect(connect.disabled).toBe(false);

    await userEvent.click(connect);
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
    expect(useAuthStore.getState().token).toBe('jwt-connected');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/facebook/connect')).toEqual([{ accessToken: 'tok-2' }]);
  });

  it('connect is disabled when the Facebook e-mail differs from the registered one', async () => {
    mockApi({
      ...CONFIG,
      'POST /api/auth/facebook/login': json(200, {
        outcome: 'register',
        social: { ...SOCIAL, email: 'other@example.com' },
      }),
    });
    // a signed-in member (e-mail somchai@) comes back from Facebook with another e-mail
    useAuthStore.getState().setSession('member-jwt', makeUser());
    returnWithToken();
    await screen.findByRole('dialog', { name: 'เชื่อมต่อบัญชี Facebook' });
    expect(screen.getByTestId('registered-email').textContent).toBe('somchai@example.com');
    expect((screen.getByTestId('social-connect-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('อีเมลของ Facebook ไม่ตรงกับอีเมลที่ลงทะเบียนไว้ จึงเชื่อมต่อไม่ได้')).toBeTruthy();
  });

  it('connect failing shows the server message', async () => {
    mockApi({
      ...CONFIG,
      'POST /api/auth/facebook/login': json(200, {
        outcome: 'confirm-connect',
        social: SOCIAL,
        user: { email: 'somchai@example.com', firstName: 'สมชาย', lastName: 'ใจดี' },
      }),
      'POST /api/auth/facebook/connect': problem(
        409,
        'auth.social_already_linked',
        'บัญชี Facebook นี้เชื่อมต่อกับผู้ใช้อื่นแล้ว',
      ),
    });
    const { router } = returnWithToken();
    await userEvent.click(await screen.findByTestId('social-connect-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('บัญชี Facebook นี้เชื่อมต่อกับผู้ใช้อื่นแล้ว');
    expect(router.state.location.pathname).toBe('/');
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('register: opens registration with the e-mail prefilled and passes the token on register', async () => {
    const fetchMock = mockApi({
      ...CONFIG,
      'POST /api/auth/facebook/login': json(200, { outcome: 'register', social: SOCIAL }),
      'POST /api/auth/register/check-email': json(200, { email: 'somchai@example.com', registered: false }),
      'POST /api/auth/register/code': json(202, { sent: true, expiresInSeconds: 600 }),
      'POST /api/auth/register': json(201, { user: makeUser() }),
    });
    const { router } = returnWithToken('tok-new');
    const email = (await screen.findByTestId('register-email')) as HTMLInputElement;
    expect(email.value).toBe('somchai@example.com');
    expect(screen.getByTestId('register-facebook').textContent).toContain('Somchai Jaidee');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    const ue = userEvent.setup();
    await ue.click(screen.getByTestId('register-submit'));
    await ue.type(await screen.findByTestId('register-code'), '1234');
    await ue.click(screen.getByTestId('register-submit'));
    // the Facebook name is split into first and last name
    expect((await screen.findByTestId('register-firstName')) as HTMLInputElement).toHaveProperty(
      'value',
      'Somchai',
    );
    expect((screen.getByTestId('register-lastName') as HTMLInputElement).value).toBe('Jaidee');
    await ue.type(screen.getByTestId('register-phone'), '0812345678');
    await ue.type(screen.getByTestId('register-password'), 'secret-123');
    await ue.type(screen.getByTestId('register-passwordConfirm'), 'secret-123');
    await ue.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('register-success-login');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/register')).toEqual([
      expect.objectContaining({ email: 'somchai@example.com', code: '1234', facebookAccessToken: 'tok-new' }),
    ]);
  });

  it('an invalid token (server) shows its message in the login dialog', async () => {
    mockApi({
      ...CONFIG,
      'POST /api/auth/facebook/login': problem(
        401,
        'auth.social_token_invalid',
        'ไม่สามารถยืนยันการเข้าสู่ระบบด้วย Facebook ได้ กรุณาลองใหม่อีกครั้ง',
      ),
    });
    returnWithToken();
    expect((await screen.findByTestId('login-notice')).textContent).toBe(
      'ไม่สามารถยืนยันการเข้าสู่ระบบด้วย Facebook ได้ กรุณาลองใหม่อีกครั้ง',
    );
  });
});
