import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';
import { makeProduct } from '../test-fixtures';

const KNOWN = '/api/catalog/admin/learning-courses';
const FOREX = {
  id: '0190a0b0-0000-7000-8000-0000000000f1',
  title: 'Forex 101',
  code: 'FX101',
  status: 'open',
};
const GOLD = { id: '0190a0b0-0000-7000-8000-0000000000f2', title: 'ทองคำ 201', code: null, status: 'open' };
const P1 = makeProduct({ coursesId: FOREX.id });
const PRODUCT = `/api/catalog/admin/products/${P1.id}`;
const UNKNOWN_TH = 'ไม่พบคอร์สนี้ในระบบการเรียน กรุณาเลือกคอร์สจากรายการ';

describe("the product form's main course (courses_id)", () => {
  it('shows the course by title, changes it by picking, and shows a refusal on the field', async () => {
    let refuse = true;
    const fetchMock = mockApi({
      'GET /api/catalog/admin/products': page([P1]),
      [`GET ${KNOWN}`]: (url) => {
        const ids = url.searchParams.get('ids');
        return page(ids ? [FOREX, GOLD].filter((c) => ids.split(',').includes(c.id)) : [GOLD]);
      },
      [`PUT ${PRODUCT}`]: (_url, init) => {
        if (refuse) {
          refuse = false;
          return problem(422, 'catalog.course_unknown', UNKNOWN_TH, {
            errors: [{ field: 'coursesId', code: 'catalog.course_unknown', message: UNKNOWN_TH }],
          });
        }
        return json(200, { ...P1, ...JSON.parse(String(init.body)) });
      },
    });
    renderAdmin('/admin/product');
    const ue = userEvent.setup();
    await ue.click((await screen.findAllByTestId('product-edit'))[0]!);
    const dialog = await screen.findByTestId('product-dialog');
    const value = within(dialog).getByTestId('product-coursesId-value');
    await waitFor(() => expect(value.textContent).toContain('Forex 101 (FX101)'));

    await ue.type(within(dialog).getByTestId('product-coursesId'), 'ทอง');
    await ue.click((await within(dialog).findAllByTestId('product-coursesId-option'))[0]!);
    await waitFor(() => expect(value.textContent).toContain('ทองคำ 201'));

    await ue.click(within(dialog).getByTestId('product-save'));
    expect(await within(dialog).findByText(UNKNOWN_TH)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PUT', PRODUCT).at(-1)).toMatchObject({ coursesId: GOLD.id });

    // cleared: no main course
    await ue.click(within(dialog).getByTestId('product-coursesId-clear'));
    await ue.click(within(dialog).getByTestId('product-save'));
    await waitFor(() => expect(screen.queryByTestId('product-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'PUT', PRODUCT).at(-1)).toMatchObject({ coursesId: null });
  });
});
