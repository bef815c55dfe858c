import {
  DEMO_COURSE_IDS,
  DEMO_FILE_IDS,
  DEMO_LIVE_STREAM_IDS,
  DEMO_SECOND_VIDEO_ASSET_ID,
  DEMO_VIDEO_ASSET_ID,
} from '@rian/proto-contracts/demo';
import type {
  DocumentCreateBody,
  SessionCreateBody,
  VideoCreateBody,
  ZoomRoomCreateBody,
} from '@rian/proto-contracts/learning-content';
import type { LiveStreamCreateBody, TradeCall } from '@rian/proto-contracts/learning-live';
import { addDays } from './field-rules.js';

/**
 * What the demo courses are made of (LEARNING_SEED_DEMO), around the Asia/Bangkok day the demo
 * starts, so every session type shows in the past, today and the future:
 * - Forex Basics, in order (items 1, 2, ...): a live orientation three days before; lesson 1 (major
 *   pairs) two days before; a Zoom Q&A the day before; lesson 2 (candlesticks) today; a live stream
 *   this evening; a Zoom Q&A tomorrow; an on-site workshop with check-in three days on; a second
 *   on-site day a week on; the live trade room through today's trading day; an on-site seminar
 *   today with check-in on (open for check-in today and the 13 days after); and a document.
 * - Two live streams (DEMO_LIVE_STREAM_IDS, off air until staff set one live): the Forex channel,
 *   used by this evening's live, and the live trade room (kind trade).
 * - Price Action: lesson 1 (market structure) yesterday and a Zoom Q&A in two days.
 * Every lesson is an uploaded video on one of media's demo assets (DEMO_VIDEO_ASSET_ID,
 * DEMO_SECOND_VIDEO_ASSET_ID: made by ffmpeg from test patterns), so the demo plays with no
 * internet; nothing points outside. Video names carry the lesson number ("บทที่ 1: …"), session
 * titles the topic, Thai with English in parentheses. Fixed ids (learning's own): the seed is
 * idempotent.
 */

const id = (n: number) => `01900000-0000-7000-8000-0000000d${String(n).padStart(4, '0')}`;

export const DEMO_CONTENT_IDS = {
  /** lesson 1 of Forex Basics (id(1) was a Vimeo video until the demo went offline) */
  pairsVideo: id(1),
  zoomRoom: id(3),
  document: id(4),
  documentList: id(5),
  /** lesson 2 of Forex Basics */
  candlesVideo: id(6),
  /** lesson 1 of Price Action */
  structureVideo: id(7),
  sessions: {
    intro: id(11),
    candles: id(12),
    live: id(13),
    meeting: id(14),
    workshop: id(15),
    paIntro: id(16),
    paMeeting: id(17),
    orientation: id(18),
    pastMeeting: id(19),
    workshopDay2: id(20),
    tradeRoom: id(21),
    /** today's on-site seminar with check-in on (issue 16): the kiosk and /checkIn work on it */
    checkinDay: id(22),
  },
  /** a finished broadcast of the live trade room: lesson 2 of Forex Basics is its recording */
  replayBroadcast: id(30),
} as const;

/**
 * The demo's replay (issue 15): a finished broadcast of the live trade room, a day before the demo
 * starts, whose recording is lesson 2 of Forex Basics (the 40 s test pattern, offset 0), with three
 * trade calls at about 5 s, 15 s and 30 s — so a newcomer sees calls appear as the lesson plays.
 */
export function demoReplay(now: Date) {
  const startedAt = new Date(now.getTime() - 26 * 3_600_000);
  return {
    broadcastId: DEMO_CONTENT_IDS.replayBroadcast,
    streamId: DEMO_LIVE_STREAM_IDS.liveTrade,
    videoId: DEMO_CONTENT_IDS.candlesVideo,
    offsetS: 0,
    startedAt,
    endedAt: new Date(startedAt.getTime() + 45 * 60_000),
    author: 'ทีมงาน Rian',
    calls: [
      {
        streamTime: 5,
        call: {
          symbol: 'EURUSD',
          side: 'buy',
          entry: '1.08345',
          stop: '1.08100',
          target: '1.08900',
          note: 'ซื้อตามแนวรับ (buy at support)',
        },
      },
      {
        streamTime: 15,
        call: {
          symbol: 'GBPUSD',
          side: 'sell',
          entry: '1.26520',
          stop: '1.26800',
          target: '1.25900',
          note: 'ขายเมื่อกลับตัว (sell the reversal)',
        },
      },
      {
        streamTime: 30,
        call: { symbol: 'USDJPY', side: 'buy', entry: '151.250', stop: '150.800', target: null, note: null },
      },
    ] satisfies { streamTime: number; call: TradeCall }[],
  };
}

