import { DEMO_COURSE_IDS, DEMO_LIVE_STREAM_IDS } from '@rian/proto-contracts/demo';
import type { LiveStreamCreateBody } from '@rian/proto-contracts/learning-live';

/**
 * The demo's live streams (issue 15; LEARNING_SEED_DEMO): the Forex course's channel and the live
 * trade room (the spec's "id 3"), both off air until staff set them live. Without
 * LEARNING_LIVE_ORIGIN the local dev source plays a test pattern for each id (deploy/local writes
 * media's `private/live/<id>/index.m3u8`). The Forex course gets both, with its live flag Y, so a
 * member who bought it can open /member/livestreaming and /member/livetrade once they are live.
 */
export interface DemoStream {
  id: string;
  body: LiveStreamCreateBody;
}

export const DEMO_LIVE_STREAMS: readonly DemoStream[] = [
  {
    id: DEMO_LIVE_STREAM_IDS.forexLive,
    body: {
      name: 'ไลฟ์ Forex พื้นฐาน (Forex Live)',
      detail: 'ไลฟ์สอนและวิเคราะห์ตลาดของคอร์ส Forex พื้นฐาน',
      url: `app/${DEMO_LIVE_STREAM_IDS.forexLive}`,
      server: 'rtmp://127.0.0.1:1935/app',
      kind: 'stream',
    },
  },
  {
    id: DEMO_LIVE_STREAM_IDS.liveTrade,
    body: {
      name: 'Live Trade ห้องเทรดสด',
      detail: 'เทรดสดพร้อมสัญญาณ (trade calls) จากโค้ช',
      url: `app/${DEMO_LIVE_STREAM_IDS.liveTrade}`,
      server: 'rtmp://127.0.0.1:1935/app',
      kind: 'trade',
    },
  },
];

/** The course whose channel and live trade room the demo streams are. */
export const DEMO_LIVE_COURSE = {
  courseId: DEMO_COURSE_IDS.forexBasics,
  liveStreamingId: DEMO_LIVE_STREAM_IDS.forexLive,
  liveTradeId: DEMO_LIVE_STREAM_IDS.liveTrade,
} as const;
