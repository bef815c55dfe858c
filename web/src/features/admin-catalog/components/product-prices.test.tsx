import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';
import { makePrice, makeProduct } from '../test-fixtures';

const P1 = makeProduct();
const PRICES = `/api/catalog/admin/products/${P1.id}/prices`;
const LIVE = makePrice();
const GONE = makePrice({ id: 'pr2', type: 'EB', member: 'SPTR', title: 'Early bird', removed: 'Y' });

function pricesAsked(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === PRICES)
    .map((url) => url.searchParams.get('includeRemoved'));
}

describe('a product’s prices', () => {
  it('adds a price for a membership code (19 to choose from) in satang; removes it softly after a confirmation; restores', async () => {
    const fetchMock = mockApi({
      'GET /api/catalog/admin/products': page([P1]),
      [`GET ${PRICES}`]: (url) =>
        page(url.searchParams.get('includeRemoved') === 'true' ? [LIVE, GONE] : [LIVE]),
      [`POST ${PRICES}`]: (_url, init) =>
        json(201, makePrice({ id: 'pr3', ...JSON.parse(String(init.body)) })),
      [`DELETE ${PRICES}/pr1`]: { status: 204 },
      [`POST ${PRICES}/pr2/restore`]: json(200, { ...GONE, removed: 'N' }),
    });
    renderAdmin('/admin/product');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('product-prices'));
    const dialog = await screen.findByTestId('product-dialog');
    expect(within(dialog).getByTestId('product-tab-prices').getAttribute('aria-selected')).toBe('true');
    const row = await within(dialog).findByTestId('prices-row');
    expect(row.textContent).toContain('฿1,500.00');
    expect(row.textContent).toContain('1 มี.ค. 2026 – 31 มี.ค. 2026');
    expect(pricesAsked(fetchMock)).toEqual(['false']);

    await ue.click(within(dialog).getByTestId('price-new'));
    const form = await screen.findByTestId('price-dialog');
    const member = within(form).getByTestId('price-member') as HTMLSelectElement;
    const codes = Array.from(member.options).map((o) => o.value);
    expect(codes).toHaveLength(19);
    expect(codes).toEqual(expect.arrayContaining(['SPTRO', 'SPTR', 'COL', 'COL10', 'NL', 'CG1', 'CG5']));
    expect(member.value).toBe('NL');
    await ue.click(within(form).getByTestId('price-dialog-save'));
    expect(within(form).getAllByText('กรุณากรอกข้อมูล')).toHaveLength(2); // title, value
    await ue.selectOptions(within(form).getByTestId('price-type'), 'EB');
    await ue.selectOptions(member, 'CG1');
    await ue.type(within(form).getByTestId('price-title'), 'Cohort early bird');
    await ue.type(within(form).getByTestId('price-value'), '990');
    await ue.click(within(form).getByTestId('price-fee'));
    await ue.click(within(form).getByTestId('price-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('price-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', PRICES)).toEqual([
      {
        type: 'EB',
        member: 'CG1',
        title: 'Cohort early bird',
        value: 99000,
        start: null,
        to: null,
        show: 'N',
        fee: 'Y',
        detail: null,
      },
    ]);

    await ue.click(within(dialog).getByTestId('price-delete'));
    const confirm = await screen.findByRole('alertdialog', { name: 'ลบราคานี้?' });
    expect(confirm.textContent).toContain('ราคาปกติ');
    expect(bodiesSentTo(fetchMock, 'DELETE', `${PRICES}/pr1`)).toHaveLength(0);
    await ue.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'DELETE', `${PRICES}/pr1`)).toHaveLength(1);

    await ue.click(within(dialog).getByTestId('prices-include-removed'));
    await waitFor(() => expect(within(dialog).getAllByTestId('prices-row')).toHaveLength(2));
    expect(pricesAsked(fetchMock)).toContain('true');
    const removedRow = within(dialog).getAllByTestId('prices-row')[1]!;
    expect(within(removedRow).getByTestId('price-removed').textContent).toBe('ลบแล้ว');
    expect(within(removedRow).queryByTestId('price-edit')).toBeNull();
    await ue.click(within(removedRow).getByTestId('price-restore'));
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'POST', `${PRICES}/pr2/restore`)).toHaveLength(1));
  });
});
