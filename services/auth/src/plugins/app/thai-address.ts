import fp from 'fastify-plugin';
import { getDatabase, setEngMode, setGeoMode, type IExpanded } from 'thai-address-universal';
import type { DistrictView, ProvinceView, SubDistrictView } from '@rian/proto-contracts/addresses';
import type { DistrictPlace, Place, PlaceLookup, SubDistrictPlace } from '../../domain/address-rules.js';

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

export default fp(
  async (app) => {
    app.decorate('thaiPlaces', await loadThaiPlaces());
  },
  { name: 'thai-places' },
);
