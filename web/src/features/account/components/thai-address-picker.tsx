import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useLanguageStore } from '@/stores/language-store';
import { useProvinces } from '../api/get-provinces';
import { useDistricts } from '../api/get-districts';
import { useSubDistricts } from '../api/get-sub-districts';

export type PlaceValue = {
  provinceId: number | null;
  districtId: number | null;
  subDistrictId: number | null;
  zip: string;
};

export type PlaceErrors = Partial<Record<'province' | 'district' | 'subDistrict' | 'zip', string | null>>;

const toId = (value: string): number | null => (value === '' ? null : Number(value));

/**
 * Province → district → sub-district (spec 02 §5): a district needs a province, a sub-district needs a
 * district; choosing a sub-district fills the zip. Names follow the UI language.
 */
export function ThaiAddressPicker({
  value,
  onChange,
  errors = {},
  idPrefix,
}: {
  value: PlaceValue;
  onChange: (next: PlaceValue, changed: 'province' | 'district' | 'subDistrict') => void;
  errors?: PlaceErrors;
  /** test ids: `${idPrefix}-province`, ... */
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const provinces = useProvinces();
  const districts = useDistricts(value.provinceId);
  const subDistricts = useSubDistricts(value.districtId);
  const name = (p: { nameTh: string; nameEn: string }) =>
    language === 'en' ? p.nameEn || p.nameTh : p.nameTh;

  return (
    <div className="form__grid">
      <SelectField
        label={t('address.province')}
        value={value.provinceId ?? ''}
        onChange={(e) =>
          onChange(
            { provinceId: toId(e.target.value), districtId: null, subDistrictId: null, zip: '' },
            'province',
          )
        }
        disabled={!provinces.data}
        error={errors.province}
        data-testid={`${idPrefix}-province`}
      >
        <option value="">{provinces.isPending ? t('address.loading') : t('address.chooseProvince')}</option>
        {provinces.data?.map((p) => (
          <option key={p.id} value={p.id}>
            {name(p)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('address.district')}
        value={value.districtId ?? ''}
        onChange={(e) =>
          onChange({ ...value, districtId: toId(e.target.value), subDistrictId: null, zip: '' }, 'district')
        }
        disabled={value.provinceId === null || !districts.data}
        error={errors.district}
        data-testid={`${idPrefix}-district`}
      >
        <option value="">
          {value.provinceId === null ? t('address.provinceFirst') : t('address.chooseDistrict')}
        </option>
        {districts.data?.map((d) => (
          <option key={d.id} value={d.id}>
            {name(d)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('address.subDistrict')}
        value={value.subDistrictId ?? ''}
        onChange={(e) => {
          const id = toId(e.target.value);
          const zip = subDistricts.data?.find((s) => s.id === id)?.zip ?? '';
          onChange({ ...value, subDistrictId: id, zip }, 'subDistrict');
        }}
        disabled={value.districtId === null || !subDistricts.data}
        error={errors.subDistrict}
        data-testid={`${idPrefix}-subDistrict`}
      >
        <option value="">
          {value.districtId === null ? t('address.districtFirst') : t('address.chooseSubDistrict')}
        </option>
        {subDistricts.data?.map((s) => (
          <option key={s.id} value={s.id}>
            {name(s)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('address.zip')}
        value={value.zip}
        readOnly
        hint={t('address.zipHint')}
        error={errors.zip}
        data-testid={`${idPrefix}-zip`}
      />
    </div>
  );
}
