import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookingReceipt, KeyCheckView } from '@rian/proto-contracts/bookings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { validateEmail } from '@/lib/validation';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import { useKeyCheck } from '../api/bookings';
import { BookingForm } from '../components/booking-form';
import '../booking.css';
import '../i18n';

const KEY = /^[A-Za-z0-9-]{4,40}$/;

/**
 * /booking and /booking/:key (issue 17; spec 02 §3 Booking, §4): step 1 checks the key for the
 * e-mail (`success`, `limit`, `used`; an unknown or switched-off key is the server's 404 message);
 * only `success` opens the form (spec 02 §4: a failed check disables it). Changing the key or the
 * e-mail closes the form again until checked anew. A sent booking shows its receipt.
 */
export function BookingRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const params = useParams();
  const user = useAuthStore((s) => s.user);
  const [key, setKey] = useState(params.key ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [errors, setErrors] = useState<{ key?: string; email?: string }>({});
  const [checked, setChecked] = useState<{ view: KeyCheckView; key: string; email: string } | null>(null);
  const [receipt, setReceipt] = useState<BookingReceipt | null>(null);
  const check = useKeyCheck();

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    const emailKey = validateEmail(email);
    const next = {
      key: KEY.test(key.trim()) ? undefined : key.trim() ? t('booking.keyInvalid') : t('validation.required'),
      email: emailKey ? t(emailKey) : undefined,
    };
    setErrors(next);
    if (next.key || next.email) return;
    setChecked(null);
    check.mutate(
      { key: key.trim(), email: email.trim() },
      { onSuccess: (view) => setChecked({ view, key: key.trim(), email: email.trim() }) },
    );
  };

  const edit = (field: 'key' | 'email', value: string) => {
    if (field === 'key') setKey(value);
    else setEmail(value);
    setErrors((e) => ({ ...e, [field]: undefined }));
    // the check holds for the key and e-mail it was made with
    setChecked(null);
    check.reset();
  };

  if (receipt) {
    return (
      <div className="booking-page">
        <section
          className="booking-card"
          aria-labelledby="booking-receipt-title"
          data-testid="booking-receipt"
        >
          <h1 id="booking-receipt-title" className="booking-page__title">
            {t('booking.receiptTitle')}
          </h1>
          <Alert tone="success">{t('booking.receiptLead')}</Alert>
          <dl className="booking-receipt">
            <dt>{t('booking.product')}</dt>
            <dd data-testid="booking-receipt-product">{receipt.productTitle}</dd>
            <dt>{t('booking.receiptId')}</dt>
            <dd data-testid="booking-receipt-id">{receipt.id}</dd>
            <dt>{t('booking.receiptStatus')}</dt>
            <dd data-testid="booking-receipt-status">
              {receipt.confirm === 'Y' ? t('booking.confirmed') : t(`booking.status.${receipt.status}`)}
            </dd>
            <dt>{t('booking.receiptSlip')}</dt>
            <dd data-testid="booking-receipt-slip">
              {receipt.hasSlip ? t('booking.slipAttached') : t('booking.slipNone')}
            </dd>
            <dt>{t('booking.receiptAt')}</dt>
            <dd>{formatDateTime(receipt.createdAt, language)}</dd>
          </dl>
        </section>
      </div>
    );
  }

  const view = checked?.view ?? null;
  const open = view?.result === 'success';
  return (
    <div className="booking-page">
      <h1 className="booking-page__title">{t('booking.title')}</h1>
      <p className="booking-page__lead">{t('booking.lead')}</p>
      <section className="booking-card" aria-labelledby="booking-check-title">
        <h2 id="booking-check-title" className="booking-card__title">
          {t('booking.checkTitle')}
        </h2>
        <form className="form booking-check" noValidate onSubmit={onCheck} data-testid="booking-check">
          <div className="form__grid">
            <TextField
              label={t('booking.key')}
              hint={t('booking.keyHint')}
              value={key}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={40}
              error={errors.key}
              onChange={(e) => edit('key', e.target.value)}
              data-testid="booking-key"
            />
            <TextField
              label={t('form.email')}
              type="email"
              autoComplete="email"
              value={email}
              error={errors.email}
              onChange={(e) => edit('email', e.target.value)}
              data-testid="booking-check-email"
            />
          </div>
          <div className="form__actions">
            <Button type="submit" loading={check.isPending} data-testid="booking-check-submit">
              {t('booking.check')}
            </Button>
          </div>
        </form>
        {check.isError && (
          <Alert>
            <span data-testid="booking-check-error">{problemText(check.error, language)}</span>
          </Alert>
        )}
        {view && (
          <Alert tone={open ? 'success' : 'error'}>
            <span data-testid={`booking-check-${view.result}`}>
              {t(`booking.${view.result}`, {
                product: view.product.title,
                total: view.total,
                limit: view.limit,
              })}
            </span>
          </Alert>
        )}
      </section>
      <section className="booking-card" aria-labelledby="booking-form-title">
        <h2 id="booking-form-title" className="booking-card__title">
          {t('booking.formTitle')}
        </h2>
        {!open && (
          <p className="booking-card__hint" data-testid="booking-form-disabled">
            {t('booking.formDisabled')}
          </p>
        )}
        <BookingForm
          // a fresh form for each successful check (its prefill)
          key={open && checked ? `${checked.key}|${checked.email}` : 'closed'}
          enabled={open}
          bookingKey={checked?.key ?? ''}
          email={checked?.email ?? email}
          product={open ? view.product.title : null}
          prefill={open ? view.prefill : null}
          member={user ? { name: user.firstName, lname: user.lastName } : null}
          onBooked={setReceipt}
        />
      </section>
    </div>
  );
}
