import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import { EnrolmentChanged } from '@rian/proto-contracts/learning-enrolments';
import {
  GroupRequestApproved,
  MemberGroupChanged,
  MemberGroupDeleted,
  type GroupCodesResult,
  type GroupRequestMine,
  type GroupRequestsPage,
  type GroupRequestStaff,
  type MemberGroupList,
  type MemberGroupsPage,
  type MemberGroupStaff,
  type UngroupedPage,
} from '@rian/proto-contracts/learning-groups';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, startLearning } from '../helpers.js';
import { learningEvents } from '../content-events.js';

/**
 * Member groups (issue 16): staff keep a course's LINE / Facebook groups (/admin/member-groups); a
 * member reads the groups of their course that are not hidden with their own requests, and asks to
 * join; staff approve and un-approve (the transition table), the enrolment's LINE / Facebook flag
 * follows, an approval is announced once; Gennarate codes; members of a course in no group.
 */
describe('member groups', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let staff: string;
  let staffId: string;
  let courseA: string;
  let courseB: string;
  const member = `m-${uuidv7()}`;
  const other = `o-${uuidv7()}`;
  const outsider = `x-${uuidv7()}`;
  let memberToken: string;
  let otherToken: string;
  let outsiderToken: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    staffId = `staff-${uuidv7()}`;
    staff = await issuer.staff('staff', staffId);
    courseA = (await app.courses.create({ title: 'Forex Groups', code: 'FXG' }, null)).id;
    courseB = (await app.courses.create({ title: 'Other course', code: 'OTH' }, null)).id;
    const start = '2026-01-01';
    await app.enrolmentAdmin.grant({ userId: member, courseId: courseA, start }, 'seed');
    await app.enrolmentAdmin.grant({ userId: other, courseId: courseA, start }, 'seed');
    await app.enrolmentAdmin.grant({ userId: outsider, courseId: courseB, start }, 'seed');
    memberToken = await issuer.member(member);
    otherToken = await issuer.member(other);
    outsiderToken = await issuer.member(outsider);
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { 'accept-language': 'th', ...(token ? bearer(token) : {}) },
      ...(payload ? { payload } : {}),
    });
  const createGroup = async (body: object) => {
    const res = await call('POST', '/admin/member-groups', staff, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<MemberGroupStaff>();
  };
  const enrolmentOf = async (userId: string, courseId: string) =>
    (
      (await app.kit.orm.em
        .fork()
        .execute(
          `select line, line_by, facebook, facebook_by from user_courses where user_id = ? and course_id = ?`,
          [userId, courseId],
        )) as { line: string; line_by: string | null; facebook: string; facebook_by: string | null }[]
    )[0]!;

  let line: MemberGroupStaff;
  let facebook: MemberGroupStaff;
  let hidden: MemberGroupStaff;
  let elsewhere: MemberGroupStaff;

  it('staff add groups: facebook by default, https link, QR file names; bad input is 400 in Thai and saves nothing', async () => {
    facebook = await createGroup({
      courseId: courseA,
      name: ' กลุ่ม Facebook ',
      url: 'https://www.facebook.com/groups/fxg',
      qr: 'fb-qr.webp',
    });
    expect(facebook).toMatchObject({
      type: 'facebook',
      name: 'กลุ่ม Facebook',
      qr: 'fb-qr.webp',
      qrManual: null,
      hidden: 'N',
      condition: 'N',
    });
    line = await createGroup({
      courseId: courseA,
      type: 'line',
      name: 'กลุ่มไลน์',
      url: 'https://line.me/R/ti/g/fxg',
      qr: 'line-qr.webp',
      qrManual: 'line-manual.webp',
      condition: 'Y',
      conditionValue: 'after-payment',
      conditionText: 'เข้ากลุ่มหลังชำระเงินครบ',
    });
    hidden = await createGroup({ courseId: courseA, name: 'ซ่อน', url: 'https://x.example/h', hidden: 'Y' });
    elsewhere = await createGroup({ courseId: courseB, type: 'line', name: 'B', url: 'https://line.me/b' });

    const before = (
      await call('GET', `/admin/member-groups?courseId=${courseA}`, staff)
    ).json<MemberGroupsPage>();
    expect(before.total).toBe(3);
    for (const bad of [
      { courseId: courseA, name: 'x', url: 'http://insecure.example' },
      { courseId: courseA, name: '  ', url: 'https://ok.example' },
      { courseId: courseA, name: 'x', url: 'https://ok.example', type: 'telegram' },
      { courseId: courseA, name: 'x', url: 'https://ok.example', qr: '../etc/passwd' },
      { courseId: courseA, name: 'x', url: 'https://ok.example', condition: 'Y' },
      { courseId: uuidv7(), name: 'x', url: 'https://ok.example' },
    ]) {
      const res = await call('POST', '/admin/member-groups', staff, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      expect(res.json<Problem>().errors?.[0]?.message ?? res.json<Problem>().messages?.th).toMatch(/[ก-๙]/);
    }
    const after = (
      await call('GET', `/admin/member-groups?courseId=${courseA}`, staff)
    ).json<MemberGroupsPage>();
    expect(after.total).toBe(3);
    // changes are announced (catalog keeps them)
    const events = await learningEvents(env, MemberGroupChanged, (d) => d.id === line.id);
    expect(events[0]!.data).toMatchObject({ courseId: courseA, type: 'line', hidden: 'N' });
  });

  it('staff edit and delete a group; members and other staff callers are refused', async () => {
    const g = await createGroup({ courseId: courseB, name: 'temp', url: 'https://t.example' });
    const put = await call('PUT', `/admin/member-groups/${g.id}`, staff, { type: 'line', hidden: 'Y' });
    expect(put.json<MemberGroupStaff>()).toMatchObject({ type: 'line', hidden: 'Y', name: 'temp' });
    expect((await call('GET', `/admin/member-groups/${g.id}`, memberToken)).statusCode).toBe(403);
    expect((await call('GET', `/admin/member-groups`)).statusCode).toBe(401);
    expect((await call('DELETE', `/admin/member-groups/${g.id}`, staff)).statusCode).toBe(204);
    expect((await call('GET', `/admin/member-groups/${g.id}`, staff)).json<Problem>().code).toBe(
      'learning.member_group_not_found',
    );
    await learningEvents(env, MemberGroupDeleted, (d) => d.id === g.id);
  });

  it('a member reads the active groups of their course, never hidden ones nor another course’s', async () => {
    const res = await call('GET', `/member/groups`, memberToken);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<MemberGroupList>();
    expect(list.courseId).toBe(courseA);
    expect(list.courseCode).toBe('FXG');
    expect(list.items.map((g) => g.id).sort()).toEqual([facebook.id, line.id].sort());
    expect(list.items.every((g) => g.request === null)).toBe(true);
    expect(list.items.find((g) => g.id === line.id)).toMatchObject({
      qr: 'line-qr.webp',
      qrManual: 'line-manual.webp',
      conditionText: 'เข้ากลุ่มหลังชำระเงินครบ',
    });
    // the member may not name another course
    const b = await call('GET', `/member/groups?courseId=${courseB}`, memberToken);
    expect(b.statusCode).toBe(404);
    // staff have no member groups
    expect((await call('GET', `/member/groups`, staff)).statusCode).toBe(403);
    // a member with no enrolment: nothing
    const nobody = await issuer.member(`n-${uuidv7()}`);
    expect((await call('GET', `/member/groups`, nobody)).json<MemberGroupList>().items).toEqual([]);
  });

  let request: GroupRequestMine;

  it('a member asks to join once; hidden groups and another course’s group answer 404', async () => {
    const first = await call('POST', `/member/groups/${line.id}/join`, memberToken);
    expect(first.statusCode, first.body).toBe(201);
    request = first.json<GroupRequestMine>();
    expect(request).toMatchObject({ status: 'requested', code: null, approvedAt: null });
    const again = await call('POST', `/member/groups/${line.id}/join`, memberToken);
    expect(again.statusCode).toBe(200);
    expect(again.json<GroupRequestMine>().id).toBe(request.id);

    for (const [g, token] of [
      [hidden.id, memberToken],
      [elsewhere.id, memberToken],
      [line.id, outsiderToken],
      [uuidv7(), memberToken],
    ] as const) {
      const res = await call('POST', `/member/groups/${g}/join`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json<Problem>().code).toBe('learning.member_group_not_found');
    }
    const rows = await app.kit.orm.em
      .fork()
      .execute(`select count(*)::int as n from member_group_users where member_group_id in (?, ?)`, [
        hidden.id,
        elsewhere.id,
      ]);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('the member home carries the groups with the member’s requests, read afresh (not from its cache)', async () => {
    const home = (await call('GET', `/member/home`, memberToken)).json<{ groups: MemberGroupList }>();
    expect(home.groups.items.find((g) => g.id === line.id)!.request!.id).toBe(request.id);
    expect(home.groups.items.map((g) => g.id)).not.toContain(hidden.id);
    // a fresh member: the home is cached, then they join; the next home shows the request
    const fresh = `f-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId: fresh, courseId: courseA, start: '2026-01-01' }, 'seed');
    const token = await issuer.member(fresh);
    const before = (await call('GET', `/member/home`, token)).json<{ groups: MemberGroupList }>();
    expect(before.groups.items.every((g) => g.request === null)).toBe(true);
    expect((await call('POST', `/member/groups/${facebook.id}/join`, token)).statusCode).toBe(201);
    const after = (await call('GET', `/member/home`, token)).json<{ groups: MemberGroupList }>();
    expect(after.groups.items.find((g) => g.id === facebook.id)!.request!.status).toBe('requested');
  });

  it('a member reads only their own requests', async () => {
    const mine = (await call('GET', `/member/groups`, memberToken)).json<MemberGroupList>();
    expect(mine.items.find((g) => g.id === line.id)!.request!.id).toBe(request.id);
    const theirs = (await call('GET', `/member/groups`, otherToken)).json<MemberGroupList>();
    expect(theirs.items.every((g) => g.request === null)).toBe(true);
    // the staff request list is not theirs to read
    expect((await call('GET', `/admin/group-requests`, memberToken)).statusCode).toBe(403);
  });

  it('staff approve with a note: approved by them, the LINE flag follows, announced once; illegal moves are 409', async () => {
    const page = (
      await call('GET', `/admin/group-requests?groupId=${line.id}`, staff)
    ).json<GroupRequestsPage>();
    expect(page.items.map((r) => r.userId)).toEqual([member]);
    expect((await enrolmentOf(member, courseA)).line).toBe('N');

    const res = await call('POST', `/admin/group-requests/${request.id}/approve`, staff, { note: 'ยืนยันแล้ว' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GroupRequestStaff>()).toMatchObject({
      status: 'approved',
      approvedBy: staffId,
      note: 'ยืนยันแล้ว',
      groupType: 'line',
    });
    expect(await enrolmentOf(member, courseA)).toMatchObject({ line: 'Y', line_by: staffId, facebook: 'N' });
    const mine = (await call('GET', `/member/groups`, memberToken)).json<MemberGroupList>();
    expect(mine.items.find((g) => g.id === line.id)!.request!.status).toBe('approved');

    const twice = await call('POST', `/admin/group-requests/${request.id}/approve`, staff, { note: 'x' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<Problem>()).toMatchObject({ code: 'learning.group_request_state' });
    expect(twice.json<Problem>().messages?.th).toBe('ไม่สามารถเปลี่ยนสถานะคำขอเข้ากลุ่มนี้ได้');

    const approved = await learningEvents(env, GroupRequestApproved, (d) => d.id === request.id);
    expect(approved).toHaveLength(1);
    expect(approved[0]!.data).toMatchObject({
      userId: member,
      groupType: 'line',
      courseTitle: 'Forex Groups',
      approvedBy: staffId,
      note: 'ยืนยันแล้ว',
    });
    const changed = await learningEvents(
      env,
      EnrolmentChanged,
      (d) => d.enrolment.userId === member && d.enrolment.line === 'Y',
    );
    expect(changed[0]!.data.changedBy).toBe(staffId);
  });

  it('un-approve: approved by back to none, the flag clears, a second un-approve is 409', async () => {
    const res = await call('POST', `/admin/group-requests/${request.id}/unapprove`, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GroupRequestStaff>()).toMatchObject({
      status: 'requested',
      approvedBy: null,
      approvedAt: null,
    });
    expect(await enrolmentOf(member, courseA)).toMatchObject({ line: 'N', line_by: null });
    const again = await call('POST', `/admin/group-requests/${request.id}/unapprove`, staff);
    expect(again.statusCode).toBe(409);
    const unknown = await call('POST', `/admin/group-requests/${uuidv7()}/approve`, staff, {});
    expect(unknown.json<Problem>().code).toBe('learning.group_request_not_found');
  });

  it('staff put a member into the Facebook group (approved at once), once; not an outsider', async () => {
    const res = await call('POST', '/admin/group-requests', staff, { groupId: facebook.id, userId: other });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<GroupRequestStaff>()).toMatchObject({ status: 'approved', approvedBy: staffId });
    expect(await enrolmentOf(other, courseA)).toMatchObject({ facebook: 'Y', facebook_by: staffId });
    const twice = await call('POST', '/admin/group-requests', staff, { groupId: facebook.id, userId: other });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<Problem>().code).toBe('learning.group_request_exists');
    const outside = await call('POST', '/admin/group-requests', staff, {
      groupId: facebook.id,
      userId: outsider,
    });
    expect(outside.statusCode).toBe(400);
  });

  it('Gennarate codes the requests without one, in request order, and keeps existing codes', async () => {
    const late = `l-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId: late, courseId: courseA, start: '2026-01-01' }, 'seed');
    expect((await call('POST', `/member/groups/${line.id}/join`, await issuer.member(late))).statusCode).toBe(
      201,
    );
    const res = await call('POST', `/admin/member-groups/${line.id}/codes`, staff);
    expect(res.json<GroupCodesResult>()).toEqual({ generated: 2 });
    const page = (
      await call('GET', `/admin/group-requests?groupId=${line.id}&sort=requestedAt`, staff)
    ).json<GroupRequestsPage>();
    expect(page.items.map((r) => r.code)).toEqual(['FXG-001', 'FXG-002']);
    expect(
      (await call('POST', `/admin/member-groups/${line.id}/codes`, staff)).json<GroupCodesResult>(),
    ).toEqual({
      generated: 0,
    });
    const mine = (await call('GET', `/member/groups`, memberToken)).json<MemberGroupList>();
    expect(mine.items.find((g) => g.id === line.id)!.request!.code).toBe('FXG-001');
  });

  it('members of a course in no group of it (/admin/memberGroupUserNone)', async () => {
    const lone = `z-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId: lone, courseId: courseA, start: '2026-01-01' }, 'seed');
    const page = (
      await call('GET', `/admin/ungrouped-members?courseId=${courseA}`, staff)
    ).json<UngroupedPage>();
    const ids = page.items.map((m) => m.userId);
    expect(ids).toContain(lone);
    expect(ids).not.toContain(member);
    expect(ids).not.toContain(other);
    expect((await call('GET', `/admin/ungrouped-members?courseId=${courseA}`, memberToken)).statusCode).toBe(
      403,
    );
  });

  it('a course with groups is not deleted', async () => {
    const res = await call('DELETE', `/admin/courses/${courseB}`, staff);
    expect(res.statusCode).toBe(409);
  });
});
