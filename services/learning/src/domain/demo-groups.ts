import {
  DEMO_COURSE_IDS,
  DEMO_GROUP_IDS,
  DEMO_GROUP_QR_FILES,
  DEMO_GROUP_URLS,
} from '@rian/proto-contracts/demo';
import type { MemberGroupCreateBody } from '@rian/proto-contracts/learning-groups';

/**
 * The demo member groups (proto-contracts/demo DEMO_GROUP_IDS), with the QR images media's demo
 * generates from their links (DEMO_GROUP_QR_FILES: `qr` and the "how to join" `qrManual`).
 */
export const DEMO_GROUPS: { id: string; body: MemberGroupCreateBody }[] = [
  {
    id: DEMO_GROUP_IDS.forexLine,
    body: {
      courseId: DEMO_COURSE_IDS.forexBasics,
      type: 'line',
      name: 'Forex Basics — LINE',
      url: DEMO_GROUP_URLS.forexLine,
      qr: DEMO_GROUP_QR_FILES.forexLine.qr,
      qrManual: DEMO_GROUP_QR_FILES.forexLine.qrManual,
    },
  },
  {
    id: DEMO_GROUP_IDS.forexFacebook,
    body: {
      courseId: DEMO_COURSE_IDS.forexBasics,
      type: 'facebook',
      name: 'Forex Basics — Facebook',
      url: DEMO_GROUP_URLS.forexFacebook,
      qr: DEMO_GROUP_QR_FILES.forexFacebook.qr,
      qrManual: DEMO_GROUP_QR_FILES.forexFacebook.qrManual,
    },
  },
];
