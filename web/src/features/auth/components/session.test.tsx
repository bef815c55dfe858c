import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { api } from '@/lib/api-client';
import { hasSessionHint, useAuthStore } from '@/stores/auth-store';
import { resetRefreshAttempt } from '../api/refresh';
import { SESSION_CHECK_INTERVAL_MS } from '../api/get-me';
import { LogoutRoute } from '../routes/logout';
import { AuthBootstrap } from './auth-bootstrap';
import { SessionExpiredDialog } from './session-expired-dialog';

const EXPIRED_TEXT = 'The token has expired. Please log out and log in.';
const expiredProblem = problem(401, 'auth.token_expired', 'เซสชันหมดอายุ');

function renderSession() {
  return renderWithProviders(
    <>
      <AuthBootstrap />
      <SessionExpiredDialog />
    </>,
    { path: '/product/x', routes: [{ path: 'logout', Component: LogoutRoute }] },
  );
}

function meCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/me');
}

beforeEach(() => resetRefreshAttempt());
afterEach(() => vi.useRealTimers());

describe('session check and the session-expired dialog', () => {
  it('a refused token that the refresh cookie cannot renew opens the dialog; its only way on is /logout', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/me': expiredProblem,
      'POST /api/auth/refresh': problem(401, 'auth.refresh_invalid', 'nope'),
      'POST /api/auth/logout': { status: 204 },
    });
    useAuthStore.getState().setSession('old-token', makeUser());
    const { router } = renderSession();

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(EXPIRED_TEXT);
    expect(screen.queryByRole('button', { name: 'ปิด' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    const link = screen.getByTestId('session-expired-logout');
    expect(link.getAttribute('href')).toBe('/logout');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useAuthStore.getState().token).toBeNull();
    // the logout call carried the (refused) token and, refused, went again with the cookie alone
    const logouts = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/logout');
    expect(logouts.length).toBeGreaterThanOrEqual(1);
    expect((logouts[0]![1]?.headers as Record<string, string>).Authorization).toBe('Bearer old-token');
  });

  it('a refused token renewed by the refresh cookie goes on silently with the new session', async () => {
    let me = 0;
    mockApi({
      'GET /api/auth/me': (_url, init) => {
        me += 1;
        const auth = (init.headers as Record<string, string>).Authorization;
        return auth === 'Bearer new-token'
          ? json(200, { user: makeUser({ status: 'Premium' }) })
          : expiredProblem;
      },
      'POST /api/auth/refresh': json(200, {
        token: 'new-token',
        tokenType: 'Bearer',
        expiresIn: 21600,
        user: makeUser({ status: 'Wait' }),
      }),
    });
    useAuthStore.getState().setSession('old-token', makeUser());
    renderSession();
    await waitFor(() => expect(useAuthStore.getState().user?.status).toBe('Premium'));
    expect(useAuthStore.getState().token).toBe('new-token');
    expect(me).toBe(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a refresh cookie from a staff sign-in does not count as the member’s session', async () => {
    mockApi({
      'GET /api/auth/me': expiredProblem,
      'POST /api/auth/refresh': json(200, {
        token: 'staff-token',
        tokenType: 'Bearer',
        expiresIn: 21600,
        staff: { id: 's1', username: 'admin', name: 'Admin', role: 'admin' },
      }),
    });
    useAuthStore.getState().setSession('old-token', makeUser());
    renderSession();
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    expect(useAuthStore.getState().token).toBe('old-token');
  });

  it('any call made with the member token that answers 401 opens it too', async () => {
    mockApi({
      'GET /api/auth/me': json(200, { user: makeUser() }),
      'GET /api/auth/addresses': problem(401, 'auth.token_revoked', 'เซสชันนี้ถูกยกเลิกแล้ว'),
      'POST /api/auth/refresh': problem(401, 'auth.refresh_invalid', 'nope'),
    });
    useAuthStore.getState().setSession('token', makeUser());
    renderSession();
    await waitFor(() => expect(useAuthStore.getState().verified).toBe(true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(() => api('/auth/addresses').catch(() => undefined));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(EXPIRED_TEXT);
  });

  it('checks GET /me every 600000 ms while logged in', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetchMock = mockApi({ 'GET /api/auth/me': json(200, { user: makeUser() }) });
    useAuthStore.getState().setSession('token', makeUser());
    renderSession();
    await waitFor(() => expect(meCalls(fetchMock)).toHaveLength(1));
    expect(SESSION_CHECK_INTERVAL_MS).toBe(600_000);

    await act(async () => vi.advanceTimersByTime(599_000));
    expect(meCalls(fetchMock)).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1_000));
    await waitFor(() => expect(meCalls(fetchMock)).toHaveLength(2));
    await act(async () => vi.advanceTimersByTime(600_000));
    await waitFor(() => expect(meCalls(fetchMock)).toHaveLength(3));
  });

  it('checks again when the window regains focus (once the last check is a minute old)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = mockApi({ 'GET /api/auth/me': json(200, { user: makeUser() }) });
    useAuthStore.getState().setSession('token', makeUser());
    renderSession();
    await waitFor(() => expect(meCalls(fetchMock)).toHaveLength(1));
    vi.setSystemTime(Date.now() + 61_000);
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(meCalls(fetchMock)).toHaveLength(2));
  });

  it('an anonymous page load (never signed in here) does not ask /refresh: no 401 in the console', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/refresh': problem(401, 'auth.refresh_invalid', 'nope') });
    useAuthStore.setState({ ready: false });
    renderSession();
    await waitFor(() => expect(useAuthStore.getState().ready).toBe(true));
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/refresh')).toHaveLength(0);
  });

  it('a page load after a sign-in (the hint) restores the session from the refresh cookie; sign-out drops the hint', async () => {
    const member = makeUser({ status: 'Premium' });
    mockApi({
      'POST /api/auth/refresh': json(200, {
        token: 'cookie-token',
        tokenType: 'Bearer',
        expiresIn: 21600,
        user: member,
      }),
      'GET /api/auth/me': json(200, member),
    });
    // an earlier visit signed in (the token itself lived in that tab's sessionStorage only)
    useAuthStore.getState().setSession('earlier-token', member);
    useAuthStore.setState({ token: null, user: null, ready: false });
    renderSession();
    await waitFor(() => expect(useAuthStore.getState().token).toBe('cookie-token'));
    expect(hasSessionHint()).toBe(true);
    act(() => useAuthStore.getState().clear());
    expect(hasSessionHint()).toBe(false);
  });

  it('does not check without a session', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/refresh': problem(401, 'auth.refresh_invalid', 'nope') });
    renderSession();
    await waitFor(() => expect(useAuthStore.getState().ready).toBe(true));
    expect(meCalls(fetchMock)).toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
