import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';
import { makeProduct } from '../test-fixtures';

const LIST = '/api/catalog/admin/products';
const P1 = makeProduct();
const P2 = makeProduct({
  id: '0190a0b0-0000-7000-8000-000000000002',
  url: 'old-course',
  title: 'Old course',
  disable: 'Y',
});

function renderProducts(routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ [`GET ${LIST}`]: page([P1, P2], 45), ...routes });
  renderAdmin('/admin/product');
  return { fetchMock, ue: userEvent.setup() };
}

/** The query strings the product list was asked with, in order. */
function listQueries(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      method: init?.method ?? 'GET',
    }))
    .filter(({ url, method }) => method === 'GET' && url.pathname === LIST)
    .map(({ url }) => Object.fromEntries(url.searchParams));
}

const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('/admin/product list', () => {
  it('asks page by page, newest first, sorts by a header and searches title/url; disabled products are marked', async () => {
    const { fetchMock, ue } = renderProducts();
    const rows = await screen.findAllByTestId('products-table-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('฿1,500.00')).toBeTruthy();
    expect(within(rows[0]!).queryByTestId('product-disabled')).toBeNull();
    expect(within(rows[1]!).getByTestId('product-disabled').textContent).toBe('ปิดการขาย');
    // the status in Thai, not the stored "coming"
    expect(within(rows[0]!).getByTestId('offer-status').textContent).toBe('เร็ว ๆ นี้');
    expect(listQueries(fetchMock)[0]).toEqual({ page: '1', pageSize: '20', sort: '-createdAt' });
    expect(screen.getByTestId('pager-status').textContent).toBe('หน้า 1 จาก 3 (45 รายการ)');

    await ue.click(screen.getByRole('button', { name: 'ถัดไป' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ page: '2' }));

    await ue.click(screen.getByTestId('sort-title'));
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({ page: '1', pageSize: '20', sort: 'title' }),
    );
    expect(screen.getByTestId('sort-title').closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    await ue.click(screen.getByTestId('sort-title'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ sort: '-title' }));

    await ue.type(screen.getByTestId('products-search'), 'trading');
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({
        q: 'trading',
        page: '1',
        pageSize: '20',
        sort: '-title',
      }),
    );
    // every list call carries the staff token
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ Authorization: 'Bearer staff-jwt' });
  });

  it('deletes only after a confirmation, then lists again', async () => {
    const { fetchMock, ue } = renderProducts({ [`DELETE ${LIST}/${P1.id}`]: { status: 204 } });
    await ue.click((await screen.findAllByTestId('product-delete'))[0]!);
    let confirm = await screen.findByRole('alertdialog', { name: 'ลบสินค้า?' });
    expect(confirm.textContent).toContain('Trading 101');
    await ue.click(within(confirm).getByRole('button', { name: 'ยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'DELETE', `${LIST}/${P1.id}`)).toHaveLength(0);

    const before = listQueries(fetchMock).length;
    await ue.click(screen.getAllByTestId('product-delete')[0]!);
    confirm = await screen.findByRole('alertdialog', { name: 'ลบสินค้า?' });
    await ue.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'DELETE', `${LIST}/${P1.id}`)).toHaveLength(1);
    await waitFor(() => expect(listQueries(fetchMock).length).toBeGreaterThan(before));
  });
});

