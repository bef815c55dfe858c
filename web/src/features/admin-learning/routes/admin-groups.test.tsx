import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupRequestStaff, MemberGroupStaff } from '@rian/proto-contracts/learning-groups';
import { bodiesSentTo, json, mockApi } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';

const GROUPS = '/api/learning/admin/member-groups';
const REQUESTS = '/api/learning/admin/group-requests';
const COURSES = '/api/learning/admin/courses';
const AT = '2026-11-26T03:00:00.000Z';
const COURSE = { id: '0190a0b0-0000-7000-8000-0000000000c1', title: 'Forex Basics' };
const GROUP: MemberGroupStaff = {
  id: '0190a0b0-0000-7000-8000-0000000000b1',
  courseId: COURSE.id,
  type: 'line',
  name: 'กลุ่มไลน์ Forex',
  url: 'https://line.me/R/ti/g/fx',
  qr: 'line.webp',
  qrManual: null,
  hidden: 'N',
  condition: 'N',
  conditionValue: null,
  conditionText: null,
  createdBy: null,
  createdAt: AT,
  updatedAt: AT,
};
const REQUEST: GroupRequestStaff = {
  id: '0190a0b0-0000-7000-8000-0000000000d1',
  groupId: GROUP.id,
  groupName: GROUP.name,
  groupType: 'line',
  courseId: COURSE.id,
  userId: 'u-42',
  status: 'requested',
  code: null,
  note: null,
  approvedBy: null,
  approvedAt: null,
  requestedAt: AT,
};

describe('/admin/memberGroup', () => {
  it('lists groups with their QR; creates a LINE group with its QR uploaded as kind qr (the file name is kept)', async () => {
    const fetchMock = mockApi({
      [`GET ${GROUPS}`]: page([GROUP]),
      [`GET ${COURSES}`]: page([COURSE]),
      'POST /api/media/images/qr': json(200, {
        filename: 'new-qr.webp',
        url: '/api/media/images/qr/new-qr.webp',
        width: 300,
        height: 300,
        bytes: 10,
        contentType: 'image/webp',
      }),
      [`POST ${GROUPS}`]: (_u, init) => json(201, { ...GROUP, id: 'g2', ...JSON.parse(String(init.body)) }),
    });
    renderAdmin('/admin/memberGroup');
    const ue = userEvent.setup();
    const row = await screen.findByTestId('member-groups-table-row');
    expect(within(row).getByTestId('member-group-row-name').textContent).toBe('กลุ่มไลน์ Forex');
    expect(within(row).getByRole('img').getAttribute('src')).toBe('/api/qr/line.webp');

    await ue.click(screen.getByTestId('member-groups-new'));
    const form = await screen.findByTestId('member-group-dialog');
    await ue.click(within(form).getByTestId('member-group-dialog-save'));
    await waitFor(() =>
      expect(within(form).getByTestId('member-group-url').getAttribute('aria-invalid')).toBe('true'),
    );
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(1));
    await ue.selectOptions(within(form).getByTestId('member-group-course'), COURSE.id);
    await ue.selectOptions(within(form).getByTestId('member-group-type'), 'line');
    await ue.type(within(form).getByTestId('member-group-name'), 'กลุ่มใหม่');
    await ue.type(within(form).getByTestId('member-group-url'), 'http://line.me/x');
    await ue.click(within(form).getByTestId('member-group-dialog-save'));
    expect(bodiesSentTo(fetchMock, 'POST', GROUPS)).toHaveLength(0);
    await ue.clear(within(form).getByTestId('member-group-url'));
    await ue.type(within(form).getByTestId('member-group-url'), 'https://line.me/x');
    await ue.upload(
      within(form).getByTestId('member-group-qr-input'),
      new File([new Uint8Array([255, 216, 255])], 'qr.jpg', { type: 'image/jpeg' }),
    );
    expect((await within(form).findByTestId('member-group-qr-preview')).getAttribute('src')).toBe(
      '/api/qr/new-qr.webp',
    );
    await ue.click(within(form).getByTestId('member-group-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('member-group-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', GROUPS)).toEqual([
      {
        courseId: COURSE.id,
        type: 'line',
        name: 'กลุ่มใหม่',
        url: 'https://line.me/x',
        qr: 'new-qr.webp',
        qrManual: null,
        hidden: 'N',
        condition: 'N',
        conditionValue: null,
        conditionText: null,
      },
    ]);
  });
});

