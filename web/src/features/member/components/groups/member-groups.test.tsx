import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberGroupList, MemberGroupMember } from '@rian/proto-contracts/learning-groups';
import { bodiesSentTo, json, mockApi } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { COURSE_ID, makeHome, renderMemberArea } from '../../testing';
import { useGroupDialogStore } from '../../stores/group-dialog-store';

const GROUPS = '/api/learning/member/groups';
const LINE: MemberGroupMember = {
  id: '0190a0b0-0000-7000-8000-0000000000b1',
  type: 'line',
  name: 'กลุ่มไลน์ Forex',
  url: 'https://line.me/R/ti/g/fx',
  qr: 'line-qr.webp',
  qrManual: 'line-manual.webp',
  condition: 'N',
  conditionText: null,
  request: null,
};
const FACEBOOK: MemberGroupMember = {
  ...LINE,
  id: '0190a0b0-0000-7000-8000-0000000000b2',
  type: 'facebook',
  name: 'กลุ่ม Facebook Forex',
  url: 'https://facebook.com/groups/fx',
  qr: null,
  qrManual: null,
};

function premium() {
  useAuthStore
    .getState()
    .setSession('t', makeUser({ status: 'Premium', nickname: 'ชาย', firstName: 'สมชาย', lastName: 'ใจดี' }));
}

function api(items: MemberGroupMember[]) {
  let list: MemberGroupList = { courseId: COURSE_ID, courseCode: 'FX01', items };
  return mockApi({
    // the groups come with the member home (read afresh by learning)
    'GET /api/learning/member/home': () => json(200, makeHome({ groups: list })),
    'GET /api/orders/orders/mine': () => json(200, { items: [], total: 0, page: 1, pageSize: 50 }),
    [`POST ${GROUPS}/${LINE.id}/join`]: () => {
      const request = {
        id: '0190a0b0-0000-7000-8000-0000000000b9',
        status: 'requested' as const,
        code: null,
        requestedAt: '2026-11-26T03:00:00.000Z',
        approvedAt: null,
      };
      list = { ...list, items: list.items.map((g) => (g.id === LINE.id ? { ...g, request } : g)) };
      return json(201, request);
    },
  });
}

afterEach(() => {
  sessionStorage.clear();
  useGroupDialogStore.setState({ openGroupId: null, later: [] });
  vi.unstubAllGlobals();
});

describe('member groups (spec 01 §2 group dialogs, §4 group join)', () => {
  it('prompts once per group not joined; "later" puts each off for this browser session', async () => {
    premium();
    api([LINE, FACEBOOK]);
    renderMemberArea();
    const line = await screen.findByTestId('group-prompt-line');
    expect(within(line).getByRole('heading').textContent).toBe('เข้ากลุ่ม LINE ของคอร์ส');
    await userEvent.click(within(line).getByTestId('group-prompt-later'));
    const fb = await screen.findByTestId('group-prompt-facebook');
    await userEvent.click(within(fb).getByTestId('group-prompt-later'));
    await waitFor(() => expect(screen.queryByTestId('group-prompt-facebook')).toBeNull());
    expect(JSON.parse(sessionStorage.getItem('rian.member-groups.later')!)).toEqual([LINE.id, FACEBOOK.id]);
  });

  it('the LINE dialog: two QR images from /api/qr, copyable link, full name, phone and "course code + nickname"; persistent; the join is recorded', async () => {
    premium();
    const fetchMock = api([LINE]);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderMemberArea();
    await userEvent.click(await screen.findByTestId('group-prompt-open'));
    const dialog = await screen.findByTestId('group-dialog-line');
    const images = within(dialog).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('src'))).toEqual([
      '/api/qr/line-qr.webp',
      '/api/qr/line-manual.webp',
    ]);
    expect(within(dialog).getByTestId('group-url-value').textContent).toBe(LINE.url);
    expect(within(dialog).getByTestId('group-name-value').textContent).toBe('สมชาย ใจดี');
    expect(within(dialog).getByTestId('group-phone-value').textContent).toBe('0812345678');
    expect(within(dialog).getByTestId('group-code-value').textContent).toBe('FX01 ชาย');
    await userEvent.click(within(dialog).getByTestId('group-code-copy'));
    expect(writeText).toHaveBeenCalledWith('FX01 ชาย');
    // persistent: Escape does not close it, and it has no corner close button
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('group-dialog-line')).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('group-join'));
    expect((await within(dialog).findByTestId('group-request-status')).textContent).toBe(
      'ส่งคำขอเข้ากลุ่มแล้ว รอเจ้าหน้าที่อนุมัติ',
    );
    expect(bodiesSentTo(fetchMock, 'POST', `${GROUPS}/${LINE.id}/join`)).toHaveLength(1);
    await waitFor(() => expect(within(dialog).queryByTestId('group-join')).toBeNull());
    await userEvent.click(within(dialog).getByTestId('group-close'));
    await waitFor(() => expect(screen.queryByTestId('group-dialog-line')).toBeNull());
    // joined: no prompt again
    expect(screen.queryByTestId('group-prompt-line')).toBeNull();
  });

  it('the side panel: one row for exactly two groups; its buttons open the dialogs; Facebook has no code and shows a placeholder without QR', async () => {
    premium();
    const request = {
      id: '0190a0b0-0000-7000-8000-0000000000b8',
      status: 'approved' as const,
      code: 'FX01-001',
      requestedAt: '2026-11-26T03:00:00.000Z',
      approvedAt: '2026-11-26T04:00:00.000Z',
    };
    api([
      { ...LINE, request },
      { ...FACEBOOK, request: { ...request, id: '0190a0b0-0000-7000-8000-0000000000b7' } },
    ]);
    renderMemberArea();
    const row = (await screen.findAllByTestId('member-groups'))[0]!;
    expect(row.className).toContain('member-panel__buttons--row');
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['กลุ่ม LINE', 'กลุ่ม Facebook']);
    expect(screen.queryByTestId('group-prompt-line')).toBeNull();
    await userEvent.click(within(row).getByTestId('member-group-social'));
    const dialog = await screen.findByTestId('group-dialog-facebook');
    expect(within(dialog).queryByTestId('group-code')).toBeNull();
    expect(within(dialog).queryByTestId('group-code-value')).toBeNull();
    expect(within(dialog).queryAllByRole('img')).toHaveLength(0);
    expect(within(dialog).getAllByText('ยังไม่มี QR')).toHaveLength(2);
    expect(within(dialog).getByTestId('group-request-status').textContent).toBe('เจ้าหน้าที่อนุมัติให้คุณเข้ากลุ่มแล้ว');
  });
});
