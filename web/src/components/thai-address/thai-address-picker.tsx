import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useLanguageStore } from '@/stores/language-store';
import { useProvinces } from '@/api/get-provinces';
import { useDistricts } from '@/api/get-districts';
import { useSubDistricts } from '@/api/get-sub-districts';
import { useMessageText } from '@/hooks/use-message-text';
import type { Message } from '@/lib/message';
import './i18n';

export type PlaceValue = {
  provinceId: number | null;
  districtId: number | null;
  subDistrictId: number | null;
  zip: string;
};

type PlaceField = 'province' | 'district' | 'subDistrict' | 'zip';

/** The Thai names of the chosen places ('' for none): what documents print. */
export type PlaceNames = { province: string; district: string; subDistrict: string };
export type PlaceErrors = Partial<Record<PlaceField, string | null>>;

const toId = (value: string): number | null => (value === '' ? null : Number(value));

/**
 * Province → district → sub-district (spec 02 §5): a district needs a province, a sub-district needs a
 * district; choosing a sub-district fills the zip. Names follow the UI language. Every Thai address
 * form uses it: the account's addresses, checkout's invoice, the booking form and its staff edit, the
 * member's book-delivery address; each hands over its draft and its errors whole.
 */
export function ThaiAddressPicker({
  value,
  onChange,
  errors: errorTexts,
  messages,
  idPrefix,
  testIds = {},
}: {
  /** the four place fields; a form's whole draft may be given */
  value: PlaceValue;
  onChange: (next: PlaceValue, changed: 'province' | 'district' | 'subDistrict', names: PlaceNames) => void;
  errors?: PlaceErrors;
  /** the form's field messages (its errors object may be given whole): shown in the UI language */
  messages?: Partial<Record<PlaceField, Message | null | undefined>>;
  /** test ids: `${idPrefix}-province`, `-district`, `-subDistrict`, `-zip` unless named in `testIds` */
  idPrefix: string;
  testIds?: Partial<Record<PlaceField, string>>;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const text = useMessageText();
  const errors: PlaceErrors = errorTexts ?? {
    province: text(messages?.province),
    district: text(messages?.district),
    subDistrict: text(messages?.subDistrict),
    zip: text(messages?.zip),
  };
  const provinces = useProvinces();
  const districts = useDistricts(value.provinceId);
  const subDistricts = useSubDistricts(value.districtId);
  const name = (p: { nameTh: string; nameEn: string }) =>
    language === 'en' ? p.nameEn || p.nameTh : p.nameTh;
  const testId = (field: PlaceField) => testIds[field] ?? `${idPrefix}-${field}`;
  // each list on screen is the one of the chosen parent, so it holds the next value's place
  const emit = (next: PlaceValue, changed: 'province' | 'district' | 'subDistrict') =>
    onChange(next, changed, {
      province: provinces.data?.find((p) => p.id === next.provinceId)?.nameTh ?? '',
      district: districts.data?.find((d) => d.id === next.districtId)?.nameTh ?? '',
      subDistrict: subDistricts.data?.find((d) => d.id === next.subDistrictId)?.nameTh ?? '',
    });

  return (
    <div className="form__grid">
      <SelectField
        label={t('place.province')}
        value={value.provinceId ?? ''}
        onChange={(e) =>
          emit(
            { provinceId: toId(e.target.value), districtId: null, subDistrictId: null, zip: '' },
            'province',
          )
        }
        disabled={!provinces.data}
        error={errors.province}
        data-testid={testId('province')}
      >
        <option value="">{provinces.isPending ? t('place.loading') : t('place.chooseProvince')}</option>
        {provinces.data?.map((p) => (
          <option key={p.id} value={p.id}>
            {name(p)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('place.district')}
        value={value.districtId ?? ''}
        onChange={(e) =>
          emit({ ...value, districtId: toId(e.target.value), subDistrictId: null, zip: '' }, 'district')
        }
        disabled={value.provinceId === null || !districts.data}
        error={errors.district}
        data-testid={testId('district')}
      >
        <option value="">
          {value.provinceId === null ? t('place.provinceFirst') : t('place.chooseDistrict')}
        </option>
        {districts.data?.map((d) => (
          <option key={d.id} value={d.id}>
            {name(d)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('place.subDistrict')}
        value={value.subDistrictId ?? ''}
        onChange={(e) => {
          const id = toId(e.target.value);
          const zip = subDistricts.data?.find((s) => s.id === id)?.zip ?? '';
          emit({ ...value, subDistrictId: id, zip }, 'subDistrict');
        }}
        disabled={value.districtId === null || !subDistricts.data}
        error={errors.subDistrict}
        data-testid={testId('subDistrict')}
      >
        <option value="">
          {value.districtId === null ? t('place.districtFirst') : t('place.chooseSubDistrict')}
        </option>
        {subDistricts.data?.map((s) => (
          <option key={s.id} value={s.id}>
            {name(s)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('place.zip')}
        value={value.zip}
        readOnly
        hint={t('place.zipHint')}
        error={errors.zip}
        data-testid={testId('zip')}
      />
    </div>
  );
}
