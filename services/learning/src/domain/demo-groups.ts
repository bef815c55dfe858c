import { DEMO_COURSE_IDS, DEMO_GROUP_IDS } from '@rian/proto-contracts/demo';
import type { MemberGroupCreateBody } from '@rian/proto-contracts/learning-groups';

/** The demo member groups (proto-contracts/demo DEMO_GROUP_IDS): no QR images (staff upload them). */
export const DEMO_GROUPS: { id: string; body: MemberGroupCreateBody }[] = [
  {
    id: DEMO_GROUP_IDS.forexLine,
    body: {
      courseId: DEMO_COURSE_IDS.forexBasics,
      type: 'line',
      name: 'Forex Basics — LINE',
      url: 'https://line.me/R/ti/g/rian-demo-forex',
    },
  },
  {
    id: DEMO_GROUP_IDS.forexFacebook,
    body: {
      courseId: DEMO_COURSE_IDS.forexBasics,
      type: 'facebook',
      name: 'Forex Basics — Facebook',
      url: 'https://www.facebook.com/groups/rian-demo-forex',
    },
  },
];
