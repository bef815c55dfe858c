/** What staff set up before a system test can sell: a product on sale, the learning courses it grants. */
import sharp from 'sharp';
import { expect } from 'vitest';
import { eventually } from '@rian/kit/testing';
import { request } from './client.js';
import { bangkokDay } from './members.js';

export interface PriceSpec {
  type: string;
  member: string;
  value: number;
  title: string;
  /** Bangkok days from today: the price is valid from `from` to `to` (default −1 … 30) */
  from?: number;
  to?: number;
}

/** A product with one price valid today, made by staff through the gateway at `base`. */
export async function productOnSale(
  base: string,
  staff: string,
  product: { url: string; title: string; price: number },
  price: PriceSpec,
): Promise<{ productId: string; priceId: string }> {
  const made = await request(base, 'POST', '/api/catalog/admin/products', product, { token: staff });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const productId = made.body.id!;
  const { from = -1, to = 30, ...rest } = price;
  const priced = await request(
    base,
    'POST',
    `/api/catalog/admin/products/${productId}/prices`,
    { ...rest, start: bangkokDay(from), to: bangkokDay(to) },
    { token: staff },
  );
  expect(priced.status, JSON.stringify(priced.body)).toBe(201);
  return { productId, priceId: priced.body.id! };
}

/**
 * New learning courses, linked to the product once catalog has heard of them (it learns learning's
 * courses from their events); answers the courses' ids.
 */
export async function linkNewCourses(
  base: string,
  staff: string,
  productId: string,
  titles: string[],
  timeoutMs = 20_000,
): Promise<string[]> {
  const courses: string[] = [];
  for (const title of titles) {
    const course = await request(base, 'POST', '/api/learning/admin/courses', { title }, { token: staff });
    expect(course.status, JSON.stringify(course.body)).toBe(201);
    courses.push(course.body.id!);
  }
  await eventually(async () => {
    const known = await request<{ total?: number }>(
      base,
      'GET',
      `/api/catalog/admin/learning-courses?ids=${courses.join(',')}`,
      undefined,
      { token: staff },
    );
    return known.body.total === courses.length;
  }, timeoutMs).catch((err: Error) => {
    throw new Error(`catalog knows the courses: ${err.message}`);
  });
  const linked = await request(
    base,
    'PUT',
    `/api/catalog/admin/products/${productId}/courses`,
    { courseIds: courses },
    { token: staff },
  );
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  return courses;
}

/** A transfer slip as a buyer sends it: a small PNG, paid today (Bangkok) at `time`. */
export async function transferSlipForm(time = '14:05'): Promise<FormData> {
  const png = await sharp({
    create: { width: 40, height: 60, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('slip', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slip.png');
  form.append('paymentDate', bangkokDay(0));
  form.append('paymentTime', time);
  return form;
}
