import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CoachStaff } from '@rian/proto-contracts/catalog-content';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';

const COACHES = '/api/catalog/admin/coaches';
const COACH: CoachStaff = {
  id: 'c1',
  name: 'สมชาย ใจดี',
  nickname: 'ชาย',
  detail: null,
  position: 'Head coach',
  img: '/api/media/images/coach/c1.webp',
  pr: null,
  createdBy: 's1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('/admin/coach', () => {
  it('sorts by name through the server; the server’s field errors show on their fields; uploads the picture as kind coach', async () => {
    let posts = 0;
    const fetchMock = mockApi({
      [`GET ${COACHES}`]: page([COACH]),
      'POST /api/media/images/coach': json(200, {
        filename: 'new.webp',
        url: '/api/media/images/coach/new.webp',
        width: 400,
        height: 400,
        bytes: 10,
        contentType: 'image/webp',
      }),
      [`POST ${COACHES}`]: (_url, init) => {
        posts += 1;
        return posts === 1
          ? problem(400, 'validation.failed', 'ข้อมูลไม่ถูกต้อง', {
              errors: [{ field: '/nickname', code: 'validation.too_long', message: 'ข้อมูลยาวเกินไป' }],
            })
          : json(201, { ...COACH, id: 'c2', ...JSON.parse(String(init.body)) });
      },
    });
    renderAdmin('/admin/coach');
    const ue = userEvent.setup();
    const row = await screen.findByTestId('coaches-table-row');
    expect(within(row).getByRole('img').getAttribute('src')).toBe(COACH.img);
    await ue.click(screen.getByTestId('sort-name'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost').searchParams.get('sort')),
      ).toContain('name'),
    );

    await ue.click(screen.getByTestId('coaches-new'));
    const form = await screen.findByTestId('coach-dialog');
    await ue.type(within(form).getByTestId('coach-name'), 'วิชัย');
    await ue.type(within(form).getByTestId('coach-nickname'), 'ชัย');
    await ue.upload(
      within(form).getByTestId('coach-img-input'),
      new File([new Uint8Array([255, 216, 255])], 'face.jpg', { type: 'image/jpeg' }),
    );
    expect((await within(form).findByTestId('coach-img-preview')).getAttribute('src')).toBe(
      '/api/media/images/coach/new.webp',
    );
    await ue.click(within(form).getByTestId('coach-dialog-save'));
    await waitFor(() =>
      expect(within(form).getByTestId('coach-nickname').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(within(form).getByText('ข้อมูลยาวเกินไป')).toBeTruthy();

    await ue.click(within(form).getByTestId('coach-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('coach-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', COACHES).at(-1)).toEqual({
      name: 'วิชัย',
      nickname: 'ชัย',
      position: null,
      detail: null,
      pr: null,
      img: '/api/media/images/coach/new.webp',
    });
  });
});
