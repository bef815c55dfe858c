import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookDeliveryView } from '@rian/proto-contracts/bookings';
import { ThaiAddressPicker, type PlaceValue } from '@/components/thai-address/thai-address-picker';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import {
  addressFieldOf,
  toAddressBody,
  validateAddress,
  type AddressDraft,
  type AddressErrors,
} from '@/features/account/lib/address-form';
import { useMessageText } from '@/hooks/use-message-text';
import { isApiError } from '@/lib/api-client';
import { fromFieldError, type Message } from '@/lib/message';
import { useSaveBookAddress } from '../api/book-deliveries';

const draftOf = (delivery: BookDeliveryView): AddressDraft => {
  const a = delivery.address;
  return {
    fullname: a?.fullname ?? '',
    vatId: '',
    tel: a?.tel ?? '',
    address: a?.address ?? '',
    provinceId: a?.provinceId ?? null,
    districtId: a?.districtId ?? null,
    subDistrictId: a?.subDistrictId ?? null,
    zip: a?.zip ?? '',
    note: a?.note ?? '',
  };
};

/**
 * The book-delivery address dialog (spec 01 §2, §5 delivery-address rules): the recipient, a
 * 10-digit phone, the address with province → district → sub-district (the zip follows) and a
 * note; saving gives or changes the address while the book is not sent.
 */
export function BookDeliveryDialog({
  delivery,
  onClose,
  onSaved,
}: {
  delivery: BookDeliveryView;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const save = useSaveBookAddress();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<AddressDraft>(() => draftOf(delivery));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [formError, setFormError] = useState<Message | null>(null);

  const edit = (field: 'fullname' | 'tel' | 'address' | 'note', value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const onPlace = (next: PlaceValue, changed: 'province' | 'district' | 'subDistrict') => {
    setDraft((d) => ({ ...d, ...next }));
    setErrors((e) => ({
      ...e,
      [changed]: undefined,
      ...(changed === 'subDistrict' ? { zip: undefined } : {}),
    }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const next = validateAddress(draft, 'person');
    setErrors(next);
    if (Object.values(next).some(Boolean)) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const { fullname, tel, address, provinceId, districtId, subDistrictId, zip, note } = toAddressBody(draft);
    save.mutate(
      {
        orderId: delivery.orderId,
        body: {
          fullname,
          tel,
          address,
          provinceId,
          districtId,
          subDistrictId,
          zip,
          ...(note ? { note } : {}),
        },
      },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (!isApiError(error)) return setFormError({ key: 'error.title' });
          const fields: AddressErrors = {};
          for (const e of error.problem.errors ?? []) {
            const field = addressFieldOf(e.field.split(/[/.]/).filter(Boolean).pop() ?? e.field);
            if (field && !fields[field]) fields[field] = fromFieldError(e);
          }
          setErrors(fields);
          setFormError({ error });
        },
      },
    );
  };

  const field = (name: 'fullname' | 'tel' | 'address' | 'note') => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => edit(name, e.target.value),
    error: text(errors[name]),
    'data-testid': `book-delivery-${name}`,
  });

  return (
    <FormDialog
      title={t('bookDelivery.title')}
      description={t('bookDelivery.description', { product: delivery.productTitle })}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('bookDelivery.save')}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={text(formError)}
      formRef={formRef}
      testId="book-delivery-dialog"
    >
      <div className="form__grid">
        <TextField label={t('bookDelivery.fullname')} autoComplete="name" {...field('fullname')} />
        <TextField
          label={t('form.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          hint={t('form.phoneHint')}
          {...field('tel')}
        />
      </div>
      <TextAreaField label={t('bookDelivery.address')} autoComplete="street-address" {...field('address')} />
      <ThaiAddressPicker idPrefix="book-delivery" value={draft} onChange={onPlace} messages={errors} />
      <TextAreaField label={`${t('bookDelivery.note')} ${t('form.optional')}`} rows={2} {...field('note')} />
    </FormDialog>
  );
}
