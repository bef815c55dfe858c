import { DEMO_COURSE_IDS, DEMO_FILE_IDS, DEMO_VIDEO_ASSET_ID } from '@rian/proto-contracts/demo';
import type {
  DocumentCreateBody,
  SessionCreateBody,
  VideoCreateBody,
  ZoomRoomCreateBody,
} from '@rian/proto-contracts/learning-content';
import { addDays } from './field-rules.js';

/**
 * What the demo courses are made of (LEARNING_SEED_DEMO): a session of each type around the
 * Asia/Bangkok day the demo starts — a Vimeo lesson two days before, and on that day the uploaded
 * lesson (media's demo asset, DEMO_VIDEO_ASSET_ID: it plays with no internet), a live stream that
 * evening, a Zoom meeting the next day, an on-site workshop with check-in three days on — and a
 * document on the Forex course. An HLS-URL video stays in the library as an example of that source.
 * Fixed ids (learning's own), so the seed is idempotent.
 */

const id = (n: number) => `01900000-0000-7000-8000-0000000d${String(n).padStart(4, '0')}`;

export const DEMO_CONTENT_IDS = {
  vimeoVideo: id(1),
  hlsVideo: id(2),
  zoomRoom: id(3),
  document: id(4),
  documentList: id(5),
  uploadVideo: id(6),
  sessions: {
    intro: id(11),
    candles: id(12),
    live: id(13),
    meeting: id(14),
    workshop: id(15),
    paIntro: id(16),
    paMeeting: id(17),
  },
} as const;

export interface DemoContent {
  videos: { id: string; body: VideoCreateBody }[];
  zoomRooms: { id: string; body: ZoomRoomCreateBody }[];
  sessions: { id: string; courseId: string; body: SessionCreateBody }[];
  documents: { id: string; body: DocumentCreateBody }[];
  documentLists: { id: string; documentId: string; courseId: string }[];
}

export function demoContent(today: string): DemoContent {
  const fx = DEMO_COURSE_IDS.forexBasics;
  const pa = DEMO_COURSE_IDS.priceAction;
  const s = DEMO_CONTENT_IDS.sessions;
  return {
    videos: [
      {
        id: DEMO_CONTENT_IDS.vimeoVideo,
        body: {
          courseId: fx,
          source: 'vimeo',
          vimeoId: '76979871',
          name: 'บทที่ 1: คู่เงินหลัก (Major pairs)',
          item: 1,
          status: 'show',
          durationSeconds: 62,
        },
      },
      {
        id: DEMO_CONTENT_IDS.uploadVideo,
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
        id: DEMO_CONTENT_IDS.hlsVideo,
        body: {
          courseId: fx,
          source: 'hls',
          hlsUrl: 'https://test-streams.mux.dev/x36xhzz/x36xhzz.m3u8',
          name: 'ตัวอย่างวิดีโอจาก HLS URL (HLS example)',
          item: 3,
          status: 'show',
          durationSeconds: 635,
        },
      },
    ],
    zoomRooms: [
      {
        id: DEMO_CONTENT_IDS.zoomRoom,
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
        id: s.intro,
        courseId: fx,
        body: {
          title: 'บทที่ 1: คู่เงินหลัก',
          date: addDays(today, -2),
          type: 'video',
          videoId: DEMO_CONTENT_IDS.vimeoVideo,
          item: 1,
        },
      },
      {
        id: s.candles,
        courseId: fx,
        body: {
          title: 'บทที่ 2: กราฟแท่งเทียน',
          date: today,
          type: 'video',
          videoId: DEMO_CONTENT_IDS.uploadVideo,
          item: 1,
          close: addDays(today, 3),
        },
      },
      {
        id: s.live,
        courseId: fx,
        body: {
          title: 'ไลฟ์วิเคราะห์ตลาด (Live)',
          date: today,
          type: 'live',
          start: '20:00',
          to: '21:30',
          item: 2,
        },
      },
      {
        id: s.meeting,
        courseId: fx,
        body: {
          title: 'ถาม-ตอบสดทาง Zoom',
          date: addDays(today, 1),
          type: 'meeting',
          start: '19:00',
          to: '21:00',
          zoomRoomId: DEMO_CONTENT_IDS.zoomRoom,
        },
      },
      {
        id: s.workshop,
        courseId: fx,
        body: {
          title: 'เวิร์กช็อปที่ห้องเรียน กรุงเทพฯ (on site)',
          date: addDays(today, 3),
          type: 'real',
          start: '09:00',
          to: '16:00',
          checkin: 'Y',
        },
      },
      {
        id: s.paIntro,
        courseId: pa,
        body: { title: 'โครงสร้างตลาด (Market structure)', date: addDays(today, -1), type: 'video', item: 1 },
      },
      {
        id: s.paMeeting,
        courseId: pa,
        body: {
          title: 'จุดเข้าออก: ถาม-ตอบ',
          date: addDays(today, 2),
          type: 'meeting',
          start: '20:00',
          to: '21:00',
          zoomRoomId: DEMO_CONTENT_IDS.zoomRoom,
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
  };
}
