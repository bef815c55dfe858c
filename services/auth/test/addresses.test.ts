import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { ADMIN, bearer, registerMember, staffLogin, startAuth, type Member } from './support/backoffice.js';

let env: TestEnv;
let app: ServiceApp;
let ann: Member;
let ben: Member;
let adminToken: string;

beforeAll(async () => {
  ({ env, app } = await startAuth());
  ann = await registerMember(app, env, 'ann@example.com');
  ben = await registerMember(app, env, 'ben@example.com');
  adminToken = await staffLogin(app, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

// Bangkok (10) › Pathum Wan (1027) › Lumphini (1027003, zip 10330); Chiang Mai (50) › its first district 5001
const lumphini = {
  fullname: 'สมหญิง ใจดี',
  tel: '0812345678',
  address: '1 ถนนวิทยุ',
  provinceId: 10,
  districtId: 1027,
  subDistrictId: 1027003,
};
const ptt = { ...lumphini, fullname: 'บริษัท ปตท. จำกัด (มหาชน)', vatId: '0107544000108' };

const put = (token: string, slot: string, payload: object, lang = 'th') =>
  app.inject({
    method: 'PUT',
    url: `/addresses/${slot}`,
    headers: { ...bearer(token), 'accept-language': lang },
    payload,
  });
const list = async (token: string) => {
  const res = await app.inject({ method: 'GET', url: '/addresses', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as { format: string; type: string; fullname: string; zip: string }[];
};
const fieldErrors = (res: { json(): { errors?: { field: string; message: string }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.field, e.message]));

describe('a member’s addresses: four slots', () => {
  it('anonymous → 401; a staff token → 403 (addresses belong to members)', async () => {
    const anon = await app.inject({ method: 'GET', url: '/addresses' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('auth.unauthenticated');
    const staff = await app.inject({
      method: 'PUT',
      url: '/addresses/current/person',
      headers: bearer(adminToken),
      payload: lumphini,
    });
    expect(staff.statusCode).toBe(403);
  });

  it('fills all four slots; the zip comes from the sub-district; listed in slot order', async () => {
    const first = await put(ann.token, 'delivery/company', ptt);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      format: 'delivery',
      type: 'company',
      fullname: 'บริษัท ปตท. จำกัด (มหาชน)',
      vatId: '0107544000108',
      provinceId: 10,
      provinceName: 'กรุงเทพมหานคร',
      districtId: 1027,
      districtName: 'ปทุมวัน',
      subDistrictId: 1027003,
      subDistrictName: 'ลุมพินี',
      zip: '10330',
      note: null,
    });
    expect(
      (await put(ann.token, 'current/person', { ...lumphini, vatId: '', note: 'ฝากไว้ที่ป้อม' })).json(),
    ).toMatchObject({
      vatId: null,
      note: 'ฝากไว้ที่ป้อม',
      zip: '10330',
    });
    expect((await put(ann.token, 'current/company', { ...ptt, zip: '10330' })).statusCode).toBe(200);
    expect(
      (await put(ann.token, 'delivery/person', { ...lumphini, vatId: '0994000165668' })).statusCode,
    ).toBe(200);

    const slots = await list(ann.token);
    expect(slots.map((a) => `${a.format}/${a.type}`)).toEqual([
      'current/person',
      'current/company',
      'delivery/person',
      'delivery/company',
    ]);
  });

  it('PUT again replaces the slot: still four, the new content shown', async () => {
    const res = await put(ann.token, 'current/person', { ...lumphini, fullname: 'สมหญิง ใจงาม' });
    expect(res.statusCode).toBe(200);
    const slots = await list(ann.token);
    expect(slots).toHaveLength(4);
    expect(slots[0]).toMatchObject({
      format: 'current',
      type: 'person',
      fullname: 'สมหญิง ใจงาม',
      note: null,
    });
  });

  it('another member sees and writes only their own', async () => {
    expect(await list(ben.token)).toEqual([]);
    expect((await put(ben.token, 'current/person', { ...lumphini, fullname: 'เบน' })).statusCode).toBe(200);
    expect((await list(ben.token)).map((a) => a.fullname)).toEqual(['เบน']);
    const anns = await list(ann.token);
    expect(anns).toHaveLength(4);
    expect(anns[0]!.fullname).toBe('สมหญิง ใจงาม');
    // Ben deleting "his" current/person leaves Ann's
    await app.inject({ method: 'DELETE', url: '/addresses/current/person', headers: bearer(ben.token) });
    expect(await list(ben.token)).toEqual([]);
    expect(await list(ann.token)).toHaveLength(4);
  });

  it('staff read a user’s addresses in the back office', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/admin/users/${ann.id}/addresses`,
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(4);
    const asMember = await app.inject({
      method: 'GET',
      url: `/admin/users/${ann.id}/addresses`,
      headers: bearer(ben.token),
    });
    expect(asMember.statusCode).toBe(403);
  });
});

describe('address validation (spec 02 §5): clear Thai messages, nothing saved', () => {
  it('phone not 10 digits → "กรุณากรอกให้ครบ 10ตัวอักษร"', async () => {
    const res = await put(ben.token, 'current/person', { ...lumphini, tel: '081234567' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation.failed');
    expect(fieldErrors(res)).toEqual({ tel: 'กรุณากรอกให้ครบ 10ตัวอักษร' });
  });

  it('person tax id given but not 13 digits → "กรุณากรอกให้ครบ 13ตัวอักษร"', async () => {
    const res = await put(ben.token, 'current/person', { ...lumphini, vatId: '010754400010' });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({ vatId: 'กรุณากรอกให้ครบ 13ตัวอักษร' });
  });

  it('13 digits with a wrong check digit → validation.tax_id_checksum "เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง"', async () => {
    for (const slot of ['current/person', 'delivery/company']) {
      const res = await put(ben.token, slot, { ...ptt, vatId: '0107544000109' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'vatId', code: 'validation.tax_id_checksum', message: 'เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง' },
      ]);
    }
  });

  it('company: tax id and every field required → "กรุณากรอกข้อมูล"', async () => {
    const noTaxId = await put(ben.token, 'current/company', { ...ptt, vatId: '' });
    expect(fieldErrors(noTaxId)).toEqual({ vatId: 'กรุณากรอกข้อมูล' });
    const { address: _a, fullname: _f, tel: _t, subDistrictId: _s, ...rest } = ptt;
    const missing = await put(ben.token, 'current/company', { ...rest, fullname: '' });
    expect(missing.statusCode).toBe(400);
    expect(fieldErrors(missing)).toEqual({
      fullname: 'กรุณากรอกข้อมูล',
      address: 'กรุณากรอกข้อมูล',
      tel: 'กรุณากรอกข้อมูล',
      subDistrictId: 'กรุณากรอกข้อมูล',
    });
  });

  it('the district must lie in the province, the sub-district in the district, the zip match', async () => {
    const wrongDistrict = await put(ben.token, 'delivery/person', { ...lumphini, provinceId: 50 });
    expect(wrongDistrict.json().errors).toEqual([
      { field: 'districtId', code: 'validation.district_mismatch', message: 'อำเภอ/เขตไม่อยู่ในจังหวัดที่เลือก' },
    ]);
    const wrongSub = await put(ben.token, 'delivery/person', { ...lumphini, districtId: 1031 });
    expect(wrongSub.json().errors).toEqual([
      {
        field: 'subDistrictId',
        code: 'validation.sub_district_mismatch',
        message: 'ตำบล/แขวงไม่อยู่ในอำเภอ/เขตที่เลือก',
      },
    ]);
    const wrongZip = await put(ben.token, 'delivery/person', { ...lumphini, zip: '50160' });
    expect(wrongZip.json().errors).toEqual([
      { field: 'zip', code: 'validation.zip_mismatch', message: 'รหัสไปรษณีย์ไม่ตรงกับตำบล/แขวงที่เลือก' },
    ]);
    const unknownProvince = await put(ben.token, 'delivery/person', { ...lumphini, provinceId: 99 });
    expect(fieldErrors(unknownProvince)).toEqual({ provinceId: 'ไม่พบจังหวัดนี้' });
  });

  it('messages follow Accept-Language', async () => {
    const res = await put(ben.token, 'current/person', { ...lumphini, tel: '12' }, 'en');
    expect(fieldErrors(res)).toEqual({ tel: 'Please enter exactly 10 characters' });
  });

  it('a slot outside current|delivery × person|company → 400', async () => {
    const res = await put(ben.token, 'home/person', lumphini);
    expect(res.statusCode).toBe(400);
  });

  it('none of the refused requests saved anything', async () => {
    expect(await list(ben.token)).toEqual([]);
  });
});

describe('deleting a slot', () => {
  it('204; the slot is gone, the others stay; deleting an empty slot is also 204', async () => {
    const del = await app.inject({
      method: 'DELETE',
      url: '/addresses/delivery/company',
      headers: bearer(ann.token),
    });
    expect(del.statusCode).toBe(204);
    expect((await list(ann.token)).map((a) => `${a.format}/${a.type}`)).toEqual([
      'current/person',
      'current/company',
      'delivery/person',
    ]);
    const again = await app.inject({
      method: 'DELETE',
      url: '/addresses/delivery/company',
      headers: bearer(ann.token),
    });
    expect(again.statusCode).toBe(204);
    const anon = await app.inject({ method: 'DELETE', url: '/addresses/current/person' });
    expect(anon.statusCode).toBe(401);
    expect(await list(ann.token)).toHaveLength(3);
  });
});
