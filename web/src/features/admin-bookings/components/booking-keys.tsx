import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingKeyView } from '@rian/proto-contracts/bookings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useBookingKeys, useCreateBookingKey, usePatchBookingKey } from '../api/bookings';

/** The public link a key is shared by (/booking/{code}). */
export const bookingLink = (code: string, origin = window.location.origin) =>
  `${origin}/booking/${encodeURIComponent(code)}`;

/**
 * A product's booking keys: code, limit, bookings made, active (a switch); create one (the code
 * may be left for the service to make, the limit for its default); copy a key's public link.
 */
export function BookingKeys({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const keys = useBookingKeys(productId);
  const create = useCreateBookingKey();
  const patch = usePatchBookingKey();
  const [code, setCode] = useState('');
  const [limit, setLimit] = useState('');
  const [limitError, setLimitError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const n = limit.trim() === '' ? undefined : Number(limit);
    if (n !== undefined && (!Number.isInteger(n) || n < 1 || n > 10_000)) {
      setLimitError(t('bookingsAdmin.keys.limitInvalid'));
      return;
    }
    setLimitError(null);
    create.mutate(
      { productId, ...(code.trim() ? { code: code.trim() } : {}), ...(n ? { limit: n } : {}) },
      {
        onSuccess: (key) => {
          setCode('');
          setLimit('');
          setNotice(t('bookingsAdmin.keys.created', { code: key.code }));
        },
      },
    );
  };

  const copy = async (key: BookingKeyView) => {
    const link = bookingLink(key.code);
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setNotice(t('bookingsAdmin.keys.copied', { link }));
  };

  const columns: Column<BookingKeyView>[] = [
    { key: 'code', label: t('bookingsAdmin.keys.code'), render: (k) => <code>{k.code}</code> },
    { key: 'limit', label: t('bookingsAdmin.keys.limit'), className: 'orders-num', render: (k) => k.limit },
    {
      key: 'used',
      label: t('bookingsAdmin.keys.used'),
      className: 'orders-num',
      render: (k) => <span data-testid="booking-key-used">{k.bookings}</span>,
    },
    {
      key: 'active',
      label: t('bookingsAdmin.keys.active'),
      render: (k) => (
        <Switch
          checked={k.active === 'Y'}
          disabled={patch.isPending}
          onCheckedChange={(on) => patch.mutate({ id: k.id, body: { active: on ? 'Y' : 'N' } })}
          aria-label={t('bookingsAdmin.keys.switchOf', { code: k.code })}
          data-testid="booking-key-active"
        />
      ),
    },
    {
      key: 'actions',
      label: t('bookingsAdmin.columns.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (k) => (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void copy(k)}
          aria-label={t('bookingsAdmin.keys.copyOf', { code: k.code })}
          data-testid="booking-key-copy"
        >
          {t('bookingsAdmin.keys.copy')}
        </Button>
      ),
    },
  ];

  return (
    <section className="booking-keys" aria-labelledby="booking-keys-title" data-testid="booking-keys">
      <h2 id="booking-keys-title" className="admin__subheading">
        {t('bookingsAdmin.keys.title')}
      </h2>
      <form className="admin-filter" noValidate onSubmit={submit}>
        <TextField
          label={`${t('bookingsAdmin.keys.code')} ${t('form.optional')}`}
          hint={t('bookingsAdmin.keys.codeHint')}
          value={code}
          maxLength={40}
          onChange={(e) => setCode(e.target.value)}
          data-testid="booking-key-code"
        />
        <TextField
          label={`${t('bookingsAdmin.keys.limit')} ${t('form.optional')}`}
          hint={t('bookingsAdmin.keys.limitHint')}
          inputMode="numeric"
          value={limit}
          error={limitError}
          onChange={(e) => setLimit(e.target.value)}
          data-testid="booking-key-limit"
        />
        <Button type="submit" loading={create.isPending} data-testid="booking-key-create">
          {t('bookingsAdmin.keys.create')}
        </Button>
      </form>
      {create.isError && <Alert>{problemText(create.error, language)}</Alert>}
      {patch.isError && <Alert>{problemText(patch.error, language)}</Alert>}
      {notice && (
        <Alert tone="success">
          <span data-testid="booking-keys-notice">{notice}</span>
        </Alert>
      )}
      {keys.isPending && <Spinner label={t('admin.loading')} />}
      {keys.isError && <Alert>{problemText(keys.error, language)}</Alert>}
      {keys.data && keys.data.items.length === 0 && (
        <p data-testid="booking-keys-empty">{t('bookingsAdmin.keys.empty')}</p>
      )}
      {keys.data && keys.data.items.length > 0 && (
        <DataTable
          columns={columns}
          rows={keys.data.items}
          rowKey={(k) => k.id}
          testId="booking-keys-table"
          rowTestId={(k) => `booking-key-${k.code}`}
        />
      )}
    </section>
  );
}
