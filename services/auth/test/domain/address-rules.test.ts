import { describe, expect, it } from 'vitest';
import type { AddressBody } from '@rian/proto-contracts/addresses';
import { checkAddress, type PlaceLookup } from '../../src/domain/address-rules.js';

// a slice of the reference lists: Bangkok (10) › Pathum Wan (1027) › Lumphini (1027003, 10330),
// and Chiang Mai (50) › Chom Thong (5002) › Ban Luang (5002001, 50160)
const places: PlaceLookup = {
  province: (id) => ({ 10: { id: 10, nameTh: 'กรุงเทพมหานคร' }, 50: { id: 50, nameTh: 'เชียงใหม่' } })[id],
  district: (id) =>
    ({
      1027: { id: 1027, provinceId: 10, nameTh: 'ปทุมวัน' },
      5002: { id: 5002, provinceId: 50, nameTh: 'จอมทอง' },
    })[id],
  subDistrict: (id) =>
    ({
      1027003: { id: 1027003, districtId: 1027, nameTh: 'ลุมพินี', zip: '10330' },
      5002001: { id: 5002001, districtId: 5002, nameTh: 'บ้านหลวง', zip: '50160' },
    })[id],
};

const lumphini: AddressBody = {
  fullname: 'สมหญิง ใจดี',
  tel: '0812345678',
  address: '1 ถนนวิทยุ',
  provinceId: 10,
  districtId: 1027,
  subDistrictId: 1027003,
};
const company: AddressBody = { ...lumphini, fullname: 'บริษัท ปตท. จำกัด (มหาชน)', vatId: '0107544000108' };

describe('address rules (spec 02 §5)', () => {
  it('a person without a tax id: names from the lists, zip filled from the sub-district, blanks are none', () => {
    const res = checkAddress(
      'person',
      { ...lumphini, vatId: '', note: '  ', fullname: ' สมหญิง ใจดี ' },
      places,
    );
    expect(res).toEqual({
      ok: true,
      address: {
        fullname: 'สมหญิง ใจดี',
        vatId: null,
        tel: '0812345678',
        address: '1 ถนนวิทยุ',
        provinceId: 10,
        provinceName: 'กรุงเทพมหานคร',
        districtId: 1027,
        districtName: 'ปทุมวัน',
        subDistrictId: 1027003,
        subDistrictName: 'ลุมพินี',
        zip: '10330',
        note: null,
      },
    });
  });

  it('a company with a valid tax id and the right zip passes', () => {
    const res = checkAddress('company', { ...company, zip: '10330' }, places);
    expect(res.ok && res.address).toMatchObject({ vatId: '0107544000108', zip: '10330' });
  });

  it.each<[string, 'person' | 'company', Partial<AddressBody>, string, string]>([
    ['company without a tax id', 'company', { vatId: undefined }, 'vatId', 'validation.required'],
    ['company with an empty tax id', 'company', { vatId: '' }, 'vatId', 'validation.required'],
    ['tax id of 12 digits', 'person', { vatId: '010754400010' }, 'vatId', 'validation.tax_id_length'],
    [
      'tax id with a wrong check digit',
      'person',
      { vatId: '0107544000109' },
      'vatId',
      'validation.tax_id_checksum',
    ],
    [
      'company tax id with a wrong check digit',
      'company',
      { vatId: '1234567890123' },
      'vatId',
      'validation.tax_id_checksum',
    ],
    ['phone of 9 digits', 'person', { tel: '081234567' }, 'tel', 'validation.phone_length'],
    ['blank name', 'company', { fullname: '   ' }, 'fullname', 'validation.required'],
    ['blank address', 'person', { address: ' ' }, 'address', 'validation.required'],
    ['unknown province', 'person', { provinceId: 99 }, 'provinceId', 'validation.province_unknown'],
    [
      'district of another province',
      'person',
      { districtId: 5002 },
      'districtId',
      'validation.district_mismatch',
    ],
    ['unknown district', 'person', { districtId: 1099 }, 'districtId', 'validation.district_mismatch'],
    [
      'sub-district of another district',
      'person',
      { subDistrictId: 5002001 },
      'subDistrictId',
      'validation.sub_district_mismatch',
    ],
    ['zip of another place', 'person', { zip: '50160' }, 'zip', 'validation.zip_mismatch'],
  ])('%s → %s on %s', (_name, type, change, field, code) => {
    const res = checkAddress(type, { ...(type === 'company' ? company : lumphini), ...change }, places);
    expect(res).toEqual({ ok: false, problems: [{ field, code }] });
  });

  it('reports every broken rule at once, and only the first wrong level of the place', () => {
    const res = checkAddress(
      'company',
      { ...lumphini, fullname: '', vatId: undefined, tel: '12', provinceId: 50, subDistrictId: 1 },
      places,
    );
    expect(res.ok).toBe(false);
    expect(!res.ok && res.problems.map((p) => `${p.field}:${p.code}`)).toEqual([
      'fullname:validation.required',
      'vatId:validation.required',
      'tel:validation.phone_length',
      'districtId:validation.district_mismatch',
    ]);
  });
});
