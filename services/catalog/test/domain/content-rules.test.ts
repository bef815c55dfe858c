import { describe, expect, it } from 'vitest';
import {
  accountsForBuyer,
  bangkokMonth,
  detailTabs,
  isWebUrl,
  limitIsOpen,
  socialUrlProblems,
  sortedMonths,
} from '../../src/domain/content-rules.js';
import { optionalText, patched } from '../../src/domain/field-rules.js';
import { newInstructorFields, updatedInstructorFields } from '../../src/domain/content-fields.js';

describe('content rules', () => {
  describe('which accounts a buyer may transfer to', () => {
    const accounts = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    const open = (bankAccountId: string, total = 0, max = 100, status = 'active') => ({
      bankAccountId,
      total,
      max,
      status,
    });

    it.each([
      ['no limits', [], 'all', ['a', 'b', 'c']],
      ['one open limit', [open('b')], 'limits', ['b']],
      ['open limits keep the accounts order', [open('c'), open('a')], 'limits', ['a', 'c']],
      ['a full limit is skipped', [open('a', 100, 100), open('b', 99, 100)], 'limits', ['b']],
      ['over the max counts as full', [open('a', 150, 100), open('c')], 'limits', ['c']],
      ['an inactive limit is skipped', [open('a', 0, 100, 'inactive'), open('c')], 'limits', ['c']],
      [
        'every limit full or inactive → all',
        [open('a', 100, 100), open('b', 0, 1, 'inactive')],
        'all',
        ['a', 'b', 'c'],
      ],
      ['a limit of an account not offered (disabled) → all', [open('zzz')], 'all', ['a', 'b', 'c']],
      ['max 0 never takes a transfer', [open('a', 0, 0)], 'all', ['a', 'b', 'c']],
    ] as const)('%s', (_name, limits, source, ids) => {
      const chosen = accountsForBuyer(accounts, limits);
      expect(chosen.source).toBe(source);
      expect(chosen.items.map((a) => a.id)).toEqual(ids);
    });

    it('says a limit is open only while active and under its max', () => {
      expect(limitIsOpen(open('a', 99, 100))).toBe(true);
      expect(limitIsOpen(open('a', 100, 100))).toBe(false);
      expect(limitIsOpen(open('a', 0, 100, 'inactive'))).toBe(false);
    });

    it('offers nothing when no account is enabled', () => {
      expect(accountsForBuyer([], [open('a')])).toEqual({ source: 'all', items: [] });
    });
  });

  describe('the month in Asia/Bangkok', () => {
    it.each([
      ['2027-02-28T16:59:59Z', '2027-02'],
      ['2027-02-28T17:00:00Z', '2027-03'],
      ['2026-12-31T17:00:00Z', '2027-01'],
      ['2027-01-01T00:00:00Z', '2027-01'],
    ])('%s is %s', (at, month) => {
      expect(bangkokMonth(new Date(at))).toBe(month);
    });

    it('stores featured months once each, in calendar order', () => {
      expect(sortedMonths(['2027-03', '2026-12', '2027-03', '2027-01'])).toEqual([
        '2026-12',
        '2027-01',
        '2027-03',
      ]);
    });
  });

  describe('social links', () => {
    it.each([
      ['https://facebook.com/rian', true],
      ['http://youtube.com/@rian', true],
      ['HTTPS://X.COM/rian', true],
      ['ftp://example.com', false],
      ['javascript:alert(1)', false],
      ['facebook.com/rian', false],
      ['https://', false],
      ['mailto:a@b.c', false],
    ])('%s is a web link: %s', (url, ok) => {
      expect(isWebUrl(url)).toBe(ok);
    });

    it('names each broken link field', () => {
      const links = {
        facebook: 'x',
        twitter: null,
        youtube: 'https://youtube.com',
        pinterest: 'p',
        linkedin: null,
      };
      expect(socialUrlProblems(links)).toEqual([
        { field: 'facebook', code: 'validation.url' },
        { field: 'pinterest', code: 'validation.url' },
      ]);
    });
  });

  describe('partial updates', () => {
    it('keeps absent keys, clears with null, normalises what is sent', () => {
      const current = { name: 'A', nickname: 'n' as string | null, detail: 'd' as string | null };
      expect(patched(current, {})).toEqual(current);
      expect(patched(current, { nickname: null })).toEqual({ ...current, nickname: null });
      expect(
        patched(current, { name: ' B ', detail: '  ' }, { name: (v) => v.trim(), detail: optionalText }),
      ).toEqual({
        name: 'B',
        nickname: 'n',
        detail: null,
      });
    });

    it('fills the instructor defaults and keeps them through an update that does not name them', () => {
      const fresh = newInstructorFields({ name: ' Somchai ', twitter: '' });
      expect(fresh).toMatchObject({ name: 'Somchai', item: 1, hide: 'N', twitter: null, featuredMonths: [] });
      expect(updatedInstructorFields(fresh, { featuredMonths: ['2027-02', '2027-01'] })).toEqual({
        ...fresh,
        featuredMonths: ['2027-01', '2027-02'],
      });
    });
  });

  describe('the product page tabs', () => {
    const types = [
      { id: 't-faq', tabName: 'FAQ', item: 3 },
      { id: 't-b', tabName: 'Bravo', item: 2 },
      { id: 't-a', tabName: 'Alpha', item: 2 },
      { id: 't-empty', tabName: 'Empty', item: 1 },
    ];
    const item = (id: string, typeId: string, n: number) => ({ id, typeId, item: n });

    it('keeps only tabs with items, by item then name, each with its items by item (stable)', () => {
      const tabs = detailTabs(types, [
        item('x2', 't-b', 2),
        item('x1', 't-b', 1),
        item('y', 't-faq', 1),
        item('z1', 't-a', 5),
        item('z2', 't-a', 5),
      ]);
      expect(tabs.map((t) => [t.tabName, t.lists.map((l) => l.id)])).toEqual([
        ['Alpha', ['z1', 'z2']],
        ['Bravo', ['x1', 'x2']],
        ['FAQ', ['y']],
      ]);
    });

    it('has no tabs for a product without items', () => {
      expect(detailTabs(types, [])).toEqual([]);
    });
  });
});
