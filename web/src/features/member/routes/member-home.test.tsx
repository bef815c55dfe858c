import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { json, mockApi } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { useStaffStore } from '@/stores/staff-store';
import { makeHome, renderMemberArea } from '../testing';

function renderMember() {
  mockApi({
    'GET /api/learning/member/home': () => json(200, makeHome()),
    'GET /api/orders/orders/mine': () => json(200, { items: [], total: 0, page: 1, pageSize: 50 }),
  });
  return renderMemberArea();
}

describe('/member', () => {
  it('lets a Premium member in: side panel with member code, first and last name', async () => {
    useAuthStore.getState().setSession('t', makeUser({ status: 'Premium', memberCode: 'M0042' }));
    const { router } = renderMember();
    expect(await screen.findByRole('heading', { name: 'ยินดีต้อนรับ คุณสมชาย' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/member');
    expect(screen.getAllByTestId('member-code')[0]!.textContent).toBe('รหัสสมาชิก M0042');
    expect(screen.getAllByTestId('member-name')[0]!.textContent).toBe('สมชาย ใจดี');
    // the avatar's letters skip the leading vowel of ใจดี: สจ, not สใ
    expect(screen.getAllByTestId('member-initials')[0]!.textContent).toBe('สจ');
    // no live session around now: the live items are shown, not usable
    expect(screen.getAllByText('เทรดสด')[0]!.closest('[aria-disabled="true"]')).toBeTruthy();
  });

  it.each(['New', 'Wait'] as const)('sends a %s member to /logout', async (status) => {
    useAuthStore.getState().setSession('t', makeUser({ status }));
    const { router } = renderMember();
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
  });

  it('sends a visitor to /logout', async () => {
    const { router } = renderMember();
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
  });

  it('sends a staff user to /', async () => {
    useStaffStore
      .getState()
      .setSession('staff-jwt', { id: 's1', username: 'admin', name: 'Admin', role: 'admin' });
    const { router } = renderMember();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('waits for the server before turning away a member whose stored status may be stale', async () => {
    // restored from sessionStorage: status New, not yet confirmed by GET /me
    useAuthStore.setState({ token: 't', user: makeUser({ status: 'New' }), ready: true, verified: false });
    const { router } = renderMember();
    expect(screen.getByText('กำลังตรวจสอบสิทธิ์…')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/member');
    // GET /me answers: staff made them Premium meanwhile
    act(() => useAuthStore.getState().setUser(makeUser({ status: 'Premium' })));
    expect(await screen.findByRole('heading', { name: 'ยินดีต้อนรับ คุณสมชาย' })).toBeTruthy();
  });
});
