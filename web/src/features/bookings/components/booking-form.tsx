import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingPrefill, BookingReceipt } from '@rian/proto-contracts/bookings';
import { ThaiAddressPicker, type PlaceValue } from '@/components/thai-address/thai-address-picker';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { bangkokToday, SLIP_TYPES, usePreview } from '@/features/orders/components/slip-dialog';
import '@/features/orders/i18n';
import { useMessageText } from '@/hooks/use-message-text';
import { isApiError } from '@/lib/api-client';
import { fromFieldError, type Message } from '@/lib/message';
import { useBook } from '../api/bookings';
import {
  bookingFieldOf,
  emptyDraft,
  slipOf,
  toBookingBody,
  validateBooking,
  withPrefill,
  type BookingDraft,
  type BookingErrors,
} from '../lib/booking-form';

/**
 * The booking form (spec 02 §3 Booking): the person, the Thai address (the account's and
 * checkout's picker), a note and an optional transfer slip (the instalment slip dialog's image
 * types, Bangkok day and 24-hour time; the amount typed in baht, sent in satang). Disabled as a
 * whole (one fieldset) until the key check succeeded.
 */
export function BookingForm({
  enabled,
  bookingKey,
  email,
  product,
  prefill,
  member = null,
  onBooked,
}: {
  enabled: boolean;
  bookingKey: string;
  email: string;
  product: string | null;
  prefill: BookingPrefill | null;
  /** a signed-in member's own name, when there is no earlier booking to fill from */
  member?: { name: string; lname: string } | null;
  onBooked: (receipt: BookingReceipt) => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const book = useBook();
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<BookingDraft>(() =>
    withPrefill({ ...emptyDraft(email, bangkokToday()), ...(member ?? {}) }, prefill),
  );
  const [errors, setErrors] = useState<BookingErrors>({});
  const [formError, setFormError] = useState<Message | null>(null);
  const preview = usePreview(draft.file);

  const edit = (field: keyof BookingDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => (e[field as keyof BookingErrors] ? { ...e, [field]: undefined } : e));
  };

  const onPlace = (next: PlaceValue, changed: 'province' | 'district' | 'subDistrict') => {
    setDraft((d) => ({ ...d, ...next }));
    setErrors((e) => ({
      ...e,
      [changed]: undefined,
      ...(changed === 'subDistrict' ? { zip: undefined } : {}),
    }));
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && !(SLIP_TYPES as readonly string[]).includes(chosen.type)) {
      setDraft((d) => ({ ...d, file: null }));
      setErrors((e) => ({ ...e, slip: { key: 'slip.fileType' } }));
      return;
    }
    setDraft((d) => ({ ...d, file: chosen }));
    setErrors((e) => ({
      ...e,
      slip: undefined,
      amount: undefined,
      paymentDate: undefined,
      paymentTime: undefined,
    }));
  };

  const removeSlip = () => {
    setDraft((d) => ({ ...d, file: null }));
    if (fileRef.current) fileRef.current.value = '';
    setErrors((e) => ({
      ...e,
      slip: undefined,
      amount: undefined,
      paymentDate: undefined,
      paymentTime: undefined,
    }));
  };

  const showErrors = (next: BookingErrors): boolean => {
    setErrors(next);
    const invalid = Object.values(next).some(Boolean);
    if (invalid) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    }
    return invalid;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!enabled) return;
    setFormError(null);
    if (showErrors(validateBooking(draft))) return;
    book.mutate(
      { body: toBookingBody(bookingKey, draft), slip: slipOf(draft) },
      {
        onSuccess: onBooked,
        onError: (error) => {
          if (!isApiError(error)) {
            setFormError({ key: 'error.title' });
            return;
          }
          const next: BookingErrors = {};
          for (const e of error.problem.errors ?? []) {
            const field = bookingFieldOf(e.field.split(/[/.]/).filter(Boolean).pop() ?? e.field);
            if (field && !next[field]) next[field] = fromFieldError(e);
          }
          if (Object.keys(next).length > 0) showErrors(next);
          setFormError({ error });
        },
      },
    );
  };

  const field = (
    name: 'name' | 'lname' | 'email' | 'tel' | 'address' | 'note' | 'amount' | 'paymentDate' | 'paymentTime',
  ) => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => edit(name, e.target.value),
    error: text(errors[name]),
    'data-testid': `booking-${name}`,
  });

  return (
    <form
      ref={formRef}
      className="form booking-form"
      noValidate
      onSubmit={onSubmit}
      data-testid="booking-form"
    >
      <fieldset className="booking-form__set" disabled={!enabled} data-testid="booking-fieldset">
        <legend className="sr-only">{t('booking.formTitle')}</legend>
        {product && (
          <p className="booking-form__product" data-testid="booking-product">
            {t('booking.product')}: <strong>{product}</strong>
          </p>
        )}
        {prefill && enabled && (
          <Alert tone="info">
            <span data-testid="booking-prefilled">{t('booking.prefilled')}</span>
          </Alert>
        )}
        {formError && (
          <Alert>
            <span data-testid="booking-error">{text(formError)}</span>
          </Alert>
        )}
        <div className="form__grid">
          <TextField label={t('booking.name')} autoComplete="given-name" {...field('name')} />
          <TextField label={t('booking.lname')} autoComplete="family-name" {...field('lname')} />
          <TextField label={t('form.email')} type="email" autoComplete="email" {...field('email')} />
          <TextField
            label={t('form.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={12}
            hint={t('form.phoneHint')}
            {...field('tel')}
          />
        </div>
        <TextAreaField label={t('booking.address')} autoComplete="street-address" {...field('address')} />
        <ThaiAddressPicker idPrefix="booking" value={draft} onChange={onPlace} messages={errors} />
        <TextAreaField label={`${t('booking.note')} ${t('form.optional')}`} rows={2} {...field('note')} />
        <fieldset className="booking-form__slip">
          <legend className="booking-card__subtitle">{t('booking.slipTitle')}</legend>
          <p className="booking-card__hint">{t('booking.slipLead')}</p>
          <TextField
            ref={fileRef}
            label={`${t('slip.file')} ${t('form.optional')}`}
            hint={t('slip.fileHint')}
            type="file"
            accept={SLIP_TYPES.join(',')}
            error={text(errors.slip)}
            onChange={choose}
            data-testid="booking-slip"
          />
          {preview && <img className="slip-preview" src={preview} alt={t('slip.preview')} />}
          {draft.file && (
            <>
              <div className="slip-when booking-form__slip-fields">
                <TextField
                  label={t('booking.amount')}
                  hint={t('booking.amountHint')}
                  inputMode="decimal"
                  {...field('amount')}
                />
                <TextField
                  label={t('slip.date')}
                  type="date"
                  max={bangkokToday()}
                  {...field('paymentDate')}
                />
                <TextField
                  label={t('slip.time')}
                  hint={t('slip.timeHint')}
                  type="time"
                  step={60}
                  {...field('paymentTime')}
                />
              </div>
              <Button variant="ghost" size="sm" onClick={removeSlip} data-testid="booking-slip-remove">
                {t('booking.removeSlip')}
              </Button>
            </>
          )}
        </fieldset>
        <div className="form__actions">
          <Button type="submit" loading={book.isPending} data-testid="booking-submit">
            {t('booking.submit')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
