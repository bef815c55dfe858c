import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ZoomRoomStaff } from '@rian/proto-contracts/learning-content';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';

const ROOMS = '/api/learning/admin/zoom-rooms';
const AT = '2026-01-01T00:00:00.000Z';
const ROOM: ZoomRoomStaff = {
  id: '0190a0b0-0000-7000-8000-0000000000a1',
  title: 'ห้องเรียนทองคำ',
  url: 'https://zoom.us/j/123456789',
  meetingId: '123456789',
  hasPasscode: true,
  passcode: 'gold2026',
  createdBy: 's1',
  createdAt: AT,
  updatedAt: AT,
};

describe('/admin/zoom', () => {
  it('lists rooms with the passcode masked until staff reveal it', async () => {
    mockApi({ [`GET ${ROOMS}`]: page([ROOM]) });
    renderAdmin('/admin/zoom');
    const ue = userEvent.setup();
    const row = await screen.findByTestId('zoom-table-row');
    expect(within(row).getByTestId('zoom-title-value').textContent).toBe('ห้องเรียนทองคำ');
    expect(within(row).getByText('123456789')).toBeTruthy();
    expect(within(row).getByTestId('zoom-passcode-value').textContent).not.toContain('gold2026');
    const toggle = within(row).getByTestId('zoom-passcode-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await ue.click(toggle);
    expect(within(row).getByTestId('zoom-passcode-value').textContent).toBe('gold2026');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it("creates a room: the form checks the link first, the server's refusal shows on its field, then the body is sent", async () => {
    let posts = 0;
    const fetchMock = mockApi({
      [`GET ${ROOMS}`]: page([]),
      [`POST ${ROOMS}`]: (_u, init) => {
        posts += 1;
        return posts === 1
          ? problem(400, 'validation.failed', 'invalid', {
              errors: [
                {
                  field: '/meetingId',
                  code: 'validation.format',
                  message: 'รูปแบบไม่ถูกต้อง',
                },
              ],
            })
          : json(201, { ...ROOM, ...JSON.parse(String(init.body)) });
      },
    });
    renderAdmin('/admin/zoom');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('zoom-new'));
    const form = await screen.findByTestId('zoom-dialog');
    await ue.type(within(form).getByTestId('zoom-title'), 'ห้อง B');
    await ue.type(within(form).getByTestId('zoom-url'), 'http://zoom.us/j/1');
    await ue.click(within(form).getByTestId('zoom-dialog-save'));
    expect(await within(form).findByText('กรุณากรอกลิงก์ที่ขึ้นต้นด้วย https://')).toBeTruthy();
    expect(posts).toBe(0);

    await ue.clear(within(form).getByTestId('zoom-url'));
    await ue.type(within(form).getByTestId('zoom-url'), 'https://zoom.us/j/987654321');
    await ue.type(within(form).getByTestId('zoom-meeting-id'), '987 654 321');
    const passcode = within(form).getByTestId('zoom-passcode');
    expect(passcode.getAttribute('type')).toBe('password');
    await ue.type(passcode, 'p4ss');
    await ue.click(within(form).getByTestId('zoom-dialog-save'));
    expect(await within(form).findByText('รูปแบบไม่ถูกต้อง')).toBeTruthy();
    expect(within(form).getByTestId('zoom-meeting-id').getAttribute('aria-invalid')).toBe('true');

    await ue.click(within(form).getByTestId('zoom-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('zoom-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', ROOMS).at(-1)).toEqual({
      title: 'ห้อง B',
      url: 'https://zoom.us/j/987654321',
      meetingId: '987 654 321',
      passcode: 'p4ss',
    });
  });

  it('edits a room (PUT with its fields) and deletes one once confirmed', async () => {
    const fetchMock = mockApi({
      [`GET ${ROOMS}`]: page([ROOM]),
      [`PUT ${ROOMS}/${ROOM.id}`]: json(200, ROOM),
      [`DELETE ${ROOMS}/${ROOM.id}`]: json(204),
    });
    renderAdmin('/admin/zoom');
    const ue = userEvent.setup();
    const row = await screen.findByTestId('zoom-table-row');
    await ue.click(within(row).getByTestId('zoom-edit'));
    const form = await screen.findByTestId('zoom-dialog');
    await ue.clear(within(form).getByTestId('zoom-passcode'));
    await ue.click(within(form).getByTestId('zoom-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('zoom-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'PUT', `${ROOMS}/${ROOM.id}`)).toEqual([
      { title: ROOM.title, url: ROOM.url, meetingId: ROOM.meetingId, passcode: null },
    ]);

    await ue.click(within(row).getByTestId('zoom-delete'));
    await ue.click(await screen.findByTestId('confirm-submit'));
    await waitFor(() => expect(screen.queryByTestId('confirm-submit')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });
});
