import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bodiesSentTo, json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import type { LineLinkReply } from '../api/line-link';
import { MemberLineCallbackRoute } from '../routes/member-line-callback';
import { goTo, LineCard } from './line-card';

const NOT_LINKED: LineLinkReply = { configured: true, linked: false, linkedAt: null, displayName: null };
const LINKED: LineLinkReply = {
  configured: true,
  linked: true,
  linkedAt: '2026-11-26T03:15:00.000Z',
  displayName: 'Somchai (LINE)',
};
const AUTHORIZE =
  'https://access.line.me/oauth2/v2.1/authorize?response_type=code&client_id=1650000000&state=st';

/** The dashboard's card at /member, and the callback page as app/router.tsx nests it. */
function renderCard(path = '/member') {
  useAuthStore.getState().setSession('t', makeUser({ status: 'Premium' }));
  return renderWithProviders(<></>, {
    path,
    routes: [
      { path: 'member', element: <LineCard /> },
      { path: 'member/line/callback', element: <MemberLineCallbackRoute /> },
    ],
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the LINE card of the member area (issue 20)', () => {
  it('is not there when the site has no LINE channel', async () => {
    mockApi({ 'GET /api/auth/me/line': json(200, { ...NOT_LINKED, configured: false }) });
    const { queryClient } = renderCard();
    // the positive signal: the answer has arrived (and rendered)
    await waitFor(() =>
      expect(
        queryClient.getQueryCache().find({ queryKey: ['auth', 'me', 'line'], exact: false })?.state.status,
      ).toBe('success'),
    );
    await act(async () => {});
    expect(screen.queryByTestId('line-card')).toBeNull();
    expect(screen.queryByText('เชื่อมต่อ LINE')).toBeNull();
  });

  it('not linked: "เชื่อมต่อ LINE" starts the link and sends the browser to LINE', async () => {
    const api = mockApi({
      'GET /api/auth/me/line': json(200, NOT_LINKED),
      'POST /api/auth/me/line/start': json(200, {
        authorizeUrl: AUTHORIZE,
        redirectUri: 'http://localhost/member/line/callback',
      }),
    });
    const assign = vi.spyOn(goTo, 'url').mockImplementation(() => undefined);
    renderCard();
    const card = await screen.findByRole('region', { name: 'LINE' });
    expect(within(card).getByText(/เชื่อมต่อบัญชี LINE เพื่อรับการแจ้งเตือน/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'เชื่อมต่อ LINE' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZE));
    expect(bodiesSentTo(api, 'POST', '/api/auth/me/line/start')).toHaveLength(1);
  });

  it('linked: "เชื่อมต่อแล้ว" with the LINE name; disconnecting asks first, then the card offers to connect again', async () => {
    let current = LINKED;
    const api = mockApi({
      'GET /api/auth/me/line': () => json(200, current),
      'DELETE /api/auth/me/line': () => {
        current = NOT_LINKED;
        return json(200, NOT_LINKED);
      },
    });
    renderCard();
    expect((await screen.findByTestId('line-status')).textContent).toBe('เชื่อมต่อแล้ว (Somchai (LINE))');
    // 03:15 UTC is 10:15 in Bangkok
    expect(screen.getByText(/เชื่อมต่อเมื่อ 26 พ.ย. 2026 10:15/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ยกเลิกการเชื่อมต่อ' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'ยกเลิกการเชื่อมต่อ LINE?' });
    // nothing is sent before the member confirms
    expect(bodiesSentTo(api, 'DELETE', '/api/auth/me/line')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยกเลิกการเชื่อมต่อ' }));
    expect(await screen.findByText('ยกเลิกการเชื่อมต่อ LINE แล้ว')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'เชื่อมต่อ LINE' })).toBeTruthy();
    expect(bodiesSentTo(api, 'DELETE', '/api/auth/me/line')).toHaveLength(1);
  });

  it('speaks English when the member reads English', async () => {
    useLanguageStore.getState().setLanguage('en');
    mockApi({ 'GET /api/auth/me/line': json(200, LINKED) });
    renderCard();
    expect((await screen.findByTestId('line-status')).textContent).toBe('Connected (Somchai (LINE))');
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
  });
});

describe('/member/line/callback', () => {
  it('posts the code and state once, then the dashboard card says LINE is connected', async () => {
    const api = mockApi({
      'POST /api/auth/me/line/callback': json(200, LINKED),
      'GET /api/auth/me/line': json(200, LINKED),
    });
    const { router } = renderCard('/member/line/callback?code=c0de&state=st4te');
    expect(await screen.findByText('เชื่อมต่อ LINE สำเร็จ')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/member');
    expect(screen.getByTestId('line-status').textContent).toBe('เชื่อมต่อแล้ว (Somchai (LINE))');
    expect(bodiesSentTo(api, 'POST', '/api/auth/me/line/callback')).toEqual([
      { code: 'c0de', state: 'st4te' },
    ]);
    // focus goes to the card, where the message is
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'LINE' }));
  });

  it("shows the server's Thai message when the LINE account belongs to another member", async () => {
    mockApi({
      'POST /api/auth/me/line/callback': problem(409, 'auth.line_already_linked', 'taken', {
        messages: {
          th: 'บัญชี LINE นี้เชื่อมต่อกับสมาชิกคนอื่นแล้ว',
          en: 'This LINE account is already connected to another member',
        },
      }),
      'GET /api/auth/me/line': json(200, NOT_LINKED),
    });
    renderCard('/member/line/callback?code=c0de&state=st4te');
    expect((await screen.findByRole('alert')).textContent).toBe('บัญชี LINE นี้เชื่อมต่อกับสมาชิกคนอื่นแล้ว');
    expect(screen.getByRole('button', { name: 'เชื่อมต่อ LINE' })).toBeTruthy();
  });

  it("a cancel on LINE's page posts nothing and says nothing was connected", async () => {
    const api = mockApi({ 'GET /api/auth/me/line': json(200, NOT_LINKED) });
    renderCard('/member/line/callback?error=access_denied&state=st4te');
    expect(await screen.findByText(/ยกเลิกการเชื่อมต่อ LINE ที่หน้า LINE แล้ว/)).toBeTruthy();
    expect(bodiesSentTo(api, 'POST', '/api/auth/me/line/callback')).toHaveLength(0);
  });
});