describe('/admin/product create', () => {
  it('checks the form like the server, sends baht as satang, shows a taken url on its field, closes and refreshes', async () => {
    let posts = 0;
    const { fetchMock, ue } = renderProducts({
      [`POST ${LIST}`]: (_url, init) => {
        posts += 1;
        return posts === 1
          ? problem(409, 'catalog.product_url_taken', 'มี URL สินค้านี้แล้ว')
          : json(201, makeProduct({ ...JSON.parse(String(init.body)), id: 'new' }));
      },
    });
    await ue.click(await screen.findByTestId('products-new'));
    const dialog = await screen.findByTestId('product-dialog');
    // a new product is only its form: prices & co. come once it exists
    expect(within(dialog).queryByTestId('product-tab-prices')).toBeNull();

    await ue.click(within(dialog).getByTestId('product-save'));
    expect(within(dialog).getAllByText('กรุณากรอกข้อมูล')).toHaveLength(3); // url, title, price
    expect(field('product-url').getAttribute('aria-invalid')).toBe('true');

    await ue.type(field('product-url'), 'trading 101!');
    await ue.type(field('product-title'), '  Trading 101  ');
    await ue.type(field('product-price'), '1,500.555');
    fireEvent.change(field('product-start'), { target: { value: '2026-03-10' } });
    fireEvent.change(field('product-to'), { target: { value: '2026-03-01' } });
    await ue.click(within(dialog).getByTestId('product-save'));
    expect(within(dialog).getByText(/ใช้ได้เฉพาะ A-Z a-z 0-9 - และ _/)).toBeTruthy();
    expect(within(dialog).getByText('กรุณากรอกจำนวนเงินเป็นบาท ทศนิยมไม่เกิน 2 ตำแหน่ง')).toBeTruthy();
    expect(within(dialog).getByText('วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', LIST)).toHaveLength(0);

    await ue.clear(field('product-url'));
    await ue.type(field('product-url'), 'trading-101');
    await ue.clear(field('product-price'));
    await ue.type(field('product-price'), '1,500.5');
    await ue.type(field('product-priceUnchanged'), '2000');
    fireEvent.change(field('product-to'), { target: { value: '2026-03-31' } });
    await ue.click(within(dialog).getByTestId('product-book'));
    await ue.type(field('product-lineToken'), 'line-secret');
    await ue.click(within(dialog).getByTestId('product-save'));

    // the server refuses the url: its message under the url field, the dialog stays
    await waitFor(() => expect(field('product-url').getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('มี URL สินค้านี้แล้ว')).toBeTruthy();

    const listed = listQueries(fetchMock).length;
    await ue.clear(field('product-url'));
    await ue.type(field('product-url'), 'trading-102');
    await ue.click(within(dialog).getByTestId('product-save'));
    await waitFor(() => expect(screen.queryByTestId('product-dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', LIST).at(-1)).toEqual({
      url: 'trading-102',
      title: 'Trading 101',
      subtitle: null,
      detail: null,
      start: '2026-03-10',
      to: '2026-03-31',
      price: 150050,
      priceUnchanged: 200000,
      img: null,
      imgCourse: null,
      imgSlide: null,
      format: 'online',
      status: 'coming',
      disable: 'N',
      book: 'Y',
      priceList: 'N',
      lineToken: 'line-secret',
      type: 'product',
      year: null,
      code: null,
      coursesId: null,
      coinPay: 'N',
    });
    await waitFor(() => expect(listQueries(fetchMock).length).toBeGreaterThan(listed));
  });

  it('uploads an image through media (multipart "images"), previews it and saves its address', async () => {
    const stored = {
      filename: 'a1b2.webp',
      url: '/api/media/images/product/a1b2.webp',
      width: 800,
      height: 450,
      bytes: 1234,
      contentType: 'image/webp',
    };
    const uploads: { body: unknown; headers: unknown }[] = [];
    const { fetchMock } = renderProducts({
      'POST /api/media/images/product': (_url, init) => {
        uploads.push({ body: init.body, headers: init.headers });
        return json(200, stored);
      },
      [`PUT ${LIST}/${P1.id}`]: (_url, init) => json(200, { ...P1, ...JSON.parse(String(init.body)) }),
    });
    const ue = userEvent.setup({ applyAccept: false });
    await ue.click((await screen.findAllByTestId('product-edit'))[0]!);
    const dialog = await screen.findByTestId('product-dialog');
    expect(within(dialog).queryByTestId('product-img-preview')).toBeNull();

    // not an image: refused before any upload
    await ue.upload(field('product-img-input'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByText('รองรับเฉพาะไฟล์ PNG, JPEG, GIF หรือ WebP')).toBeTruthy();
    expect(uploads).toHaveLength(0);

    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
    await ue.upload(field('product-img-input'), picture);
    const preview = await within(dialog).findByTestId('product-img-preview');
    expect(preview.getAttribute('src')).toBe(stored.url);
    expect(uploads).toHaveLength(1);
    const sent = uploads[0]!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get('images') as File).name).toBe('cover.png');
    // the browser writes the multipart Content-Type (with its boundary); the staff token goes along
    expect(uploads[0]!.headers).not.toHaveProperty('Content-Type');
    expect(uploads[0]!.headers).toMatchObject({ Authorization: 'Bearer staff-jwt' });

    await ue.click(within(dialog).getByTestId('product-save'));
    await waitFor(() => expect(screen.queryByTestId('product-dialog')).toBeNull());
    const [body] = bodiesSentTo(fetchMock, 'PUT', `${LIST}/${P1.id}`) as Record<string, unknown>[];
    expect(body).toMatchObject({ img: stored.url, price: 150000 });
    // tokens are write-only: left untouched, they are not sent
    expect(body).not.toHaveProperty('lineToken');
    expect(body).not.toHaveProperty('telegramToken');
  });

  it('clears a token that is set only when asked to', async () => {
    const withToken = makeProduct({ hasLineToken: true });
    const { fetchMock, ue } = renderProducts({
      [`GET ${LIST}`]: page([withToken]),
      [`PUT ${LIST}/${P1.id}`]: (_url, init) => json(200, { ...withToken, ...JSON.parse(String(init.body)) }),
    });
    await ue.click(await screen.findByTestId('product-edit'));
    expect(screen.getByText('ตั้งค่าแล้ว — กรอกเพื่อเปลี่ยน (ค่าเดิมจะไม่แสดง)')).toBeTruthy();
    expect(screen.getByText('ยังไม่ได้ตั้งค่า')).toBeTruthy(); // the Telegram one
    await ue.click(screen.getByTestId('product-lineToken-clear'));
    await ue.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(screen.queryByTestId('product-dialog')).toBeNull());
    const [body] = bodiesSentTo(fetchMock, 'PUT', `${LIST}/${P1.id}`) as Record<string, unknown>[];
    expect(body).toMatchObject({ lineToken: null });
    expect(body).not.toHaveProperty('telegramToken');
  });
});
