import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { VideoStaff } from '@rian/proto-contracts/learning-content';
import { json, mockApi, renderWithProviders } from '@/testing/render';
import { signInStaff } from '@/testing/admin';
import { VideoAudienceDialog } from './video-audience-dialog';

const VIDEO = { id: '10000000-0000-4000-8000-000000000001', name: 'Candlesticks' } as VideoStaff;
const URL_PATH = `GET /api/learning/admin/stats/videos/${VIDEO.id}`;

beforeEach(() => signInStaff());

describe("a video's audience", () => {
  it('shows viewers, finished, average coverage and how many reached each twentieth', async () => {
    const dropOff = Array.from({ length: 20 }, (_, i) => 10 - Math.floor(i / 2));
    mockApi({
      [URL_PATH]: json(200, {
        videoId: VIDEO.id,
        durationSeconds: 600,
        viewers: 10,
        endedViewers: 1,
        totalSeconds: 3_725,
        averageCoverage: 0.534,
        dropOff,
      }),
    });
    renderWithProviders(<VideoAudienceDialog video={VIDEO} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'ผู้ชมวิดีโอ Candlesticks' });
    expect((await within(dialog).findByTestId('audience-viewers')).textContent).toBe('10');
    expect(within(dialog).getByTestId('audience-ended').textContent).toBe('1');
    expect(within(dialog).getByTestId('audience-coverage').textContent).toBe('53%');
    expect(within(dialog).getByText('1:02:05')).toBeTruthy();
    const bars = within(within(dialog).getByRole('list', { name: 'ผู้ชมที่ดูถึงแต่ละช่วงของวิดีโอ' })).getAllByRole(
      'listitem',
    );
    expect(bars).toHaveLength(20);
    expect(bars[0]!.textContent).toBe('ช่วง 0–5%: 10 คน');
    expect(bars[19]!.textContent).toBe('ช่วง 95–100%: 1 คน');
  });

  it('says when nobody watched it yet', async () => {
    mockApi({
      [URL_PATH]: json(200, {
        videoId: VIDEO.id,
        durationSeconds: null,
        viewers: 0,
        endedViewers: 0,
        totalSeconds: 0,
        averageCoverage: null,
        dropOff: [],
      }),
    });
    renderWithProviders(<VideoAudienceDialog video={VIDEO} onClose={() => {}} />);
    expect((await screen.findByTestId('audience-none')).textContent).toBe('ยังไม่มีผู้ชม');
  });
});
