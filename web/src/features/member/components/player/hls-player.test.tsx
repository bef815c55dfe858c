import { describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { HlsPlayer } from './hls-player';

// hls.js is a dynamic import: a stand-in records the settings each player was built with
const hls = vi.hoisted(() => ({ configs: [] as Array<Record<string, unknown>> }));
vi.mock('hls.js', () => {
  class Hls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    constructor(config: Record<string, unknown>) {
      hls.configs.push(config);
    }
    on() {}
    loadSource() {}
    attachMedia() {}
    destroy() {}
  }
  return { default: Hls };
});

describe('HlsPlayer', () => {
  it('plays a recorded lesson with hls.js defaults and a live stream in low-latency mode', async () => {
    // jsdom has no native HLS, so both go through hls.js
    const lesson = render(<HlsPlayer src="/lesson/master.m3u8" title="บทเรียน" />);
    await waitFor(() => expect(hls.configs).toHaveLength(1));
    expect(hls.configs[0]).toEqual({ enableWorker: false });
    expect(lesson.container.querySelector('video')?.autoplay).toBe(false);
    lesson.unmount();

    const live = render(<HlsPlayer src="/live/index.m3u8" title="ไลฟ์" live />);
    await waitFor(() => expect(hls.configs).toHaveLength(2));
    expect(hls.configs[1]).toMatchObject({ lowLatencyMode: true, liveSyncDurationCount: 2 });
    expect(live.container.querySelector('video')?.autoplay).toBe(true);
  });
});
