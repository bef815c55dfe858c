import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bangkokDay } from '../src/domain/access.js';
import { ContentFixtures } from './content-fixtures.js';
import { startLearning } from './helpers.js';

/**
 * The authorisation matrix of the learning service (issue 12 acceptance): for every route, what
 * each kind of caller gets. The table is the intended access; the test sends every request and
 * compares. A route the service serves but the table lacks (or the reverse) fails the test.
 *
 * Callers: anonymous; a member with no enrolment; the member enrolled in course A (where the
 * session, its video and its room are); another member, enrolled in course B only; staff; admin.
 *
 * - allowed: the route's own logic answered (2xx, or its own 4xx such as 404 for an unknown id or
 *   409 for a second grant) — never an access refusal, never a 5xx;
 * - 401: `auth.unauthenticated`; 403: `auth.forbidden` (the wrong kind of caller);
 * - 404: a member's read of a course or session they may not open answers as if it did not exist.
 *
 * Requests carry valid bodies: schema validation runs before the guards.
 */
type Access = 'allowed' | 401 | 403 | 404;
const ROLES = ['anonymous', 'member', 'enrolled', 'otherMember', 'staff', 'admin'] as const;
type Role = (typeof ROLES)[number];

interface Ctx {
  courseA: string;
  courseB: string;
  /** a session of course A dated today, with a video and a Zoom room */
  session: string;
  /** a course nobody is enrolled in, for the delete row */
  spareCourse: string;
  /** an enrolment rows may change and end */
  victimEnrolment: string;
  /** content staff rows read, change and delete (each delete row has its own spare) */
  spareSession: string;
  video: string;
  spareVideo: string;
  zoomRoom: string;
  spareZoomRoom: string;
  document: string;
  spareDocument: string;
  documentList: string;
  spareDocumentList: string;
  productId: string;
  /** the enrolled member's playback of the session's video, its beacon token */
  playback: string;
  beatToken: string;
  /** the enrolled member's UserDetail / UserPort records, and spares for the delete rows */
  userDetail: string;
  spareUserDetail: string;
  userPort: string;
  spareUserPort: string;
  enrolledId: string;
  /** live: course A's channel (live), a stream to delete, two staff comments on the first */
  liveStream: string;
  spareLiveStream: string;
  hideSeq: number;
  pinSeq: number;
  /** check-in (issue 16): a real session of course A today with check-in on, its code, a check-in to delete */
  checkinSession: string;
  checkinCode: string;
  spareCheckin: string;
  /** issue 16: the enrolled member's signed enrolment (course A) and its signed PDF's URL */
  signedEnrolment: string;
  termsPdfUrl: string;
  /** groups (issue 16): course A's LINE group, a spare to delete, the enrolled member's request */
  memberGroup: string;
  spareMemberGroup: string;
  groupRequest: string;
}

interface Row {
  route: string;
  url?: (ctx: Ctx) => string;
  body?: (role: Role, ctx: Ctx) => object;
  method?: string;
  /** anonymous, member, enrolled member, other member, staff, admin */
  access: [Access, Access, Access, Access, Access, Access];
}

const A = 'allowed' as const;
const PUBLIC: Row['access'] = [A, A, A, A, A, A];
/** members, each reading their own */
const MEMBER: Row['access'] = [401, A, A, A, 403, 403];
/** members, about course A or its session: only the enrolled member; the others 404 */
const ENROLLED: Row['access'] = [401, 404, A, 404, 403, 403];
const STAFF: Row['access'] = [401, 403, 403, 403, A, A];
/** a record of the enrolled member's own: the others 404 */
const OWN: Row['access'] = [401, 404, A, 404, 403, 403];
const beat = { seq: 1, position: 5, played: 5, rate: 1, visible: true };
/** a real 1 × 1 PNG: the signature image of the terms rows */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const termsBody = {
  textHash: 'a'.repeat(64),
  strokes: [{ points: [{ x: 1, y: 1, pressure: 0.5, time: 1 }] }],
  png: TINY_PNG,
};