describe('/admin/memberGroupUser', () => {
  it('approves a request with a note, un-approves an approved one, and generates the group’s codes', async () => {
    let current: GroupRequestStaff = REQUEST;
    const fetchMock = mockApi({
      [`GET ${REQUESTS}`]: () => page([current]),
      [`GET ${GROUPS}`]: page([GROUP]),
      'GET /api/auth/admin/users/u-42': json(200, {
        id: 'u-42',
        email: 'somchai@example.com',
        firstName: 'สมชาย',
        lastName: 'ใจดี',
      }),
      [`POST ${REQUESTS}/${REQUEST.id}/approve`]: (_u, init) => {
        current = {
          ...current,
          status: 'approved',
          approvedBy: 's1',
          note: JSON.parse(String(init.body)).note,
        };
        return json(200, current);
      },
      [`POST ${REQUESTS}/${REQUEST.id}/unapprove`]: () => {
        current = { ...current, status: 'requested', approvedBy: null };
        return json(200, current);
      },
      [`POST ${GROUPS}/${GROUP.id}/codes`]: json(200, { generated: 1 }),
    });
    renderAdmin('/admin/memberGroupUser');
    const ue = userEvent.setup();
    const row = await screen.findByTestId('group-requests-table-row');
    expect(within(row).getByTestId('group-request-status').textContent).toBe('รออนุมัติ');
    await ue.click(within(row).getByTestId('group-request-approve'));
    const dialog = await screen.findByTestId('group-approve-dialog');
    await ue.type(within(dialog).getByTestId('group-approve-note'), 'ยินดีต้อนรับ');
    await ue.click(within(dialog).getByTestId('group-approve-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('group-approve-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', `${REQUESTS}/${REQUEST.id}/approve`)).toEqual([
      { note: 'ยินดีต้อนรับ' },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('group-request-status').getAttribute('data-status')).toBe('approved'),
    );
    await ue.click(screen.getByTestId('group-request-unapprove'));
    await waitFor(() =>
      expect(screen.getByTestId('group-request-status').getAttribute('data-status')).toBe('requested'),
    );

    expect(screen.queryByTestId('group-generate-codes')).toBeNull();
    await waitFor(() =>
      expect(within(screen.getByTestId('group-requests-group-filter')).getAllByRole('option')).toHaveLength(
        2,
      ),
    );
    await ue.selectOptions(screen.getByTestId('group-requests-group-filter'), GROUP.id);
    await ue.click(await screen.findByTestId('group-generate-codes'));
    expect((await screen.findByTestId('group-generated')).textContent).toBe('สร้างรหัสแล้ว 1 รายการ');
  });
});

describe('/admin/memberGroupUserNone', () => {
  it('lists the chosen course’s members in no group', async () => {
    mockApi({
      [`GET ${COURSES}`]: page([COURSE]),
      'GET /api/learning/admin/ungrouped-members': (url) =>
        url.searchParams.get('courseId') === COURSE.id
          ? page([
              {
                enrolmentId: 'e1',
                userId: 'u-7',
                code: 'FX-7',
                line: 'N',
                facebook: 'Y',
                start: '2026-01-01',
              },
            ])
          : page([]),
    });
    renderAdmin('/admin/memberGroupUserNone');
    const ue = userEvent.setup();
    const select = await screen.findByTestId('ungrouped-course');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await ue.selectOptions(select, COURSE.id);
    const row = await screen.findByTestId('ungrouped-table-row');
    expect(row.textContent).toContain('FX-7');
  });
});
