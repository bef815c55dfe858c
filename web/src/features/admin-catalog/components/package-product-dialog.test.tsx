import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';
import { makeProduct } from '../test-fixtures';

// a package reads like a product for this page (same shape, fewer fields)
const PKG = makeProduct({ id: '0190a0b0-0000-7000-8000-0000000000a1', url: 'vip', title: 'VIP' });
const CREATE = `/api/catalog/admin/packages/${PKG.id}/create-product`;
const FOREX = {
  id: '0190a0b0-0000-7000-8000-0000000000f1',
  title: 'Forex 101',
  code: 'FX101',
  status: 'open',
};
const GOLD = { id: '0190a0b0-0000-7000-8000-0000000000f2', title: 'ทองคำ 201', code: null, status: 'open' };
const UNKNOWN_TH = 'ไม่พบคอร์สนี้ในระบบการเรียน กรุณาเลือกคอร์สจากรายการ';

describe('a product made from a package: its courses are picked', () => {
  it("sends the picked courses' ids, one may be taken off, and a refusal shows on the field", async () => {
    let refuse = true;
    const fetchMock = mockApi({
      'GET /api/catalog/admin/packages': page([PKG]),
      'GET /api/catalog/admin/learning-courses': page([FOREX, GOLD]),
      [`POST ${CREATE}`]: () => {
        if (!refuse) return json(201, { product: { ...PKG, url: 'vip' }, courses: {} });
        refuse = false;
        return problem(422, 'catalog.course_unknown', UNKNOWN_TH);
      },
    });
    renderAdmin('/admin/packages');
    const ue = userEvent.setup();
    await ue.click((await screen.findAllByTestId('package-to-product'))[0]!);
    const dialog = await screen.findByTestId('package-product-dialog');
    const picker = within(dialog).getByTestId('package-product-courses');
    for (let n = 0; n < 2; n += 1) {
      await ue.click(picker);
      await ue.click((await within(dialog).findAllByTestId('package-product-courses-option'))[0]!);
    }
    // the first offered each time: a picked course is not offered again; then Forex is taken off
    const list = within(dialog).getByTestId('package-product-course-list');
    expect(list.textContent).toContain('Forex 101 (FX101)');
    expect(list.textContent).toContain('ทองคำ 201');
    await ue.click(within(list).getByRole('button', { name: 'เอาคอร์ส Forex 101 (FX101) ออก' }));
    expect(list.textContent).not.toContain('Forex 101');

    await ue.click(within(dialog).getByRole('button', { name: 'สร้างเป็นสินค้า' }));
    expect(await within(dialog).findByText(UNKNOWN_TH)).toBeTruthy();
    await ue.click(within(dialog).getByRole('button', { name: 'สร้างเป็นสินค้า' }));
    await within(dialog).findByTestId('package-product-created');
    expect(bodiesSentTo(fetchMock, 'POST', CREATE)).toEqual([
      { url: 'vip', courseIds: [GOLD.id] },
      { url: 'vip', courseIds: [GOLD.id] },
    ]);
  });
});