const MATRIX: Row[] = [
  // public
  { route: 'GET /courses/:id', url: (c) => `/courses/${c.courseA}`, access: PUBLIC },
  // the member's enrolments
  { route: 'GET /enrolments/mine', access: MEMBER },
  { route: 'POST /enrolments/select', body: (_r, c) => ({ courseId: c.courseA }), access: ENROLLED },
  // the member's sessions (course A named: the default is the caller's own selected course)
  {
    route: 'GET /member/sessions/calendar',
    url: (c) => `/member/sessions/calendar?from=2026-05-01&to=2026-05-31&courseId=${c.courseA}`,
    access: ENROLLED,
  },
  {
    route: 'GET /member/sessions/today',
    url: (c) => `/member/sessions/today?courseId=${c.courseA}`,
    access: ENROLLED,
  },
  {
    route: 'GET /member/sessions/current',
    url: (c) => `/member/sessions/current?type=meeting&courseId=${c.courseA}`,
    access: ENROLLED,
  },
  { route: 'GET /member/sessions/:id', url: (c) => `/member/sessions/${c.session}`, access: ENROLLED },
  {
    route: 'GET /member/sessions/:id/calls',
    url: (c) => `/member/sessions/${c.session}/calls`,
    access: ENROLLED,
  },
  { route: 'GET /member/home', url: (c) => `/member/home?courseId=${c.courseA}`, access: ENROLLED },
  { route: 'GET /member/lessons', url: (c) => `/member/lessons?courseId=${c.courseA}`, access: ENROLLED },
  { route: 'GET /member/documents', url: (c) => `/member/documents?courseId=${c.courseA}`, access: ENROLLED },
  // watch statistics (issue 14): playbacks and beats, the member's reads
  {
    route: 'POST /member/playbacks',
    body: (_r, c) => ({ sessionId: c.session }),
    access: ENROLLED,
  },
  {
    route: 'POST /member/playbacks/:id/beats',
    url: (c) => `/member/playbacks/${c.playback}/beats`,
    body: () => beat,
    access: OWN,
  },
  {
    // no Authorization: the beat token is the capability
    route: 'POST /member/playbacks/:id/beacon',
    url: (c) => `/member/playbacks/${c.playback}/beacon`,
    body: (_r, c) => ({ ...beat, seq: 2, beatToken: c.beatToken }),
    access: PUBLIC,
  },
  {
    route: 'GET /member/stats/summary',
    url: (c) => `/member/stats/summary?courseId=${c.courseA}`,
    access: ENROLLED,
  },
  {
    route: 'GET /member/stats/videos',
    url: (c) => `/member/stats/videos?courseId=${c.courseA}`,
    access: ENROLLED,
  },
  { route: 'GET /member/stats/month', url: () => '/member/stats/month?month=2026-05', access: MEMBER },
  { route: 'GET /member/statistics', access: MEMBER },
  { route: 'GET /member/statistics/:id', url: (c) => `/member/statistics/${c.playback}`, access: OWN },
  // UserDetail and UserPort (spec 01 §7): the member's own
  { route: 'GET /member/user-details', access: MEMBER },
  { route: 'GET /member/user-details/:id', url: (c) => `/member/user-details/${c.userDetail}`, access: OWN },
  {
    route: 'POST /member/user-details',
    body: (_r, c) => ({ videoId: c.video, timeStart: 0, timeEnd: 30, timeTotal: 30 }),
    access: MEMBER,
  },
  {
    route: 'DELETE /member/user-details/:id',
    url: (c) => `/member/user-details/${c.spareUserDetail}`,
    access: OWN,
  },
  { route: 'GET /member/user-ports', access: MEMBER },
  { route: 'GET /member/user-ports/:id', url: (c) => `/member/user-ports/${c.userPort}`, access: OWN },
  { route: 'POST /member/user-ports', body: () => ({ value: 125000, year: 2026 }), access: MEMBER },
  {
    route: 'DELETE /member/user-ports/:id',
    url: (c) => `/member/user-ports/${c.spareUserPort}`,
    access: OWN,
  },
  // back office: watch statistics and members' records (read only)
  {
    route: 'GET /admin/stats/members/:userId',
    url: (c) => `/admin/stats/members/${c.enrolledId}`,
    access: STAFF,
  },
  { route: 'GET /admin/stats/videos/:id', url: (c) => `/admin/stats/videos/${c.video}`, access: STAFF },
  { route: 'GET /admin/stats/devices', access: STAFF },
  {
    route: 'GET /admin/user-details',
    url: (c) => `/admin/user-details?userId=${c.enrolledId}`,
    access: STAFF,
  },
  { route: 'GET /admin/user-details/:id', url: (c) => `/admin/user-details/${c.userDetail}`, access: STAFF },
  { route: 'GET /admin/user-ports', access: STAFF },
  { route: 'GET /admin/user-ports/:id', url: (c) => `/admin/user-ports/${c.userPort}`, access: STAFF },
  // public: curricula (session titles only)
  { route: 'GET /courses/:id/curriculum', url: (c) => `/courses/${c.courseA}/curriculum`, access: PUBLIC },
  {
    route: 'GET /products/:productId/curriculum',
    url: (c) => `/products/${c.productId}/curriculum`,
    access: PUBLIC,
  },
  // public: the /course pages (courses on sale, a free preview's playback)
  { route: 'GET /courses/public', access: PUBLIC },
  {
    route: 'GET /courses/public/videos/:id',
    url: (c) => `/courses/public/videos/${c.video}`,
    access: PUBLIC,
  },
  // back office: a course's sessions
  {
    route: 'GET /admin/courses/:courseId/sessions',
    url: (c) => `/admin/courses/${c.courseA}/sessions`,
    access: STAFF,
  },
  {
    route: 'GET /admin/courses/:courseId/sessions/:id',
    url: (c) => `/admin/courses/${c.courseA}/sessions/${c.session}`,
    access: STAFF,
  },
  {
    route: 'POST /admin/courses/:courseId/sessions',
    url: (c) => `/admin/courses/${c.courseA}/sessions`,
    body: (r) => ({ title: `matrix ${r}`, date: '2026-06-01' }),
    access: STAFF,
  },
  {
    route: 'PUT /admin/courses/:courseId/sessions/:id',
    url: (c) => `/admin/courses/${c.courseA}/sessions/${c.spareSession}`,
    body: (r) => ({ detail: `by ${r}` }),
    access: STAFF,
  },
  {
    route: 'POST /admin/courses/:courseId/sessions/reorder',
    url: (c) => `/admin/courses/${c.courseA}/sessions/reorder`,
    body: (_r, c) => ({ ids: [c.session, c.spareSession] }),
    access: STAFF,
  },
  {
    route: 'DELETE /admin/courses/:courseId/sessions/:id',
    url: (c) => `/admin/courses/${c.courseA}/sessions/${c.spareSession}`,
    access: STAFF,
  },
  // back office: videos, Zoom rooms, documents, document lists
  { route: 'GET /admin/videos', access: STAFF },
  { route: 'GET /admin/videos/:id', url: (c) => `/admin/videos/${c.video}`, access: STAFF },
  {
    route: 'POST /admin/videos',
    body: (r, c) => ({ courseId: c.courseB, source: 'vimeo', vimeoId: '76979871', name: `matrix ${r}` }),
    access: STAFF,
  },
  {
    route: 'PUT /admin/videos/:id',
    url: (c) => `/admin/videos/${c.video}`,
    body: (r) => ({ detail: r }),
    access: STAFF,
  },
  { route: 'DELETE /admin/videos/:id', url: (c) => `/admin/videos/${c.spareVideo}`, access: STAFF },
  { route: 'GET /admin/zoom-rooms', access: STAFF },
  { route: 'GET /admin/zoom-rooms/:id', url: (c) => `/admin/zoom-rooms/${c.zoomRoom}`, access: STAFF },
  {
    route: 'POST /admin/zoom-rooms',
    body: (r) => ({ title: `matrix ${r}`, url: 'https://zoom.us/j/9876543210', passcode: 'x1' }),
    access: STAFF,
  },
  {
    route: 'PUT /admin/zoom-rooms/:id',
    url: (c) => `/admin/zoom-rooms/${c.zoomRoom}`,
    body: (r) => ({ title: `matrix ${r}` }),
    access: STAFF,
  },
  {
    route: 'DELETE /admin/zoom-rooms/:id',
    url: (c) => `/admin/zoom-rooms/${c.spareZoomRoom}`,
    access: STAFF,
  },
  { route: 'GET /admin/documents', access: STAFF },
  { route: 'GET /admin/documents/:id', url: (c) => `/admin/documents/${c.document}`, access: STAFF },
  {
    route: 'GET /admin/documents/:id/url',
    url: (c) => `/admin/documents/${c.document}/url`,
    access: STAFF,
  },
  { route: 'POST /admin/documents', body: (r) => ({ name: `matrix ${r}`, fileId: uuidv7() }), access: STAFF },
  {
    route: 'PUT /admin/documents/:id',
    url: (c) => `/admin/documents/${c.document}`,
    body: (r) => ({ name: `matrix ${r}` }),
    access: STAFF,
  },
  { route: 'DELETE /admin/documents/:id', url: (c) => `/admin/documents/${c.spareDocument}`, access: STAFF },
  { route: 'GET /admin/document-lists', access: STAFF },
  {
    route: 'GET /admin/document-lists/:id',
    url: (c) => `/admin/document-lists/${c.documentList}`,
    access: STAFF,
  },
  {
    route: 'POST /admin/document-lists',
    body: (_r, c) => ({ documentId: c.document, courseId: c.courseB }),
    access: STAFF,
  },
  {
    route: 'PUT /admin/document-lists/:id',
    url: (c) => `/admin/document-lists/${c.documentList}`,
    body: () => ({ item: 2 }),
    access: STAFF,
  },
  {
    route: 'DELETE /admin/document-lists/:id',
    url: (c) => `/admin/document-lists/${c.spareDocumentList}`,
    access: STAFF,
  },
  // back office: courses
  { route: 'GET /admin/courses', access: STAFF },
  { route: 'GET /admin/courses/:id', url: (c) => `/admin/courses/${c.courseA}`, access: STAFF },
  { route: 'POST /admin/courses', body: (r) => ({ title: `matrix ${r}` }), access: STAFF },
  {
    route: 'PUT /admin/courses/:id',
    url: (c) => `/admin/courses/${c.courseA}`,
    body: () => ({ detail: 'x' }),
    access: STAFF,
  },
  { route: 'DELETE /admin/courses/:id', url: (c) => `/admin/courses/${c.spareCourse}`, access: STAFF },
  // back office: enrolments
  { route: 'GET /admin/enrolments', access: STAFF },
  {
    route: 'POST /admin/enrolments',
    body: (r, c) => ({ userId: `matrix-grant-${r}`, courseId: c.courseB }),
    access: STAFF,
  },
  { route: 'GET /admin/enrolments/:id', url: (c) => `/admin/enrolments/${c.victimEnrolment}`, access: STAFF },
  {
    route: 'PUT /admin/enrolments/:id',
    url: (c) => `/admin/enrolments/${c.victimEnrolment}`,
    body: (r) => ({ note: `by ${r}` }),
    access: STAFF,
  },
  {
    route: 'POST /admin/enrolments/:id/end',
    url: (c) => `/admin/enrolments/${c.victimEnrolment}/end`,
    access: STAFF,
  },
  {
    route: 'GET /admin/enrolments/:id/audit',
    url: (c) => `/admin/enrolments/${c.victimEnrolment}/audit`,
    access: STAFF,
  },
  {
    route: 'POST /admin/products/:productId/grant-missing',
    url: (c) => `/admin/products/${c.productId}/grant-missing`,
    access: STAFF,
  },
  // live streams (issue 15): back office
  { route: 'GET /admin/live-streams', access: STAFF },
  { route: 'GET /admin/live-streams/viewers-now', access: STAFF },
  { route: 'GET /admin/live-streams/:id', url: (c) => `/admin/live-streams/${c.liveStream}`, access: STAFF },
  { route: 'POST /admin/live-streams', body: (r) => ({ name: `matrix ${r}` }), access: STAFF },
  {
    route: 'PUT /admin/live-streams/:id',
    url: (c) => `/admin/live-streams/${c.liveStream}`,
    body: (r) => ({ detail: `by ${r}` }),
    access: STAFF,
  },
  {
    route: 'DELETE /admin/live-streams/:id',
    url: (c) => `/admin/live-streams/${c.spareLiveStream}`,
    access: STAFF,
  },
  {
    route: 'POST /admin/live-streams/:id/rotate-key',
    url: (c) => `/admin/live-streams/${c.liveStream}/rotate-key`,
    access: STAFF,
  },
  {
    route: 'GET /admin/live-streams/:id/broadcasts',
    url: (c) => `/admin/live-streams/${c.liveStream}/broadcasts`,
    access: STAFF,
  },
  {
    route: 'GET /admin/live-streams/:id/comments',
    url: (c) => `/admin/live-streams/${c.liveStream}/comments`,
    access: STAFF,
  },
  {
    route: 'POST /admin/live-streams/:id/comments',
    url: (c) => `/admin/live-streams/${c.liveStream}/comments`,
    body: (r) => ({ text: `from ${r}` }),
    access: STAFF,
  },
  {
    route: 'POST /admin/live-streams/:id/calls',
    url: (c) => `/admin/live-streams/${c.liveStream}/calls`,
    body: () => ({ symbol: 'XAUUSD', side: 'buy', entry: '2385.5' }),
    access: STAFF,
  },
  {
    route: 'POST /admin/live-streams/:id/comments/:seq/hide',
    url: (c) => `/admin/live-streams/${c.liveStream}/comments/${c.hideSeq}/hide`,
    access: STAFF,
  },
  {
    route: 'POST /admin/live-streams/:id/comments/:seq/pin',
    url: (c) => `/admin/live-streams/${c.liveStream}/comments/${c.pinSeq}/pin`,
    access: STAFF,
  },
  {
    route: 'DELETE /admin/live-streams/:id/pin',
    url: (c) => `/admin/live-streams/${c.liveStream}/pin`,
    access: STAFF,
  },
  {
    route: 'PUT /admin/courses/:id/live-streaming',
    url: (c) => `/admin/courses/${c.spareCourse}/live-streaming`,
    body: (_r, c) => ({ liveStreaming: 'N', liveStreamingId: c.spareLiveStream }),
    access: STAFF,
  },
  // live streams: members (course A's channel is live; the replay also serves staff, who moderate)
  { route: 'GET /member/live/streams', access: MEMBER },
  {
    route: 'GET /member/live/comments/now',
    url: (c) => `/member/live/comments/now?streamId=${c.liveStream}`,
    access: ENROLLED,
  },
  { route: 'GET /member/live/:streamId', url: (c) => `/member/live/${c.liveStream}`, access: ENROLLED },
  {
    route: 'GET /member/live/:streamId/access',
    url: (c) => `/member/live/${c.liveStream}/access`,
    access: ENROLLED,
  },
  {
    route: 'GET /member/live/:streamId/comments',
    url: (c) => `/member/live/${c.liveStream}/comments`,
    access: [401, 404, A, 404, A, A],
  },
  {
    route: 'POST /member/live/:streamId/comments',
    url: (c) => `/member/live/${c.liveStream}/comments`,
    body: (r) => ({ text: `from ${r}` }),
    access: ENROLLED,
  },
  {
    route: 'GET /member/live/:streamId/calls',
    url: (c) => `/member/live/${c.liveStream}/calls`,
    access: ENROLLED,
  },
  // on-site check-in (issue 16): a member checks in (the enrolment is the route's own 403 answer),
  // reads their own; staff run the kiosk, list, export, check in by hand, remove
  {
    route: 'POST /member/checkins',
    body: (_r, c) => ({ sessionId: c.checkinSession, code: c.checkinCode }),
    access: MEMBER,
  },
  { route: 'GET /member/checkins', access: MEMBER },
  {
    route: 'GET /admin/checkins/kiosk/:sessionId',
    url: (c) => `/admin/checkins/kiosk/${c.checkinSession}`,
    access: STAFF,
  },
  { route: 'GET /admin/checkins/sessions', access: STAFF },
  {
    route: 'GET /admin/checkins',
    url: (c) => `/admin/checkins?sessionId=${c.checkinSession}`,
    access: STAFF,
  },
  {
    route: 'GET /admin/checkins.csv',
    url: (c) => `/admin/checkins.csv?courseId=${c.courseA}`,
    access: STAFF,
  },
  {
    route: 'POST /admin/checkins',
    body: (_r, c) => ({ sessionId: c.checkinSession, userId: c.enrolledId }),
    access: STAFF,
  },
  { route: 'DELETE /admin/checkins/:id', url: (c) => `/admin/checkins/${c.spareCheckin}`, access: STAFF },
  // signed course terms (issue 16): the member's own enrolment's; staff read any member's
  { route: 'GET /member/terms', url: (c) => `/member/terms?courseId=${c.courseA}`, access: ENROLLED },
  {
    // the enrolled member signed in the set-up: their own answer is 409 learning.terms_signed
    route: 'POST /member/terms',
    body: (_r, c) => ({ ...termsBody, courseId: c.courseA }),
    access: ENROLLED,
  },
  {
    route: 'GET /admin/enrolments/:id/terms',
    url: (c) => `/admin/enrolments/${c.signedEnrolment}/terms`,
    access: STAFF,
  },
  {
    // the signed URL is the capability (handed only to its member and staff); forged ones: 403
    route: 'GET /signed/:exp/:sig/terms/:enrolmentId/:file',
    url: (c) => c.termsPdfUrl.replace(/^\/api\/learning/, ''),
    access: PUBLIC,
  },
  // member groups (issue 16): back office
  { route: 'GET /admin/member-groups', access: STAFF },
  {
    route: 'GET /admin/member-groups/:id',
    url: (c) => `/admin/member-groups/${c.memberGroup}`,
    access: STAFF,
  },
  {
    route: 'POST /admin/member-groups',
    body: (r, c) => ({ courseId: c.courseB, name: `matrix ${r}`, url: 'https://line.me/R/ti/g/matrix' }),
    access: STAFF,
  },
  {
    route: 'PUT /admin/member-groups/:id',
    url: (c) => `/admin/member-groups/${c.memberGroup}`,
    body: (r) => ({ conditionValue: r }),
    access: STAFF,
  },
  {
    route: 'DELETE /admin/member-groups/:id',
    url: (c) => `/admin/member-groups/${c.spareMemberGroup}`,
    access: STAFF,
  },
  {
    route: 'POST /admin/member-groups/:id/codes',
    url: (c) => `/admin/member-groups/${c.memberGroup}/codes`,
    access: STAFF,
  },
  { route: 'GET /admin/group-requests', access: STAFF },
  {
    route: 'GET /admin/group-requests/:id',
    url: (c) => `/admin/group-requests/${c.groupRequest}`,
    access: STAFF,
  },
  {
    route: 'POST /admin/group-requests',
    body: (_r, c) => ({ groupId: c.memberGroup, userId: c.enrolledId }),
    access: STAFF,
  },
  {
    route: 'POST /admin/group-requests/:id/approve',
    url: (c) => `/admin/group-requests/${c.groupRequest}/approve`,
    body: (r) => ({ note: `by ${r}` }),
    access: STAFF,
  },
  {
    route: 'POST /admin/group-requests/:id/unapprove',
    url: (c) => `/admin/group-requests/${c.groupRequest}/unapprove`,
    access: STAFF,
  },
  {
    route: 'GET /admin/ungrouped-members',
    url: (c) => `/admin/ungrouped-members?courseId=${c.courseA}`,
    access: STAFF,
  },
  // member groups: members (course A's groups only to its member; each reads their own requests)
  { route: 'GET /member/groups', access: MEMBER },
  {
    route: 'GET /member/groups?courseId',
    url: (c) => `/member/groups?courseId=${c.courseA}`,
    access: ENROLLED,
  },
  {
    route: 'POST /member/groups/:id/join',
    url: (c) => `/member/groups/${c.memberGroup}/join`,
    access: ENROLLED,
  },
];

