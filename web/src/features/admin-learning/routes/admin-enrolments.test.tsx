import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import type {
  EnrolmentAuditEntry,
  EnrolmentStaff,
  EnrolmentState,
} from '@rian/proto-contracts/learning-enrolments';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { page, renderAdmin } from '@/testing/admin';

const ENROLMENTS = '/api/learning/admin/enrolments';
const COURSES = '/api/learning/admin/courses';
const USERS = '/api/auth/admin/users';
const AT = '2026-01-01T00:00:00.000Z';
const COURSE_ID = '0190a0b0-0000-7000-8000-0000000000c1';
const PRODUCT_ID = '0190a0b0-0000-7000-8000-0000000000p1';
const E_ID = '0190a0b0-0000-7000-8000-0000000000e1';

const COURSE: CourseStaff = {
  id: COURSE_ID,
  title: 'เทรดทองคำ',
  code: 'GOLD1',
  detail: null,
  status: 'open',
  date: null,
  liveStreaming: 'N',
  liveStreamingId: null,
  liveTradeId: null,
  liveStreamingPath: null,
  liveTradePath: null,
  createdBy: 's1',
  createdAt: AT,
  updatedAt: AT,
};
const SOMCHAI = makeUser({ id: '0190a0b0-0000-7000-8000-0000000000u1' });
const SUDA = makeUser({
  id: '0190a0b0-0000-7000-8000-0000000000u2',
  email: 'suda@example.com',
  firstName: 'สุดา',
  lastName: 'รักเรียน',
  memberCode: 'M0002',
});

const ENROLMENT: EnrolmentStaff = {
  id: E_ID,
  userId: SOMCHAI.id,
  courseId: COURSE_ID,
  orderId: null,
  productId: null,
  source: 'order',
  status: 'active',
  createdAt: AT,
  selected: 'Y',
  courseStatus: 'N',
  sptk: 'N',
  special: 'Y',
  code: 'G-001',
  start: '2026-01-01',
  end: null,
  course: { id: COURSE_ID, title: 'เทรดทองคำ', code: 'GOLD1', status: 'open', liveStreaming: 'N' },
  line: 'Y',
  lineBy: 's1',
  facebook: 'N',
  facebookBy: null,
  note: 'โอนแล้ว',
  grantedBy: null,
  updatedAt: AT,
};

const base = {
  [`GET ${COURSES}`]: page([COURSE]),
  [`GET ${USERS}/${SOMCHAI.id}`]: json(200, { user: SOMCHAI, addresses: [] }),
  [`GET ${USERS}/${SUDA.id}`]: json(200, { user: SUDA, addresses: [] }),
  'GET /api/auth/admin/personnel': page([]),
};
const params = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname === path)
    .map((u) => Object.fromEntries(u.searchParams));

