import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductCoachStaff } from '@rian/proto-contracts/catalog-content';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useMessageText } from '@/hooks/use-message-text';
import { isApiError } from '@/lib/api-client';
import type { Message } from '@/lib/message';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useCoachChoices, useLinkCoach, useProductCoaches, useUnlinkCoach } from '../api/coaches';
import { Thumb } from './catalog-image-field';
import { ConfirmDelete } from './confirm-delete';

/** The coaches shown on a product's page (spec "Product coach"). */
export function ProductCoaches({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const language = useLanguageStore((s) => s.language);
  const links = useProductCoaches(productId);
  const choices = useCoachChoices();
  const link = useLinkCoach();
  const unlink = useUnlinkCoach();
  const [coachId, setCoachId] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const [removing, setRemoving] = useState<ProductCoachStaff | null>(null);
  const linked = new Set(links.data?.items.map((l) => l.coachId));
  const available = choices.data?.items.filter((c) => !linked.has(c.id)) ?? [];

  async function onLink(event: FormEvent) {
    event.preventDefault();
    if (!coachId) {
      setError({ key: 'validation.required' });
      return;
    }
    try {
      await link.mutateAsync({ productId, coachId });
      setCoachId('');
      setError(null);
    } catch (failure) {
      setError(isApiError(failure) ? { error: failure } : { key: 'error.title' });
    }
  }

  const columns: Column<ProductCoachStaff>[] = [
    {
      key: 'img',
      label: t('catalogAdmin.coaches.img'),
      render: (l) => <Thumb kind="coach" value={l.coach.img} alt={l.coach.name} />,
    },
    {
      key: 'name',
      label: t('catalogAdmin.coaches.name'),
      render: (l) => (
        <>
          {l.coach.name}
          {l.coach.nickname && <span className="table__sub">{l.coach.nickname}</span>}
        </>
      ),
    },
    { key: 'position', label: t('catalogAdmin.coaches.position'), render: (l) => l.coach.position ?? '–' },
    {
      key: 'actions',
      label: t('catalogAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (l) => (
        <Button variant="ghost" size="sm" onClick={() => setRemoving(l)} data-testid="product-coach-remove">
          {t('catalogAdmin.coaches.unlink')}
        </Button>
      ),
    },
  ];

  return (
    <section className="catalog-panel" aria-label={t('catalogAdmin.product.tabs.coaches')}>
      <form className="catalog-inline-form" noValidate onSubmit={(e) => void onLink(e)}>
        <SelectField
          label={t('catalogAdmin.coaches.choose')}
          value={coachId}
          onChange={(e) => {
            setCoachId(e.target.value);
            setError(null);
          }}
          error={text(error)}
          data-testid="product-coach-select"
        >
          <option value="">{t('catalogAdmin.choose')}</option>
          {available.map((c) => (
            <option key={c.id} value={c.id}>
              {c.nickname ? `${c.name} (${c.nickname})` : c.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" loading={link.isPending} data-testid="product-coach-add">
          {t('catalogAdmin.coaches.link')}
        </Button>
      </form>
      {links.isError && <Alert>{problemText(links.error, language)}</Alert>}
      {links.isPending && !links.isError && <Spinner label={t('admin.loading')} />}
      {links.data && links.data.items.length === 0 && <p>{t('catalogAdmin.coaches.noneLinked')}</p>}
      {links.data && links.data.items.length > 0 && (
        <DataTable columns={columns} rows={links.data.items} rowKey={(l) => l.id} testId="product-coaches" />
      )}
      <ConfirmDelete
        target={removing}
        title={t('catalogAdmin.coaches.unlinkTitle')}
        description={(l) => t('catalogAdmin.coaches.unlinkText', { name: l.coach.name })}
        confirmLabel={t('catalogAdmin.coaches.unlink')}
        onClose={() => setRemoving(null)}
        onConfirm={(l) => unlink.mutateAsync(l.id)}
      />
    </section>
  );
}