const ACCESS_CODES: Record<401 | 403, string> = { 401: 'auth.unauthenticated', 403: 'auth.forbidden' };
/** how learning tells a member "not yours" (as if it did not exist) */
const DENIALS_404 = [
  'learning.session_not_found',
  'learning.enrolment_not_found',
  'learning.playback_not_found',
  'learning.user_detail_not_found',
  'learning.user_port_not_found',
  'learning.live_stream_not_found',
  'learning.member_group_not_found',
];

let env: TestEnv;
let app: ServiceApp;
let ctx: Ctx;
const tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  env = await createTestEnv();
  const issuer = await TestTokenIssuer.create();
  app = await startLearning(env, issuer);
  const staffId = `matrix-staff-${uuidv7()}`;
  const liveStream = (await app.liveStreams.create({ name: 'matrix live', live: 'Y' }, null)).id;
  const spareLiveStream = (await app.liveStreams.create({ name: 'matrix spare live' }, null)).id;
  const host = { sub: staffId, kind: 'staff' as const, name: 'matrix host' };
  const hideSeq = (await app.liveComments.postStaff(host, liveStream, 'hide me')).seq;
  const pinSeq = (await app.liveComments.postStaff(host, liveStream, 'pin me')).seq;
  const courseA = (
    await app.courses.create({ title: 'matrix A', liveStreaming: 'Y', liveStreamingId: liveStream }, null)
  ).id;
  const courseB = (await app.courses.create({ title: 'matrix B' }, null)).id;
  const spareCourse = (await app.courses.create({ title: 'matrix spare' }, null)).id;
  const [member, enrolled, other] = [`m-${uuidv7()}`, `e-${uuidv7()}`, `o-${uuidv7()}`];
  const start = '2026-01-01';
  await app.enrolmentAdmin.grant({ userId: enrolled, courseId: courseA, start }, staffId);
  await app.enrolmentAdmin.grant({ userId: other, courseId: courseB, start }, staffId);
  const victim = await app.enrolmentAdmin.grant(
    { userId: `v-${uuidv7()}`, courseId: courseA, start },
    staffId,
  );
  const memberGroup = (
    await app.memberGroups.create(
      { courseId: courseA, type: 'line', name: 'matrix line', url: 'https://line.me/R/ti/g/m' },
      null,
    )
  ).id;
  const spareMemberGroup = (
    await app.memberGroups.create(
      { courseId: courseB, name: 'matrix spare', url: 'https://fb.example/g' },
      null,
    )
  ).id;
  const groupRequest = (await app.memberGroups.join(enrolled, memberGroup)).request.id;
  const fx = new ContentFixtures(app);
  const video = await fx.uploadVideo(courseA);
  const session = await fx.session({
    courseId: courseA,
    date: bangkokDay(new Date()),
    type: 'meeting',
    videoId: video.id,
    zoomRoomId: await fx.zoomRoom('matrix-pass'),
  });
  const document = await fx.document({ sessionId: session });
  await fx.document({ courseId: courseA });
  const spareDocument = await fx.document({ courseId: courseB });
  const spareDocumentList = await fx.document({ courseId: courseB });
  const spareSession = await fx.session({ courseId: courseA, date: '2026-06-02' });
  const started = await app.playbacks.start(enrolled, { sessionId: session }, '127.0.0.1');
  const checkinSession = await fx.session({ courseId: courseA, date: bangkokDay(new Date()), type: 'real' });
  await app.kit.orm.em
    .fork()
    .execute(`update course_sessions set checkin = 'Y' where session_id = ?`, [checkinSession]);
  const checkinCode = (await app.checkins.kiosk(checkinSession)).code;
  const spareCheckin = (
    await app.checkins.manual(staffId, { sessionId: checkinSession, userId: victim.userId })
  ).answer.checkin.id;
  const enrolledPrincipal = { sub: enrolled, kind: 'user' as const };
  const shown = await app.signedTerms.view(enrolledPrincipal, courseA);
  const signedTerms = await app.signedTerms.accept(
    enrolledPrincipal,
    { ...termsBody, textHash: shown.textHash, courseId: courseA },
    { ip: '127.0.0.1', userAgent: 'matrix' },
  );
  const note = { videoId: video.id, timeStart: 0, timeEnd: 10, timeTotal: 10 };
  const port = { value: 1000, year: 2026 };
  tokens.member = await issuer.member(member);
  tokens.enrolled = await issuer.member(enrolled);
  tokens.otherMember = await issuer.member(other);
  tokens.staff = await issuer.staff('staff');
  tokens.admin = await issuer.staff('admin');
  ctx = {
    courseA,
    courseB,
    session,
    spareCourse,
    victimEnrolment: victim.id,
    productId: uuidv7(),
    spareSession,
    video: video.id,
    spareVideo: await fx.vimeoVideo(courseB),
    zoomRoom: await fx.zoomRoom('matrix-room'),
    spareZoomRoom: await fx.zoomRoom('matrix-spare'),
    document: document.id,
    spareDocument: spareDocument.id,
    documentList: document.listId,
    spareDocumentList: spareDocumentList.listId,
    playback: started.playbackId,
    beatToken: started.beatToken,
    userDetail: (await app.userRecords.createDetail(enrolled, note)).id,
    spareUserDetail: (await app.userRecords.createDetail(enrolled, note)).id,
    userPort: (await app.userRecords.createPort(enrolled, port)).id,
    spareUserPort: (await app.userRecords.createPort(enrolled, port)).id,
    enrolledId: enrolled,
    liveStream,
    spareLiveStream,
    hideSeq,
    pinSeq,
    checkinSession,
    checkinCode,
    spareCheckin,
    signedEnrolment: signedTerms.enrolmentId,
    termsPdfUrl: signedTerms.pdfUrl!,
    memberGroup,
    spareMemberGroup,
    groupRequest,
  };
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

