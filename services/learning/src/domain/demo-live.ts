import { DEMO_COURSE_IDS, DEMO_LIVE_STREAM_IDS } from '@rian/proto-contracts/demo';

/**
 * The course whose channel and live trade room the demo streams (demo-content.ts `liveStreams`,
 * DEMO_LIVE_STREAM_IDS) are: the Forex course gets both with its live flag Y, so a member who bought
 * it can open /member/livestreaming and /member/livetrade once staff set them live. Without
 * LEARNING_LIVE_ORIGIN the local dev source plays a test pattern for each id.
 */
export const DEMO_LIVE_COURSE = {
  courseId: DEMO_COURSE_IDS.forexBasics,
  liveStreamingId: DEMO_LIVE_STREAM_IDS.forexLive,
  liveTradeId: DEMO_LIVE_STREAM_IDS.liveTrade,
} as const;
