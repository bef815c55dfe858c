import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BankAccountChanged,
  BankAccountDeleted,
  BankLimitChanged,
  BankLimitDeleted,
  type BankAccountPublic,
  type BankAccountStaff,
  type BankLimitStaff,
  type ProductBankAccounts,
} from '@rian/proto-contracts/catalog-content';
import {
  contentWorld,
  expectFieldError,
  expectOpenToAll,
  expectProblem,
  expectStaffOnly,
  publishedEvent,
  type ContentWorld,
} from '../content-helpers.js';

interface Page<T> {
  items: T[];
  total: number;
}

describe('bank accounts and per-product bank limits', () => {
  let w: ContentWorld;

  beforeAll(async () => {
    w = await contentWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  let n = 0;
  const account = async (extra: Record<string, unknown> = {}) => {
    n += 1;
    const res = await w.call('POST', '/admin/bank-accounts', {
      headers: w.staff,
      payload: { bankName: `ธนาคารทดสอบ ${n}`, account: `123-4-5678${n}-0`, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<BankAccountStaff>();
  };
  const limit = (payload: Record<string, unknown>) =>
    w.call('POST', '/admin/bank-limits', { headers: w.staff, payload });
  const buyerAccounts = async (productId: string) => {
    const res = await w.call('GET', `/products/${productId}/bank-accounts`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductBankAccounts>();
  };

  describe('accounts', () => {
    it('adds an account (201, enabled by default) and publishes catalog.bank-account.changed', async () => {
      const a = await account({
        bankName: ' ธนาคารกสิกรไทย ',
        accountName: 'บริษัท เรียน จำกัด',
        type: 'ออมทรัพย์',
        image: 'kbank-book.webp',
        icon: 'kbank.svg',
        max: 200_000_000,
      });
      expect(a).toMatchObject({
        bankName: 'ธนาคารกสิกรไทย',
        accountName: 'บริษัท เรียน จำกัด',
        type: 'ออมทรัพย์',
        image: 'kbank-book.webp',
        icon: 'kbank.svg',
        max: 200_000_000,
        disable: 'N',
        createdBy: w.staffSub,
      });
      const event = await publishedEvent<BankAccountStaff>(w, BankAccountChanged, (d) => d.id === a.id);
      expect(event.data).toEqual(a);
      const shop = (await w.call('GET', '/bank-accounts', { query: { pageSize: '100' } })).json<
        Page<BankAccountPublic>
      >();
      const shown = shop.items.find((x) => x.id === a.id);
      expect(shown).toEqual({
        id: a.id,
        bankName: 'ธนาคารกสิกรไทย',
        accountName: 'บริษัท เรียน จำกัด',
        account: a.account,
        type: 'ออมทรัพย์',
        image: 'kbank-book.webp',
        icon: 'kbank.svg',
      });
    });

    it.each([
      ['missing bank name', { account: '1234567890' }, 'bankName', 'กรุณากรอกข้อมูล'],
      ['blank bank name', { bankName: '  ', account: '1234567890' }, 'bankName', 'กรุณากรอกข้อมูล'],
      ['missing account', { bankName: 'SCB' }, 'account', 'กรุณากรอกข้อมูล'],
      ['empty account', { bankName: 'SCB', account: '' }, 'account', 'กรุณากรอกข้อมูล'],
      ['account with letters', { bankName: 'SCB', account: '12a-4567' }, 'account', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      ['negative max', { bankName: 'SCB', account: '123', max: -1 }, 'max', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [
        'max in baht with decimals',
        { bankName: 'SCB', account: '123', max: 10.5 },
        'max',
        'รูปแบบข้อมูลไม่ถูกต้อง',
      ],
      ['disable not Y/N', { bankName: 'SCB', account: '123', disable: 'no' }, 'disable', 'รูปแบบข้อมูลไม่ถูกต้อง'],
    ])('refuses %s (400, nothing stored, no event)', async (_n, payload, field, message) => {
      const [rows, events] = [await w.rows('bank_accounts'), await w.outboxRows()];
      expectFieldError(
        await w.call('POST', '/admin/bank-accounts', { headers: w.staff, payload }),
        field,
        message,
      );
      expect(await w.rows('bank_accounts')).toBe(rows);
      expect(await w.outboxRows()).toBe(events);
    });

    it('disables an account: staff still see it, the shop does not', async () => {
      const a = await account();
      const res = await w.call('PUT', `/admin/bank-accounts/${a.id}`, {
        headers: w.staff,
        payload: { disable: 'Y', accountName: null },
      });
      expect(res.json()).toMatchObject({ disable: 'Y', accountName: null, bankName: a.bankName });
      await publishedEvent<BankAccountStaff>(
        w,
        BankAccountChanged,
        (d) => d.id === a.id && d.disable === 'Y',
      );
      expect((await w.call('GET', '/bank-accounts', { query: { pageSize: '100' } })).body).not.toContain(
        a.id,
      );
      expect((await w.call('GET', `/admin/bank-accounts/${a.id}`, { headers: w.staff })).statusCode).toBe(
        200,
      );
    });

    it('lists accounts to staff with search, sort and paging', async () => {
      const tag = `B${Date.now().toString(36)}`;
      const x = await account({ bankName: `${tag} Zeta` });
      const y = await account({ bankName: `${tag} Alpha`, disable: 'Y' });
      const list = async (query: Record<string, string>) =>
        (await w.call('GET', '/admin/bank-accounts', { headers: w.staff, query: { q: tag, ...query } })).json<
          Page<BankAccountStaff>
        >();
      expect((await list({})).items.map((a) => a.id)).toEqual([x.id, y.id]);
      expect((await list({ sort: 'bankName' })).items.map((a) => a.id)).toEqual([y.id, x.id]);
      expect((await list({ sort: '-createdAt', pageSize: '1' })).items.map((a) => a.id)).toEqual([y.id]);
      expect((await list({ q: x.account })).total).toBe(1);
    });
  });

  describe('which accounts a buyer of a product may transfer to', () => {
    let product: Awaited<ReturnType<ContentWorld['product']>>;
    let first: BankAccountStaff;
    let second: BankAccountStaff;
    let off: BankAccountStaff;
    let enabledIds: string[];

    beforeAll(async () => {
      product = await w.product();
      first = await account({ bankName: 'First' });
      second = await account({ bankName: 'Second' });
      off = await account({ bankName: 'Disabled', disable: 'Y' });
      enabledIds = (await w.call('GET', '/bank-accounts', { query: { pageSize: '100' } }))
        .json<Page<BankAccountPublic>>()
        .items.map((a) => a.id);
    });

    it('offers every enabled account, in the order entered, while the product has no limits', async () => {
      const res = await buyerAccounts(product.id);
      expect(res).toMatchObject({ productId: product.id, source: 'all' });
      expect(res.items.map((a) => a.id)).toEqual(enabledIds);
      expect(res.items.map((a) => a.id)).not.toContain(off.id);
    });

    it('adds a limit (201, total 0 and active by default) and publishes catalog.bank-limit.changed', async () => {
      const res = await limit({ productId: product.id, bankAccountId: second.id, max: 5_000_000 });
      expect(res.statusCode, res.body).toBe(201);
      const l = res.json<BankLimitStaff>();
      expect(l).toMatchObject({
        productId: product.id,
        bankAccountId: second.id,
        total: 0,
        max: 5_000_000,
        status: 'active',
        bankAccount: { id: second.id, bankName: 'Second' },
        createdBy: w.staffSub,
      });
      const event = await publishedEvent<{ id: string }>(w, BankLimitChanged, (d) => d.id === l.id);
      const { bankAccount: _account, ...own } = l;
      expect(event.data).toEqual(own);
    });

    it('offers only the accounts with an open limit once the product has one', async () => {
      const res = await buyerAccounts(product.id);
      expect(res.source).toBe('limits');
      expect(res.items.map((a) => a.id)).toEqual([second.id]);
    });

    it('offers an account again as soon as it is under its max; full or inactive ones drop out', async () => {
      const firstLimit = (
        await limit({ productId: product.id, bankAccountId: first.id, max: 1_000_000, total: 999_999 })
      ).json<BankLimitStaff>();
      expect((await buyerAccounts(product.id)).items.map((a) => a.id)).toEqual([first.id, second.id]);

      // first reaches its max: only second is left
      await w.call('PUT', `/admin/bank-limits/${firstLimit.id}`, {
        headers: w.staff,
        payload: { total: 1_000_000 },
      });
      expect((await buyerAccounts(product.id)).items.map((a) => a.id)).toEqual([second.id]);

      // staff raise the max: first is back
      const raised = await w.call('PUT', `/admin/bank-limits/${firstLimit.id}`, {
        headers: w.staff,
        payload: { max: 2_000_000 },
      });
      expect(raised.json()).toMatchObject({ total: 1_000_000, max: 2_000_000, status: 'active' });
      await publishedEvent<{ id: string; max: number }>(
        w,
        BankLimitChanged,
        (d) => d.id === firstLimit.id && d.max === 2_000_000,
      );
      expect((await buyerAccounts(product.id)).items.map((a) => a.id)).toEqual([first.id, second.id]);

      // an inactive limit does not take transfers
      await w.call('PUT', `/admin/bank-limits/${firstLimit.id}`, {
        headers: w.staff,
        payload: { status: 'inactive' },
      });
      expect((await buyerAccounts(product.id)).items.map((a) => a.id)).toEqual([second.id]);
    });

    it('falls back to every enabled account when no limit is open, so a buyer can always pay', async () => {
      const limits = (
        await w.call('GET', '/admin/bank-limits', { headers: w.staff, query: { productId: product.id } })
      ).json<Page<BankLimitStaff>>().items;
      for (const l of limits) {
        await w.call('PUT', `/admin/bank-limits/${l.id}`, {
          headers: w.staff,
          payload: { status: 'inactive' },
        });
      }
      const res = await buyerAccounts(product.id);
      expect(res.source).toBe('all');
      expect(res.items.map((a) => a.id)).toEqual(enabledIds);
    });

    it('never offers a disabled account, even with an open limit', async () => {
      const p = await w.product();
      expect((await limit({ productId: p.id, bankAccountId: off.id, max: 100 })).statusCode).toBe(201);
      expect((await limit({ productId: p.id, bankAccountId: first.id, max: 100 })).statusCode).toBe(201);
      expect((await buyerAccounts(p.id)).items.map((a) => a.id)).toEqual([first.id]);
    });

    it('answers 404 for a disabled or unknown product', async () => {
      const hidden = await w.product({ disable: 'Y' });
      expectProblem(
        await w.call('GET', `/products/${hidden.id}/bank-accounts`),
        404,
        'catalog.product_not_found',
      );
      expectProblem(
        await w.call('GET', `/products/${crypto.randomUUID()}/bank-accounts`),
        404,
        'catalog.product_not_found',
      );
    });

    it('refuses a second limit for the same account and product (409) and unknown references (400)', async () => {
      const [rows, events] = [await w.rows('product_bank_limits'), await w.outboxRows()];
      const dup = await limit({ productId: product.id, bankAccountId: second.id, max: 1 });
      expectProblem(dup, 409, 'catalog.bank_limit_exists');
      const unknown = await limit({
        productId: crypto.randomUUID(),
        bankAccountId: crypto.randomUUID(),
        max: 1,
      });
      expectFieldError(unknown, 'productId', 'ไม่พบสินค้านี้');
      expectFieldError(unknown, 'bankAccountId', 'ไม่พบบัญชีธนาคารนี้');
      expectFieldError(
        await limit({ productId: product.id, bankAccountId: first.id }),
        'max',
        'กรุณากรอกข้อมูล',
      );
      expectFieldError(
        await limit({ productId: product.id, bankAccountId: first.id, max: 1, status: 'open' }),
        'status',
        'รูปแบบข้อมูลไม่ถูกต้อง',
      );
      expect(await w.rows('product_bank_limits')).toBe(rows);
      expect(await w.outboxRows()).toBe(events);
    });

    it('deletes a limit (204, event), then 404', async () => {
      const l = (
        await limit({ productId: (await w.product()).id, bankAccountId: first.id, max: 9 })
      ).json<BankLimitStaff>();
      expect((await w.call('DELETE', `/admin/bank-limits/${l.id}`, { headers: w.staff })).statusCode).toBe(
        204,
      );
      const event = await publishedEvent<{ id: string }>(w, BankLimitDeleted, (d) => d.id === l.id);
      expect(event.data).toMatchObject({ productId: l.productId, bankAccountId: first.id });
      expectProblem(
        await w.call('GET', `/admin/bank-limits/${l.id}`, { headers: w.staff }),
        404,
        'catalog.bank_limit_not_found',
      );
    });

    it('deletes an account with its limits, publishing a deleted event for each', async () => {
      const doomed = await account({ bankName: 'Doomed' });
      const l = (
        await limit({ productId: product.id, bankAccountId: doomed.id, max: 50 })
      ).json<BankLimitStaff>();
      expect((await buyerAccounts(product.id)).items.map((a) => a.id)).toEqual([doomed.id]);
      expect(
        (await w.call('DELETE', `/admin/bank-accounts/${doomed.id}`, { headers: w.staff })).statusCode,
      ).toBe(204);
      await publishedEvent<{ id: string }>(w, BankAccountDeleted, (d) => d.id === doomed.id);
      await publishedEvent<{ id: string }>(w, BankLimitDeleted, (d) => d.id === l.id);
      expect((await buyerAccounts(product.id)).source).toBe('all');
      expectProblem(
        await w.call('GET', `/admin/bank-accounts/${doomed.id}`, { headers: w.staff }),
        404,
        'catalog.bank_account_not_found',
      );
    });

    it('serves the shop reads to anyone alike', async () => {
      await expectOpenToAll(w, ['/bank-accounts', `/products/${product.id}/bank-accounts`]);
    });
  });

  it('keeps every staff route from anonymous callers, foreign tokens and members', async () => {
    const a = await account();
    const p = await w.product();
    const l = (await limit({ productId: p.id, bankAccountId: a.id, max: 10 })).json<BankLimitStaff>();
    const before = await w.outboxRows();
    await expectStaffOnly(w, [
      ['GET', '/admin/bank-accounts'],
      ['GET', `/admin/bank-accounts/${a.id}`],
      ['POST', '/admin/bank-accounts', { bankName: 'x', account: '1' }],
      ['PUT', `/admin/bank-accounts/${a.id}`, { account: '999' }],
      ['DELETE', `/admin/bank-accounts/${a.id}`],
      ['GET', '/admin/bank-limits'],
      ['GET', `/admin/bank-limits/${l.id}`],
      ['POST', '/admin/bank-limits', { productId: p.id, bankAccountId: a.id, max: 1 }],
      ['PUT', `/admin/bank-limits/${l.id}`, { total: 10 }],
      ['DELETE', `/admin/bank-limits/${l.id}`],
    ]);
    expect(await w.outboxRows()).toBe(before);
  });
});
