import { describe, expect, it } from 'vitest';
import { addressLine, checkPlace, loadThaiPlaces } from '../src/thai-places.js';

describe('the Thai places every service checks addresses with', () => {
  it('a Bangkok place passes with the names and the zip of the reference lists', async () => {
    const places = await loadThaiPlaces();
    const sub = places.subDistricts(1027)![0]!;
    const check = checkPlace({ provinceId: 10, districtId: 1027, subDistrictId: sub.id }, places);
    expect(check).toEqual({
      ok: true,
      place: {
        provinceId: 10,
        provinceName: 'กรุงเทพมหานคร',
        districtId: 1027,
        districtName: 'ปทุมวัน',
        subDistrictId: sub.id,
        subDistrictName: sub.nameTh,
        zip: sub.zip,
      },
    });
    if (!check.ok) return;
    expect(addressLine(' 99/1 ถนนพระราม 1 ', check.place)).toBe(
      `99/1 ถนนพระราม 1 ${sub.nameTh} ปทุมวัน กรุงเทพมหานคร ${sub.zip}`,
    );
  });

  it('one clear problem at the first wrong choice; a zip that does not match is refused', async () => {
    const places = await loadThaiPlaces();
    const sub = places.subDistricts(1027)![0]!;
    expect(checkPlace({ provinceId: 99, districtId: 1027, subDistrictId: sub.id }, places)).toEqual({
      ok: false,
      problems: [{ field: 'provinceId', code: 'validation.province_unknown' }],
    });
    // Chiang Mai's first district is not in Bangkok
    const chiangMai = places.districts(50)![0]!;
    expect(checkPlace({ provinceId: 10, districtId: chiangMai.id, subDistrictId: sub.id }, places)).toEqual({
      ok: false,
      problems: [{ field: 'districtId', code: 'validation.district_mismatch' }],
    });
    expect(
      checkPlace({ provinceId: 10, districtId: 1027, subDistrictId: sub.id, zip: '50000' }, places),
    ).toEqual({ ok: false, problems: [{ field: 'zip', code: 'validation.zip_mismatch' }] });
  });
});