/** "GET /admin/courses/{id}" (OpenAPI) → "GET /admin/courses/:id" (as declared). */
const declared = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;

describe('authorisation matrix of the learning service', () => {
  it('the table lists exactly the routes the service serves', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => declared(m, path)),
    );
    // a route may have more than one row (e.g. with and without a course named): '?…' is a variant
    const routes = new Set(MATRIX.map((r) => r.route.split('?')[0]!));
    expect([...routes].sort()).toEqual([...served].sort());
  });

  it('every route gives anonymous / member / enrolled / other member / staff / admin exactly the access intended', async () => {
    const mismatches: string[] = [];
    for (const row of MATRIX) {
      const [method, path] = row.route.split('?')[0]!.split(' ') as [string, string];
      for (const [i, role] of ROLES.entries()) {
        const token = tokens[role];
        const body = row.body?.(role, ctx);
        const res = await app.inject({
          method: method as 'GET',
          url: row.url?.(ctx) ?? path,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(body ? { payload: body } : {}),
        });
        const expected = row.access[i]!;
        const code = res.statusCode >= 400 ? (res.json() as { code?: string }).code : undefined;
        const got =
          expected === 'allowed'
            ? res.statusCode < 500 &&
              !Object.values(ACCESS_CODES).includes(code ?? '') &&
              // where others get a not-yours 404, the allowed caller must not get one
              !(row.access.includes(404) && DENIALS_404.includes(code ?? ''))
            : expected === 404
              ? res.statusCode === 404 && DENIALS_404.includes(code ?? '')
              : res.statusCode === expected && code === ACCESS_CODES[expected];
        if (!got)
          mismatches.push(
            `${row.route} as ${role}: expected ${expected}, got ${res.statusCode} ${code ?? ''}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });
});