describe('/admin/userCourse', () => {
  it('lists enrolments with the member, course, flags and who set them; filters by course, status and a member found by e-mail', async () => {
    const fetchMock = mockApi({
      ...base,
      [`GET ${ENROLMENTS}`]: page([ENROLMENT]),
      [`GET ${USERS}`]: (url) => page(url.searchParams.get('q') === 'suda' ? [SUDA] : []),
    });
    renderAdmin('/admin/userCourse');
    const row = await screen.findByTestId('enrolments-table-row');
    expect(await within(row).findByText('somchai@example.com')).toBeTruthy();
    expect(within(row).getByText('เทรดทองคำ')).toBeTruthy();
    expect(within(row).getByText('G-001')).toBeTruthy();
    expect(within(row).getByTestId('enrolment-status').dataset.status).toBe('active');
    expect(within(row).getByTestId('enrolment-special-value').dataset.value).toBe('Y');
    expect(within(row).getByTestId('enrolment-line-value').dataset.value).toBe('Y');
    // s1 is the signed-in staff member (Boss)
    expect(within(row).getByText('Boss')).toBeTruthy();
    expect(within(row).getByText('โอนแล้ว')).toBeTruthy();

    const ue = userEvent.setup();
    await ue.selectOptions(screen.getByTestId('enrolments-course-filter'), COURSE_ID);
    await ue.selectOptions(screen.getByTestId('enrolments-status-filter'), 'ended');
    await ue.type(screen.getByTestId('enrolments-member-filter-search'), 'suda');
    await ue.click(await screen.findByTestId('enrolments-member-filter-option'));
    await waitFor(() =>
      expect(params(fetchMock, ENROLMENTS).at(-1)).toMatchObject({
        courseId: COURSE_ID,
        status: 'ended',
        userId: SUDA.id,
      }),
    );
    expect((await screen.findByTestId('enrolments-member-filter-picked')).textContent).toContain(
      'suda@example.com',
    );
  });

  it('grants by hand: a member picked by e-mail and a course; a second grant is refused on the member', async () => {
    let grants = 0;
    const fetchMock = mockApi({
      ...base,
      [`GET ${ENROLMENTS}`]: page([]),
      [`GET ${USERS}`]: (url) => page(url.searchParams.get('q') === 'suda@ex' ? [SUDA] : []),
      [`POST ${ENROLMENTS}`]: (_url, init) => {
        grants += 1;
        return grants === 1
          ? problem(409, 'learning.enrolment_exists', 'exists', {
              messages: {
                th: 'สมาชิกนี้ลงทะเบียนคอร์สนี้แล้ว',
                en: 'This member is already enrolled in this course',
              },
            })
          : json(201, { ...ENROLMENT, ...JSON.parse(String(init.body)) });
      },
    });
    renderAdmin('/admin/userCourse');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('enrolment-grant'));
    const form = await screen.findByTestId('enrolment-grant-dialog');
    await ue.click(within(form).getByTestId('enrolment-grant-dialog-save'));
    expect(await within(form).findByText('กรุณาเลือกสมาชิก')).toBeTruthy();
    expect(grants).toBe(0);

    await ue.type(within(form).getByTestId('enrolment-grant-member-search'), 'suda@ex');
    await ue.click(await within(form).findByTestId('enrolment-grant-member-option'));
    await waitFor(() =>
      expect(within(form).getByTestId('enrolment-grant-course').querySelectorAll('option')).toHaveLength(2),
    );
    await ue.selectOptions(within(form).getByTestId('enrolment-grant-course'), COURSE_ID);
    await ue.type(within(form).getByTestId('enrolment-grant-code'), 'G-002');
    await ue.click(within(form).getByTestId('enrolment-grant-special'));
    await ue.click(within(form).getByTestId('enrolment-grant-dialog-save'));
    expect(await within(form).findByText('สมาชิกนี้ลงทะเบียนคอร์สนี้แล้ว')).toBeTruthy();

    await ue.click(within(form).getByTestId('enrolment-grant-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('enrolment-grant-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', ENROLMENTS).at(-1)).toEqual({
      userId: SUDA.id,
      courseId: COURSE_ID,
      code: 'G-002',
      sptk: 'N',
      special: 'Y',
      end: null,
      note: null,
    });
  });

  it('grants a product’s paid buyers the courses they miss and says how many were granted', async () => {
    const fetchMock = mockApi({
      ...base,
      [`GET ${ENROLMENTS}`]: page([]),
      'GET /api/catalog/admin/products': page([{ id: PRODUCT_ID, title: 'คอร์สทองคำ 2026' }]),
      [`POST /api/learning/admin/products/${PRODUCT_ID}/grant-missing`]: json(200, {
        productId: PRODUCT_ID,
        courseIds: [COURSE_ID],
        buyers: 3,
        granted: [
          { enrolmentId: E_ID, userId: SOMCHAI.id, courseId: COURSE_ID, orderId: PRODUCT_ID },
          { enrolmentId: E_ID, userId: SUDA.id, courseId: COURSE_ID, orderId: PRODUCT_ID },
        ],
      }),
    });
    renderAdmin('/admin/userCourse');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('enrolment-grant-product'));
    const form = await screen.findByTestId('enrolment-grant-product-dialog');
    await ue.click(within(form).getByTestId('enrolment-grant-product-dialog-save'));
    expect(await within(form).findByText('กรุณาเลือกสินค้า')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(form).getByTestId('enrolment-grant-product-select').querySelectorAll('option'),
      ).toHaveLength(2),
    );
    await ue.selectOptions(within(form).getByTestId('enrolment-grant-product-select'), PRODUCT_ID);
    await ue.click(within(form).getByTestId('enrolment-grant-product-dialog-save'));
    const result = await within(form).findByTestId('enrolment-grant-product-result');
    expect(result.dataset.granted).toBe('2');
    expect(result.textContent).toBe('เพิ่มการลงทะเบียน 2 รายการ (ผู้ซื้อ 3 คน คอร์ส 1 คอร์ส)');
    expect(
      fetchMock.mock.calls.filter(
        ([u, init]) => init?.method === 'POST' && String(u).includes('grant-missing'),
      ),
    ).toHaveLength(1);
  });

  it('edits only what changed (flags, dates), shows a date refusal on its field; ends after confirming; shows the history', async () => {
    let patches = 0;
    const stateOf = (over: Partial<EnrolmentState> = {}): EnrolmentState => ({
      enrolmentId: E_ID,
      userId: SOMCHAI.id,
      courseId: COURSE_ID,
      source: 'order',
      status: 'active',
      orderId: null,
      productId: null,
      selected: 'Y',
      courseStatus: 'N',
      sptk: 'N',
      special: 'Y',
      code: null,
      start: '2026-01-01',
      end: null,
      line: 'N',
      lineBy: null,
      facebook: 'N',
      facebookBy: null,
      note: null,
      ...over,
    });
    const audit: EnrolmentAuditEntry[] = [
      {
        id: 'a1',
        enrolmentId: E_ID,
        action: 'granted',
        changedBy: null,
        changedAt: AT,
        before: null,
        after: stateOf(),
      },
      {
        id: 'a2',
        enrolmentId: E_ID,
        action: 'updated',
        changedBy: 's1',
        changedAt: '2026-01-02T03:00:00.000Z',
        before: stateOf(),
        after: stateOf({ code: 'G-001', line: 'Y', lineBy: 's1' }),
      },
    ];
    const fetchMock = mockApi({
      ...base,
      [`GET ${ENROLMENTS}`]: page([ENROLMENT]),
      [`PUT ${ENROLMENTS}/${E_ID}`]: (_url, init) => {
        patches += 1;
        return patches === 1
          ? problem(400, 'learning.enrolment_dates', 'The end date cannot be before the start date', {
              messages: { th: 'วันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น', en: 'The end date cannot be before the start date' },
              errors: [{ field: 'end', code: 'learning.enrolment_dates', message: 'วันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น' }],
            })
          : json(200, { ...ENROLMENT, ...JSON.parse(String(init.body)) });
      },
      [`POST ${ENROLMENTS}/${E_ID}/end`]: json(200, { ...ENROLMENT, status: 'ended', end: '2026-01-05' }),
      [`GET ${ENROLMENTS}/${E_ID}/audit`]: json(200, { items: audit }),
    });
    renderAdmin('/admin/userCourse');
    const ue = userEvent.setup();
    const row = await screen.findByTestId('enrolments-table-row');

    await ue.click(within(row).getByTestId('enrolment-edit'));
    let form = await screen.findByTestId('enrolment-dialog');
    await ue.click(within(form).getByTestId('enrolment-facebook'));
    await ue.click(within(form).getByTestId('enrolment-sptk'));
    await ue.type(within(form).getByTestId('enrolment-end'), '2026-06-30');
    await ue.click(within(form).getByTestId('enrolment-dialog-save'));
    expect(await within(form).findByText('วันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น')).toBeTruthy();
    expect(within(form).getByTestId('enrolment-end').getAttribute('aria-invalid')).toBe('true');
    await ue.click(within(form).getByTestId('enrolment-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('enrolment-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'PUT', `${ENROLMENTS}/${E_ID}`).at(-1)).toEqual({
      sptk: 'Y',
      end: '2026-06-30',
      facebook: 'Y',
    });

    // the client's own date check: no request
    await ue.click(within(row).getByTestId('enrolment-edit'));
    form = await screen.findByTestId('enrolment-dialog');
    await ue.type(within(form).getByTestId('enrolment-end'), '2025-12-31');
    await ue.click(within(form).getByTestId('enrolment-dialog-save'));
    expect(await within(form).findByText('วันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น')).toBeTruthy();
    expect(patches).toBe(2);
    await ue.keyboard('{Escape}');

    await ue.click(within(row).getByTestId('enrolment-end'));
    expect(bodiesSentTo(fetchMock, 'POST', `${ENROLMENTS}/${E_ID}/end`)).toHaveLength(0);
    await ue.click(await screen.findByTestId('confirm-submit'));
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'POST', `${ENROLMENTS}/${E_ID}/end`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('confirm-submit')).toBeNull());

    await ue.click(within(row).getByTestId('enrolment-audit'));
    const history = await screen.findByTestId('enrolment-audit-dialog');
    const entries = await within(history).findAllByTestId('enrolment-audit-row');
    expect(entries.map((e) => e.dataset.action)).toEqual(['granted', 'updated']);
    expect(within(entries[0]!).getByText('ระบบ (คำสั่งซื้อ)')).toBeTruthy();
    expect(within(entries[1]!).getByText('Boss')).toBeTruthy();
    expect(entries[1]!.textContent).toContain('รหัส: – → G-001');
    expect(entries[1]!.textContent).toContain('LINE: N → Y');
  });
});
