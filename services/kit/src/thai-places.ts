import fp from 'fastify-plugin';
import { getDatabase, setEngMode, setGeoMode, type IExpanded } from 'thai-address-universal';
import type { DistrictView, ProvinceView, SubDistrictView } from '@rian/proto-contracts/addresses';
import type { ErrorCode } from '@rian/proto-contracts/errors';

export interface Place {
  id: number;
  nameTh: string;
}
export interface DistrictPlace extends Place {
  provinceId: number;
}
export interface SubDistrictPlace extends Place {
  districtId: number;
  zip: string;
}

/** The Thai address reference lists, as the rules need them. */
export interface PlaceLookup {
  province(id: number): Place | undefined;
  district(id: number): DistrictPlace | undefined;
  subDistrict(id: number): SubDistrictPlace | undefined;
}

/** The place part of an address as a form sends it (spec 01 §5, spec 02 §5). */
export interface PlaceInput {
  provinceId: number;
  districtId: number;
  subDistrictId: number;
  zip?: string | null;
}

/** A place that passed the rules, with the Thai names and the zip from the reference lists. */
export interface CheckedPlace {
  provinceId: number;
  provinceName: string;
  districtId: number;
  districtName: string;
  subDistrictId: number;
  subDistrictName: string;
  zip: string;
}

export interface PlaceProblem {
  field: 'provinceId' | 'districtId' | 'subDistrictId' | 'zip';
  code: ErrorCode;
}

export type PlaceCheck = { ok: true; place: CheckedPlace } | { ok: false; problems: PlaceProblem[] };

/**
 * The delivery-address place rules (spec 01 §5, spec 02 §5), one for every service that takes a Thai
 * address: the district must lie in the province and the sub-district in the district, each level
 * judged only when its parent is valid (one clear message, at the first wrong choice); the zip comes
 * from the sub-district when left out, and must match it when given.
 */
export function checkPlace(input: PlaceInput, places: PlaceLookup): PlaceCheck {
  const problems: PlaceProblem[] = [];
  const province = places.province(input.provinceId);
  const district = province ? places.district(input.districtId) : undefined;
  const subDistrict = district ? places.subDistrict(input.subDistrictId) : undefined;
  if (!province) {
    problems.push({ field: 'provinceId', code: 'validation.province_unknown' });
  } else if (!district || district.provinceId !== province.id) {
    problems.push({ field: 'districtId', code: 'validation.district_mismatch' });
  } else if (!subDistrict || subDistrict.districtId !== district.id) {
    problems.push({ field: 'subDistrictId', code: 'validation.sub_district_mismatch' });
  }
  const givenZip = input.zip?.trim() || null;
  if (subDistrict && givenZip && givenZip !== subDistrict.zip) {
    problems.push({ field: 'zip', code: 'validation.zip_mismatch' });
  }
  if (problems.length || !province || !district || !subDistrict) return { ok: false, problems };
  return {
    ok: true,
    place: {
      provinceId: province.id,
      provinceName: province.nameTh,
      districtId: district.id,
      districtName: district.nameTh,
      subDistrictId: subDistrict.id,
      subDistrictName: subDistrict.nameTh,
      zip: subDistrict.zip,
    },
  };
}

/** The address on one line, as a parcel label wants it: house, sub-district, district, province, zip. */
export function addressLine(address: string, place: CheckedPlace): string {
  return [address.trim(), place.subDistrictName, place.districtName, place.provinceName, place.zip]
    .filter(Boolean)
    .join(' ');
}

/**
 * Thai address reference lists (province → district → sub-district with its zip), built once from
 * the npm package `thai-address-universal` (pinned in package.json).
 *
 * Ids: a province is its official 2-digit geocode (10 = Bangkok). A district is
 * province × 100 + its rank in the province, a sub-district district × 1000 + its rank in the
 * district, ranks taken in code-point order of the Thai name (then zip). The package's own district
 * and sub-district geocodes are not used: some are missing, shared by two places or filed under
 * another district. A sub-district with two postcodes is two entries. The ids are fixed by the data
 * of the pinned version; tests pin known ones, so an upgrade that moves them is noticed.
 */
export class ThaiPlaces implements PlaceLookup {
  private readonly provinceList: ProvinceView[];
  private readonly provincesById = new Map<number, ProvinceView>();
  private readonly districtLists = new Map<number, DistrictView[]>();
  private readonly subDistrictLists = new Map<number, SubDistrictView[]>();
  private readonly districtsById = new Map<number, DistrictView>();
  private readonly subDistrictsById = new Map<number, SubDistrictView>();

