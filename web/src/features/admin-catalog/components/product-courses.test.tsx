import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KnownCourse } from '@rian/proto-contracts/catalog-commerce';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';
import { makeProduct } from '../test-fixtures';

const P1 = makeProduct();
const COURSES = `/api/catalog/admin/products/${P1.id}/courses`;
const KNOWN = '/api/catalog/admin/learning-courses';
const FOREX: KnownCourse = {
  id: '0190a0b0-0000-7000-8000-0000000000f1',
  title: 'Forex 101',
  code: 'FX101',
  status: 'open',
};
const GOLD: KnownCourse = {
  id: '0190a0b0-0000-7000-8000-0000000000f2',
  title: 'ทองคำ 201',
  code: 'GOLD201',
  status: 'open',
};
const GONE: KnownCourse = {
  id: '0190a0b0-0000-7000-8000-0000000000f3',
  title: 'Gold รุ่นเก่า',
  code: null,
  status: 'closed',
};
const ALL = [FOREX, GOLD, GONE];
const UNKNOWN_TH = 'ไม่พบคอร์สนี้ในระบบการเรียน กรุณาเลือกคอร์สจากรายการ';

/** catalog's list of learning's courses: `ids` exactly, or `q` in title or code */
function known(url: URL) {
  const ids = url.searchParams.get('ids');
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const items = ids
    ? ALL.filter((c) => ids.split(',').includes(c.id))
    : ALL.filter((c) => `${c.title} ${c.code ?? ''}`.toLowerCase().includes(q));
  return page(items);
}

async function openCourses(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({
    'GET /api/catalog/admin/products': page([P1]),
    [`GET ${KNOWN}`]: known,
    ...routes,
  });
  renderAdmin('/admin/product');
  const ue = userEvent.setup();
  await ue.click((await screen.findAllByTestId('product-edit'))[0]!);
  const dialog = await screen.findByTestId('product-dialog');
  await ue.click(within(dialog).getByTestId('product-tab-courses'));
  return { fetchMock, ue, dialog };
}

const searches = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === KNOWN && url.searchParams.has('q'))
    .map((url) => url.searchParams.get('q'));

describe("a product's courses: picked from learning's courses", () => {
  it('names the courses on the list, searches by title or code and adds the picked course by its id', async () => {
    let list = [FOREX.id, 'FX2027'];
    const { fetchMock, ue, dialog } = await openCourses({
      [`GET ${COURSES}`]: () =>
        json(200, { productId: P1.id, courseIds: list, revision: 1, updatedAt: null }),
      [`POST ${COURSES}`]: (_url, init) => {
        list = [...list, (JSON.parse(String(init.body)) as { courseId: string }).courseId];
        return json(200, { productId: P1.id, courseIds: list, revision: 2, updatedAt: null });
      },
    });
    const rows = await within(dialog).findAllByTestId('courses-row');
    await waitFor(() => expect(rows[0]!.textContent).toContain('Forex 101 (FX101)'));
    // an id from before the check, which learning does not have, says so
    expect(rows[1]!.textContent).toContain('FX2027');
    expect(rows[1]!.textContent).toContain('ไม่พบคอร์สนี้ในระบบการเรียน');

    const input = within(dialog).getByTestId('course-pick');
    expect(input.getAttribute('role')).toBe('combobox');
    await ue.type(input, 'gold');
    await waitFor(() => expect(searches(fetchMock).at(-1)).toBe('gold'));
    const options = await within(dialog).findAllByTestId('course-pick-option');
    await waitFor(() =>
      expect(options.map((o) => o.textContent)).toEqual(['ทองคำ 201 (GOLD201)', 'Gold รุ่นเก่าปิดแล้ว']),
    );
    await ue.click(within(dialog).getAllByTestId('course-pick-option')[0]!);

    await waitFor(() => expect(bodiesSentTo(fetchMock, 'POST', COURSES)).toEqual([{ courseId: GOLD.id }]));
    await waitFor(() => expect(within(dialog).getAllByTestId('courses-row')).toHaveLength(3));
    expect(within(dialog).getAllByTestId('courses-row')[2]!.textContent).toContain('ทองคำ 201 (GOLD201)');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('does not offer a course already on the list; the keyboard picks', async () => {
    const { fetchMock, ue, dialog } = await openCourses({
      [`GET ${COURSES}`]: json(200, {
        productId: P1.id,
        courseIds: [FOREX.id, GOLD.id],
        revision: 2,
        updatedAt: null,
      }),
      [`POST ${COURSES}`]: json(200, {
        productId: P1.id,
        courseIds: [FOREX.id, GOLD.id, GONE.id],
        revision: 3,
        updatedAt: null,
      }),
    });
    await within(dialog).findAllByTestId('courses-row');
    const input = within(dialog).getByTestId('course-pick');
    await ue.type(input, 'o');
    await waitFor(() => expect(searches(fetchMock).at(-1)).toBe('o'));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('course-pick-option')
          .map((o) => o.textContent),
      ).toEqual(['Gold รุ่นเก่าปิดแล้ว']),
    );
    await ue.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'POST', COURSES)).toEqual([{ courseId: GONE.id }]));
  });

  it('never sends a typed id: Enter with no matching course adds nothing', async () => {
    const { fetchMock, ue, dialog } = await openCourses({
      [`GET ${COURSES}`]: json(200, { productId: P1.id, courseIds: [], revision: 0, updatedAt: null }),
    });
    await within(dialog).findByText('ยังไม่มีคอร์ส');
    const input = within(dialog).getByTestId('course-pick');
    await ue.type(input, 'FX2027');
    await waitFor(() => expect(searches(fetchMock).at(-1)).toBe('FX2027'));
    await within(dialog).findByText('ไม่พบคอร์สที่ตรงกัน');
    await ue.keyboard('{Enter}');
    expect(bodiesSentTo(fetchMock, 'POST', COURSES)).toEqual([]);
    expect(screen.getByTestId('product-dialog')).toBeTruthy();
  });

  it("shows the server's Thai message when catalog refuses the course (learning deleted it meanwhile)", async () => {
    const { ue, dialog } = await openCourses({
      [`GET ${COURSES}`]: json(200, { productId: P1.id, courseIds: [], revision: 0, updatedAt: null }),
      [`POST ${COURSES}`]: problem(422, 'catalog.course_unknown', UNKNOWN_TH),
    });
    await within(dialog).findByText('ยังไม่มีคอร์ส');
    await ue.type(within(dialog).getByTestId('course-pick'), 'forex');
    await ue.click((await within(dialog).findAllByTestId('course-pick-option'))[0]!);
    expect(await within(dialog).findByText(UNKNOWN_TH)).toBeTruthy();
    expect(within(dialog).getByTestId('course-pick').getAttribute('aria-invalid')).toBe('true');
  });
});