export interface DemoContent {
  videos: { id: string; body: VideoCreateBody }[];
  zoomRooms: { id: string; body: ZoomRoomCreateBody }[];
  sessions: { id: string; courseId: string; body: SessionCreateBody }[];
  documents: { id: string; body: DocumentCreateBody }[];
  documentLists: { id: string; documentId: string; courseId: string }[];
  /** the demo live streams (DEMO_LIVE_STREAM_IDS), off air: staff set one live in /admin/liveStreaming */
  liveStreams: { id: string; body: LiveStreamCreateBody }[];
}

export function demoContent(today: string): DemoContent {
  const fx = DEMO_COURSE_IDS.forexBasics;
  const pa = DEMO_COURSE_IDS.priceAction;
  const s = DEMO_CONTENT_IDS.sessions;
  const room = DEMO_CONTENT_IDS.zoomRoom;
  return {
    videos: [
      {
        id: DEMO_CONTENT_IDS.pairsVideo,
        body: {
          courseId: fx,
          source: 'upload',
          assetId: DEMO_SECOND_VIDEO_ASSET_ID,
          name: 'บทที่ 1: คู่เงินหลัก (Major pairs)',
          item: 1,
          status: 'show',
          // visitors play it on /course/video/{id}: the demo's free preview
          preview: 'Y',
        },
      },
      {
        id: DEMO_CONTENT_IDS.candlesVideo,
        body: {
          courseId: fx,
          source: 'upload',
          assetId: DEMO_VIDEO_ASSET_ID,
          name: 'บทที่ 2: กราฟแท่งเทียน (Candlesticks)',
          item: 2,
          status: 'show',
        },
      },
      {
        id: DEMO_CONTENT_IDS.structureVideo,
        body: {
          courseId: pa,
          source: 'upload',
          assetId: DEMO_SECOND_VIDEO_ASSET_ID,
          name: 'บทที่ 1: โครงสร้างตลาด (Market structure)',
          item: 1,
          status: 'show',
        },
      },
    ],
    zoomRooms: [
      {
        id: room,
        body: {
          title: 'ห้องเรียนสด Rian (demo)',
          url: 'https://us02web.zoom.us/j/81234567890',
          meetingId: '812 3456 7890',
          passcode: 'rian2026',
        },
      },
    ],
    sessions: [
      {
        id: s.orientation,
        courseId: fx,
        body: {
          title: 'ไลฟ์ปฐมนิเทศ (Live orientation)',
          date: addDays(today, -3),
          type: 'live',
          start: '20:00',
          to: '21:00',
          item: 1,
        },
      },
      {
        id: s.intro,
        courseId: fx,
        body: {
          title: 'คู่เงินหลัก (Major pairs)',
          date: addDays(today, -2),
          type: 'video',
          videoId: DEMO_CONTENT_IDS.pairsVideo,
          item: 2,
        },
      },
      {
        id: s.pastMeeting,
        courseId: fx,
        body: {
          title: 'ถาม-ตอบสดทาง Zoom ครั้งที่ 1 (Zoom Q&A 1)',
          date: addDays(today, -1),
          type: 'meeting',
          start: '19:00',
          to: '20:00',
          zoomRoomId: room,
          item: 3,
        },
      },
      {
        id: s.candles,
        courseId: fx,
        body: {
          title: 'กราฟแท่งเทียน (Candlesticks)',
          date: today,
          type: 'video',
          videoId: DEMO_CONTENT_IDS.candlesVideo,
          item: 4,
          close: addDays(today, 3),
        },
      },
      {
        id: s.live,
        courseId: fx,
        body: {
          title: 'ไลฟ์วิเคราะห์ตลาด (Live market analysis)',
          date: today,
          type: 'live',
          start: '20:00',
          to: '21:30',
          liveStreamId: DEMO_LIVE_STREAM_IDS.forexLive,
          item: 5,
        },
      },
      {
        id: s.meeting,
        courseId: fx,
        body: {
          title: 'ถาม-ตอบสดทาง Zoom ครั้งที่ 2 (Zoom Q&A 2)',
          date: addDays(today, 1),
          type: 'meeting',
          start: '19:00',
          to: '21:00',
          zoomRoomId: room,
          item: 6,
        },
      },
      {
        id: s.workshop,
        courseId: fx,
        body: {
          title: 'เวิร์กช็อปที่ห้องเรียน กรุงเทพฯ (On-site workshop, Bangkok)',
          date: addDays(today, 3),
          type: 'real',
          start: '09:00',
          to: '16:00',
          checkin: 'Y',
          item: 7,
        },
      },
      {
        id: s.workshopDay2,
        courseId: fx,
        body: {
          title: 'เวิร์กช็อปวันที่ 2: ฝึกเทรดจริง (Workshop day 2: live practice)',
          date: addDays(today, 7),
          type: 'real',
          start: '09:00',
          to: '12:00',
          checkin: 'Y',
          item: 8,
        },
      },
      {
        // the live trade room (the spec's stream "id 3"), open through the trading day
        id: s.tradeRoom,
        courseId: fx,
        body: {
          title: 'ห้องเทรดสด (Live trade room)',
          date: today,
          type: 'live',
          start: '08:00',
          to: '23:00',
          liveStreamId: DEMO_LIVE_STREAM_IDS.liveTrade,
          item: 9,
        },
      },
      {
        // check-in is open its whole Bangkok day, and through the close day on the days after
        // (a demo left running keeps a session to check in to for two weeks)
        id: s.checkinDay,
        courseId: fx,
        body: {
          title: 'สัมมนาที่ห้องเรียนวันนี้ (On-site seminar today)',
          date: today,
          type: 'real',
          start: '09:00',
          to: '17:00',
          close: addDays(today, 13),
          checkin: 'Y',
          item: 10,
        },
      },
      {
        id: s.paIntro,
        courseId: pa,
        body: {
          title: 'โครงสร้างตลาด (Market structure)',
          date: addDays(today, -1),
          type: 'video',
          videoId: DEMO_CONTENT_IDS.structureVideo,
          item: 1,
        },
      },
      {
        id: s.paMeeting,
        courseId: pa,
        body: {
          title: 'จุดเข้าออก: ถาม-ตอบ (Entries and exits: Q&A)',
          date: addDays(today, 2),
          type: 'meeting',
          start: '20:00',
          to: '21:00',
          zoomRoomId: room,
          item: 2,
        },
      },
    ],
    documents: [
      {
        id: DEMO_CONTENT_IDS.document,
        body: {
          name: 'ชีทสรุป Forex พื้นฐาน (Forex basics sheet)',
          type: 'pdf',
          fileId: DEMO_FILE_IDS.forexSheet,
        },
      },
    ],
    documentLists: [
      { id: DEMO_CONTENT_IDS.documentList, documentId: DEMO_CONTENT_IDS.document, courseId: fx },
    ],
    liveStreams: [
      {
        id: DEMO_LIVE_STREAM_IDS.forexLive,
        body: {
          name: 'ไลฟ์วิเคราะห์ตลาด Forex (Forex live)',
          detail: 'ไลฟ์ของคอร์ส Forex พื้นฐาน: วิเคราะห์ตลาดและตอบคำถามสด',
          kind: 'stream',
          status: 'show',
          live: 'N',
        },
      },
      {
        id: DEMO_LIVE_STREAM_IDS.liveTrade,
        body: {
          name: 'ห้องเทรดสด (Live trade room)',
          detail: 'เทรดสดพร้อมสัญญาณเข้า-ออก จุดตัดขาดทุนและเป้าหมาย',
          kind: 'trade',
          status: 'show',
          live: 'N',
        },
      },
    ],
  };
}
