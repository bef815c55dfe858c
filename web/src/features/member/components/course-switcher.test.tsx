import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EnrolmentView } from '@rian/proto-contracts/learning';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { makeHome, renderMemberArea } from '../testing';

const HOME = '/api/learning/member/home';
const SELECT = '/api/learning/enrolments/select';
const BASICS = '0190a0b0-0000-7000-8000-0000000000b1';
const LIVE = '0190a0b0-0000-7000-8000-0000000000b2';

function enrolment(courseId: string, title: string | null, selected: 'Y' | 'N'): EnrolmentView {
  return {
    id: `e-${courseId}`,
    userId: 'u1',
    courseId,
    orderId: null,
    productId: null,
    source: 'order',
    status: 'active',
    createdAt: '2026-04-16T02:30:00.000Z',
    selected,
    courseStatus: 'N',
    sptk: 'N',
    special: 'N',
    code: null,
    start: '2026-04-16',
    end: null,
    course: title ? { id: courseId, title, code: null, status: 'open', liveStreaming: 'N' } : null,
  };
}

/** learning's member home carrying these enrolments (the selected one is the home's course). */
const homeOf = (items: EnrolmentView[]) =>
  makeHome({ enrolments: items, enrolment: items.find((e) => e.selected === 'Y') ?? null });

/** The learning service as the switcher sees it: the member's enrolments and the saved selection. */
function learningApi(items: EnrolmentView[]) {
  let selected = items.find((e) => e.selected === 'Y')?.courseId;
  const list = () => ({ items: items.map((e) => ({ ...e, selected: e.courseId === selected ? 'Y' : 'N' })) });
  return mockApi({
    [`GET ${HOME}`]: () => json(200, homeOf(list().items as EnrolmentView[])),
    'GET /api/orders/orders/mine': () => json(200, { items: [], total: 0, page: 1, pageSize: 50 }),
    [`POST ${SELECT}`]: (_url, init) => {
      const { courseId } = JSON.parse(String(init.body)) as { courseId: string };
      if (!items.some((e) => e.courseId === courseId)) {
        return problem(404, 'learning.enrolment_not_found', 'not enrolled', {
          messages: { th: 'คุณยังไม่ได้ลงทะเบียนคอร์สนี้', en: 'You are not enrolled in this course' },
        });
      }
      selected = courseId;
      return json(200, list());
    },
  });
}

function renderMember() {
  useAuthStore.getState().setSession('t', makeUser({ status: 'Premium' }));
  return renderMemberArea();
}

// the layout renders the top bar once (the drawer's copy is closed), so one switcher
const switcherTitle = () => screen.getByTestId('course-switcher-title').textContent;

describe('the member course switcher (spec 01 member layout, course switch)', () => {
  it('shows the selected course in the top bar and on the dashboard, from one request to learning', async () => {
    const fetchMock = learningApi([
      enrolment(BASICS, 'เทรดทองคำขั้นพื้นฐาน', 'Y'),
      enrolment(LIVE, 'ไลฟ์เทรดสด', 'N'),
    ]);
    renderMember();
    expect(await screen.findByTestId('member-course-title')).toHaveProperty(
      'textContent',
      'เทรดทองคำขั้นพื้นฐาน',
    );
    expect(switcherTitle()).toBe('เทรดทองคำขั้นพื้นฐาน');
    expect(screen.getByTestId('course-switcher').getAttribute('aria-label')).toBe(
      'คอร์สที่เลือก: เทรดทองคำขั้นพื้นฐาน — เปลี่ยนคอร์ส',
    );
    // the switcher, the dashboard and the layout share the member home: no /enrolments/mine
    const learningCalls = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost').pathname)
      .filter((path) => path.startsWith('/api/learning/'));
    expect(learningCalls).toEqual([HOME]);
  });

  it('switching saves the selection, passes through /member/reload and comes back with the new course', async () => {
    const fetchMock = learningApi([
      enrolment(BASICS, 'เทรดทองคำขั้นพื้นฐาน', 'Y'),
      enrolment(LIVE, 'ไลฟ์เทรดสด', 'N'),
    ]);
    const { router } = renderMember();
    const ue = userEvent.setup();
    await screen.findByTestId('course-switcher-title');
    await ue.click(screen.getByTestId('course-switcher'));
    const menu = await screen.findByRole('menu');
    const options = within(menu).getAllByRole('menuitemradio');
    expect(options.map((o) => [o.textContent, o.getAttribute('aria-checked')])).toEqual([
      ['●เทรดทองคำขั้นพื้นฐาน', 'true'],
      ['ไลฟ์เทรดสด', 'false'],
    ]);
    const seen: string[] = [];
    const stop = router.subscribe((state) => seen.push(state.location.pathname));
    await ue.click(within(menu).getByTestId(`course-option-${LIVE}`));

    await waitFor(() => expect(switcherTitle()).toBe('ไลฟ์เทรดสด'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
    stop();
    expect(seen).toContain('/member/reload');
    expect(bodiesSentTo(fetchMock, 'POST', SELECT)).toEqual([{ courseId: LIVE }]);
    expect((await screen.findByTestId('member-course-title')).textContent).toBe('ไลฟ์เทรดสด');
  });

  it('choosing the course already selected saves nothing', async () => {
    const fetchMock = learningApi([enrolment(BASICS, 'เทรดทองคำขั้นพื้นฐาน', 'Y'), enrolment(LIVE, 'ไลฟ์', 'N')]);
    renderMember();
    const ue = userEvent.setup();
    await screen.findByTestId('course-switcher-title');
    await ue.click(screen.getByTestId('course-switcher'));
    await ue.click(await screen.findByTestId(`course-option-${BASICS}`));
    expect(bodiesSentTo(fetchMock, 'POST', SELECT)).toEqual([]);
    expect(switcherTitle()).toBe('เทรดทองคำขั้นพื้นฐาน');
  });

  it('a refused switch keeps the course and says why', async () => {
    mockApi({
      [`GET ${HOME}`]: json(
        200,
        homeOf([enrolment(BASICS, 'เทรดทองคำขั้นพื้นฐาน', 'Y'), enrolment(LIVE, 'ไลฟ์เทรดสด', 'N')]),
      ),
      'GET /api/orders/orders/mine': json(200, { items: [], total: 0, page: 1, pageSize: 50 }),
      [`POST ${SELECT}`]: problem(404, 'learning.enrolment_not_found', 'not enrolled', {
        messages: { th: 'คุณยังไม่ได้ลงทะเบียนคอร์สนี้', en: 'You are not enrolled in this course' },
      }),
    });
    const { router } = renderMember();
    const ue = userEvent.setup();
    await screen.findByTestId('course-switcher-title');
    await ue.click(screen.getByTestId('course-switcher'));
    await ue.click(await screen.findByTestId(`course-option-${LIVE}`));
    expect((await screen.findByTestId('course-switch-error')).textContent).toBe('คุณยังไม่ได้ลงทะเบียนคอร์สนี้');
    expect(switcherTitle()).toBe('เทรดทองคำขั้นพื้นฐาน');
    expect(router.state.location.pathname).toBe('/member');
  });

  it('a course learning does not know is named by its id; no enrolment: no switcher, a pointer to the shop', async () => {
    learningApi([enrolment('legacy-course', null, 'Y')]);
    const first = renderMember();
    await waitFor(() => expect(switcherTitle()).toBe('legacy-course'));
    first.unmount();

    learningApi([]);
    renderMember();
    expect(await screen.findByTestId('member-no-course')).toBeTruthy();
    expect(screen.queryByTestId('course-switcher')).toBeNull();
  });
});
