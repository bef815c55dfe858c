import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckinResult } from '@rian/proto-contracts/learning-checkin';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { renderApp } from '@/testing/app';
import { makeUser } from '@/testing/fixtures';
import { useAuthDialogStore } from '@/features/auth/stores/auth-dialog-store';
import { useAuthStore } from '@/stores/auth-store';

const POST = '/api/learning/member/checkins';
const S = '0190a0b0-0000-7000-8000-0000000000c1';
const CODE = 'Q2hlY2staW4tY29kZS0x';
const signIn = () => useAuthStore.getState().setSession('member-jwt', makeUser());
const result = (over: Partial<CheckinResult> = {}): CheckinResult => ({
  result: 'checked_in',
  message: 'เช็คอินสำเร็จ: สัมมนาที่ห้องเรียน เวลา 09:12 น.',
  messages: { th: 'เช็คอินสำเร็จ: สัมมนาที่ห้องเรียน เวลา 09:12 น.', en: 'Checked in: Seminar at 09:12' },
  checkin: {
    id: '0190a0b0-0000-7000-8000-0000000000d1',
    sessionId: S,
    courseId: '0190a0b0-0000-7000-8000-0000000000e1',
    sessionTitle: 'สัมมนาที่ห้องเรียน',
    sessionDate: '2026-11-26',
    method: 'qr',
    checkedInAt: '2026-11-26T02:12:00.000Z',
  },
  ...over,
});

describe('/checkIn from the kiosk’s QR', () => {
  it('a visitor is asked to sign in first, and the login comes back to the same link; nothing is sent', async () => {
    const fetchMock = mockApi({});
    renderApp(`/checkIn?s=${S}&c=${CODE}`);
    const prompt = await screen.findByTestId('check-in-sign-in');
    await userEvent.click(within(prompt).getByRole('button', { name: 'เข้าสู่ระบบ' }));
    expect(await screen.findByRole('dialog', { name: 'เข้าสู่ระบบ' })).toBeTruthy();
    expect(useAuthDialogStore.getState().returnTo).toBe(`/checkIn?s=${S}&c=${CODE}`);
    expect(bodiesSentTo(fetchMock, 'POST', POST)).toEqual([]);
  });

  it('a signed-in member is checked in once; the server’s message shows in a dialog', async () => {
    const fetchMock = mockApi({ [`POST ${POST}`]: json(201, result()) });
    signIn();
    renderApp(`/checkIn?s=${S}&c=${CODE}`);
    const dialog = await screen.findByRole('dialog', { name: 'เช็คอินสำเร็จ' });
    expect(within(dialog).getByTestId('check-in-message').textContent).toBe(
      'เช็คอินสำเร็จ: สัมมนาที่ห้องเรียน เวลา 09:12 น.',
    );
    expect(bodiesSentTo(fetchMock, 'POST', POST)).toEqual([{ sessionId: S, code: CODE }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'ตกลง' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', POST)).toHaveLength(1);
  });

  it('a second scan shows “already checked in” with the first time, as a message (not an error)', async () => {
    mockApi({
      [`POST ${POST}`]: json(
        200,
        result({
          result: 'already',
          message: 'คุณเช็คอินรอบนี้ไปแล้ว เมื่อเวลา 09:12 น.',
          messages: { th: 'คุณเช็คอินรอบนี้ไปแล้ว เมื่อเวลา 09:12 น.', en: 'You already checked in at 09:12' },
        }),
      ),
    });
    signIn();
    renderApp(`/checkIn?s=${S}&c=${CODE}`);
    const dialog = await screen.findByRole('dialog', { name: 'เช็คอินแล้ว' });
    expect(within(dialog).getByText('คุณเช็คอินรอบนี้ไปแล้ว เมื่อเวลา 09:12 น.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refusal shows the server’s message in an alert; the typed code is sent with the link’s session', async () => {
    const fetchMock = mockApi({
      [`POST ${POST}`]: (_u, init) =>
        JSON.parse(String(init.body)).code === CODE
          ? problem(403, 'learning.checkin_not_enrolled', 'not enrolled', {
              messages: {
                th: 'คุณยังไม่ได้ลงทะเบียนคอร์สของรอบเรียนนี้ จึงไม่สามารถเช็คอินได้ กรุณาติดต่อเจ้าหน้าที่',
                en: 'You are not enrolled',
              },
            })
          : json(201, result({ checkin: { ...result().checkin, method: 'typed' } })),
    });
    signIn();
    renderApp(`/checkIn?s=${S}&c=${CODE}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('คุณยังไม่ได้ลงทะเบียนคอร์สของรอบเรียนนี้');
    const ue = userEvent.setup();
    // a wrong shape is caught on the page
    await ue.type(screen.getByLabelText('รหัสเช็คอิน 6 หลัก'), '12a');
    await ue.click(screen.getByRole('button', { name: 'เช็คอิน' }));
    expect(await screen.findByText('กรุณากรอกรหัสตัวเลข 6 หลัก')).toBeTruthy();
    await ue.clear(screen.getByLabelText('รหัสเช็คอิน 6 หลัก'));
    await ue.type(screen.getByLabelText('รหัสเช็คอิน 6 หลัก'), '123 456');
    await ue.click(screen.getByRole('button', { name: 'เช็คอิน' }));
    expect(await screen.findByRole('dialog', { name: 'เช็คอินสำเร็จ' })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', POST)).toEqual([
      { sessionId: S, code: CODE },
      { sessionId: S, code: '123456' },
    ]);
  });

  it('without a link, the typed code goes alone (the server finds today’s session)', async () => {
    const fetchMock = mockApi({ [`POST ${POST}`]: json(201, result()) });
    signIn();
    renderApp('/checkIn');
    const ue = userEvent.setup();
    await ue.type(await screen.findByLabelText('รหัสเช็คอิน 6 หลัก'), '654321');
    await ue.click(screen.getByRole('button', { name: 'เช็คอิน' }));
    await screen.findByRole('dialog', { name: 'เช็คอินสำเร็จ' });
    expect(bodiesSentTo(fetchMock, 'POST', POST)).toEqual([{ code: '654321' }]);
  });
});
