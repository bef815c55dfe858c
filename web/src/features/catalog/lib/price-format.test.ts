import { describe, expect, it } from 'vitest';
import { formatTHB } from '@/lib/format';
import { formatDayMonthYear, priceDateRange } from './price-format';
import { cardImage, mediaUrl, productImages } from './media';

describe('price ranges are shown day-month-year (spec 02 §3, §9)', () => {
  it.each([
    ['2026-03-01', '01-03-2026'],
    ['2026-12-31', '31-12-2026'],
    ['1999-01-09', '09-01-1999'],
  ])('%s → %s (a calendar day: no time-zone shift)', (day, shown) => {
    expect(formatDayMonthYear(day)).toBe(shown);
  });

  it('a window with both ends, one end, or none', () => {
    expect(priceDateRange('2026-03-01', '2026-03-15')).toEqual({
      kind: 'between',
      start: '01-03-2026',
      end: '15-03-2026',
    });
    expect(priceDateRange('2026-03-01', null)).toEqual({ kind: 'from', start: '01-03-2026' });
    expect(priceDateRange(null, '2026-04-30')).toEqual({ kind: 'until', end: '30-04-2026' });
    expect(priceDateRange(null, null)).toBeNull();
  });

  it('prices are THB with 2 decimals', () => {
    expect(formatTHB(1500050)).toBe('฿15,000.50');
    expect(formatTHB(99)).toBe('฿0.99');
  });
});

describe('catalog image addresses', () => {
  it('a product image is read at /api/product/{img}; other kinds under /api/media/images/{kind}/', () => {
    expect(mediaUrl('product', 'a b.webp')).toBe('/api/product/a%20b.webp');
    expect(mediaUrl('coach', 'c.webp')).toBe('/api/media/images/coach/c.webp');
    expect(mediaUrl('bank', 'k.png')).toBe('/api/media/images/bank/k.png');
    expect(mediaUrl('slide', 'https://cdn.example.com/s.jpg')).toBe('https://cdn.example.com/s.jpg');
    expect(mediaUrl('slide', '/api/media/images/slide/s.jpg')).toBe('/api/media/images/slide/s.jpg');
    expect(mediaUrl('coach', null)).toBeNull();
    expect(mediaUrl('coach', '')).toBeNull();
  });

  it('the product page shows img_slide, img, img_coures in that order, each once', () => {
    expect(productImages({ imgSlide: 's.webp', img: 'p.webp', imgCourse: 'c.webp' })).toEqual([
      '/api/media/images/slide/s.webp',
      '/api/product/p.webp',
      '/api/media/images/course/c.webp',
    ]);
    expect(productImages({ imgSlide: null, img: 'p.webp', imgCourse: '/api/product/p.webp' })).toEqual([
      '/api/product/p.webp',
    ]);
    expect(productImages({ imgSlide: null, img: null, imgCourse: null })).toEqual([]);
  });

  it('a card shows the product image, else the course image, else the slide', () => {
    expect(cardImage({ imgSlide: 's', img: 'p', imgCourse: 'c' })).toBe('/api/product/p');
    expect(cardImage({ imgSlide: 's', img: null, imgCourse: 'c' })).toBe('/api/media/images/course/c');
    expect(cardImage({ imgSlide: 's', img: null, imgCourse: null })).toBe('/api/media/images/slide/s');
  });
});