  constructor(rowsTh: readonly IExpanded[], rowsEn: readonly IExpanded[]) {
    if (rowsTh.length !== rowsEn.length || rowsTh.length === 0) {
      throw new Error('thai-address-universal: Thai and English data differ in length');
    }
    const tree = new Map<number, { th: string; en: string; districts: Map<string, number[]> }>();
    rowsTh.forEach((row, i) => {
      if (!/^[0-9]{2}$/.test(row.province_code ?? '')) {
        throw new Error(`thai-address-universal: province without a geocode: ${row.province}`);
      }
      const pid = Number(row.province_code);
      let province = tree.get(pid);
      if (!province) {
        province = { th: row.province, en: rowsEn[i]!.province, districts: new Map() };
        tree.set(pid, province);
      }
      const rows = province.districts.get(row.district) ?? [];
      rows.push(i);
      province.districts.set(row.district, rows);
    });

    const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const thai = new Intl.Collator('th');
    const provinces: ProvinceView[] = [];
    for (const [pid, province] of tree) {
      const view = { id: pid, nameTh: province.th, nameEn: province.en };
      provinces.push(view);
      this.provincesById.set(pid, view);
      const districtNames = [...province.districts.keys()].sort(byCodePoint);
      if (districtNames.length >= 100) throw new Error(`too many districts in ${province.th}`);
      const districts: DistrictView[] = [];
      districtNames.forEach((name, d) => {
        const rows = province.districts.get(name)!;
        const did = pid * 100 + d + 1;
        const district = { id: did, provinceId: pid, nameTh: name, nameEn: rowsEn[rows[0]!]!.district };
        districts.push(district);
        this.districtsById.set(did, district);
        const ranked = rows
          .map((i) => ({ th: rowsTh[i]!, en: rowsEn[i]! }))
          .sort(
            (a, b) =>
              byCodePoint(a.th.sub_district, b.th.sub_district) ||
              byCodePoint(a.th.postal_code, b.th.postal_code),
          );
        if (ranked.length >= 1000) throw new Error(`too many sub-districts in ${name}`);
        const subDistricts: SubDistrictView[] = [];
        ranked.forEach(({ th, en }, s) => {
          // ranked with the rest, so a postcode added later does not move the others' ids
          if (!/^[0-9]{5}$/.test(th.postal_code)) return;
          const sub = {
            id: did * 1000 + s + 1,
            districtId: did,
            nameTh: th.sub_district,
            nameEn: en.sub_district,
            zip: th.postal_code,
          };
          subDistricts.push(sub);
          this.subDistrictsById.set(sub.id, sub);
        });
        this.subDistrictLists.set(
          did,
          subDistricts.sort((a, b) => thai.compare(a.nameTh, b.nameTh)),
        );
      });
      this.districtLists.set(
        pid,
        districts.sort((a, b) => thai.compare(a.nameTh, b.nameTh)),
      );
    }
    this.provinceList = provinces.sort((a, b) => thai.compare(a.nameTh, b.nameTh));
  }

  provinces(): ProvinceView[] {
    return this.provinceList;
  }

  districts(provinceId: number): DistrictView[] | undefined {
    return this.districtLists.get(provinceId);
  }

  subDistricts(districtId: number): SubDistrictView[] | undefined {
    return this.subDistrictLists.get(districtId);
  }

  province(id: number): Place | undefined {
    return this.provincesById.get(id);
  }

  district(id: number): DistrictPlace | undefined {
    return this.districtsById.get(id);
  }

  subDistrict(id: number): SubDistrictPlace | undefined {
    return this.subDistrictsById.get(id);
  }
}

let loading: Promise<ThaiPlaces> | undefined;

/** Reads the package's data once per process (it keeps its own state: language and geocode mode). */
export function loadThaiPlaces(): Promise<ThaiPlaces> {
  loading ??= (async () => {
    await setGeoMode(true);
    await setEngMode(false);
    const th = getDatabase();
    await setEngMode(true);
    const en = getDatabase();
    await setEngMode(false);
    return new ThaiPlaces(th, en);
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

declare module 'fastify' {
  interface FastifyInstance {
    thaiPlaces: ThaiPlaces;
  }
}

/** Decorates `app.thaiPlaces` (the lists are read once per process). */
export const thaiPlacesPlugin = fp(
  async (app) => {
    app.decorate('thaiPlaces', await loadThaiPlaces());
  },
  { name: 'thai-places' },
);
