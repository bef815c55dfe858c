import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingStaffRow, BookingUpdateBody } from '@rian/proto-contracts/bookings';
import { ThaiAddressPicker, type PlaceValue } from '@/components/thai-address/thai-address-picker';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useMessageText } from '@/hooks/use-message-text';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, formatTHB } from '@/lib/format';
import { fromFieldError, type Message } from '@/lib/message';
import { normalizePhone, required, validateEmail, validatePhone } from '@/lib/validation';
import { addressPartErrors } from '@/features/account/lib/address-form';
import { useLanguageStore } from '@/stores/language-store';
import { useUpdateBooking } from '../api/bookings';

type Draft = {
  name: string;
  lname: string;
  email: string;
  tel: string;
  address: string;
  provinceId: number | null;
  districtId: number | null;
  subDistrictId: number | null;
  zip: string;
  note: string;
  quantity: string;
  status: 'new' | 'wait';
  confirm: 'Y' | 'N';
};
type Field = keyof Draft | 'province' | 'district' | 'subDistrict';

const draftOf = (row: BookingStaffRow): Draft => ({
  name: row.name,
  lname: row.lname,
  email: row.email,
  tel: row.tel,
  address: row.address,
  provinceId: row.provinceId,
  districtId: row.districtId,
  subDistrictId: row.subDistrictId,
  zip: row.zip,
  note: row.note ?? '',
  quantity: String(row.quantity),
  status: row.status,
  confirm: row.confirm,
});

function validate(d: Draft): Partial<Record<Field, Message>> {
  const out: Partial<Record<Field, Message>> = {};
  const put = (f: Field, key: ReturnType<typeof required>) => {
    if (key) out[f] = { key };
  };
  put('name', required(d.name));
  put('lname', required(d.lname));
  put('email', validateEmail(d.email));
  put('tel', validatePhone(d.tel));
  Object.assign(out, addressPartErrors(d));
  if (!/^[0-9]{1,3}$/.test(d.quantity) || Number(d.quantity) < 1 || Number(d.quantity) > 100) {
    put('quantity', 'validation.required');
  }
  return out;
}

const ALIASES: Record<string, Field> = {
  provinceId: 'province',
  districtId: 'district',
  subDistrictId: 'subDistrict',
};

/**
 * POST Update (spec 02 §5): staff change the editable fields only; the slip, the amount, the
 * payment day and time and the created/updated times are shown read-only and never sent.
 */
export function BookingEditDialog({ row, onClose }: { row: BookingStaffRow; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const text = useMessageText();
  const update = useUpdateBooking();
  const [draft, setDraft] = useState<Draft>(() => draftOf(row));
  const [errors, setErrors] = useState<Partial<Record<Field, Message>>>({});
  const [formError, setFormError] = useState<Message | null>(null);
  const none = t('bookingsAdmin.none');

  const edit = (field: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const onPlace = (next: PlaceValue, changed: 'province' | 'district' | 'subDistrict') => {
    setDraft((d) => ({ ...d, ...next }));
    setErrors((e) => ({ ...e, [changed]: undefined, zip: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const next = validate(draft);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const note = draft.note.trim();
    const body: BookingUpdateBody = {
      name: draft.name.trim(),
      lname: draft.lname.trim(),
      email: draft.email.trim(),
      tel: normalizePhone(draft.tel),
      address: draft.address.trim(),
      provinceId: draft.provinceId as number,
      districtId: draft.districtId as number,
      subDistrictId: draft.subDistrictId as number,
      zip: draft.zip.trim(),
      note: note || null,
      quantity: Number(draft.quantity),
      status: draft.status,
      confirm: draft.confirm,
    };
    update.mutate(
      { id: row.id, body },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!isApiError(error)) return setFormError({ key: 'error.title' });
          const fields: Partial<Record<Field, Message>> = {};
          for (const e of error.problem.errors ?? []) {
            const name = e.field.split(/[/.]/).filter(Boolean).pop() ?? e.field;
            const field = ALIASES[name] ?? (name in draft ? (name as Field) : null);
            if (field) fields[field] = fromFieldError(e);
          }
          setErrors(fields);
          setFormError({ error });
        },
      },
    );
  };

  const field = (name: 'name' | 'lname' | 'email' | 'tel' | 'address' | 'note' | 'quantity') => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => edit(name, e.target.value),
    error: text(errors[name]),
    'data-testid': `booking-edit-${name}`,
  });

  return (
    <FormDialog
      title={t('bookingsAdmin.editTitle')}
      description={t('bookingsAdmin.editDescription', { product: row.productTitle, key: row.key })}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('bookingsAdmin.save')}
      onClose={onClose}
      onSubmit={submit}
      pending={update.isPending}
      error={text(formError)}
      wide
      testId="booking-edit"
    >
      <div className="form__grid">
        <TextField label={t('booking.name')} {...field('name')} />
        <TextField label={t('booking.lname')} {...field('lname')} />
        <TextField label={t('form.email')} type="email" {...field('email')} />
        <TextField label={t('form.phone')} type="tel" hint={t('form.phoneHint')} {...field('tel')} />
      </div>
      <TextAreaField label={t('booking.address')} {...field('address')} />
      <ThaiAddressPicker idPrefix="booking-edit" value={draft} onChange={onPlace} messages={errors} />
      <TextAreaField label={`${t('booking.note')} ${t('form.optional')}`} rows={2} {...field('note')} />
      <div className="form__grid">
        <TextField label={t('bookingsAdmin.quantity')} inputMode="numeric" {...field('quantity')} />
        <SelectField
          label={t('bookingsAdmin.status')}
          value={draft.status}
          onChange={(e) => edit('status', e.target.value)}
          data-testid="booking-edit-status"
        >
          <option value="new">{t('bookingsAdmin.statuses.new')}</option>
          <option value="wait">{t('bookingsAdmin.statuses.wait')}</option>
        </SelectField>
        <SelectField
          label={t('bookingsAdmin.confirm')}
          value={draft.confirm}
          onChange={(e) => edit('confirm', e.target.value)}
          data-testid="booking-edit-confirm"
        >
          <option value="N">{t('bookingsAdmin.notConfirmed')}</option>
          <option value="Y">{t('bookingsAdmin.confirmed')}</option>
        </SelectField>
      </div>
      <section aria-labelledby="booking-edit-readonly">
        <h3 id="booking-edit-readonly" className="booking-readonly__title">
          {t('bookingsAdmin.readOnly')}
        </h3>
        <dl className="booking-readonly" data-testid="booking-edit-readonly">
          <dt>{t('bookingsAdmin.slip')}</dt>
          <dd>{row.hasSlip ? t('bookingsAdmin.hasSlip') : t('bookingsAdmin.noSlip')}</dd>
          <dt>{t('bookingsAdmin.amount')}</dt>
          <dd>{row.amount !== null ? formatTHB(row.amount) : none}</dd>
          <dt>{t('bookingsAdmin.paymentDate')}</dt>
          <dd>{row.paymentDate ?? none}</dd>
          <dt>{t('bookingsAdmin.paymentTime')}</dt>
          <dd>{row.paymentTime ?? none}</dd>
          <dt>{t('bookingsAdmin.createdAt')}</dt>
          <dd>{formatDateTime(row.createdAt, language)}</dd>
          <dt>{t('bookingsAdmin.updatedAt')}</dt>
          <dd>{formatDateTime(row.updatedAt, language)}</dd>
        </dl>
      </section>
    </FormDialog>
  );
}
