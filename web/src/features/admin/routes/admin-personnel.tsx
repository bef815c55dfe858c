import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDateTime } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useLanguageStore } from '@/stores/language-store';
import { useStaffStore } from '@/stores/staff-store';
import type { Personnel } from '@/types/api';
import { usePersonnel } from '../api/get-personnel';
import { useDeletePersonnel } from '../api/delete-personnel';
import { Pager } from '@/components/ui/pager';
import { PersonnelDialog } from '../components/personnel-dialog';
import '../i18n';

const PAGE_SIZE = 20;

/** /admin/personnel — staff accounts; admins only (the service refuses others too). */
export function AdminPersonnelRoute() {
  const { t } = useTranslation();
  const role = useStaffStore((s) => s.staff?.role);
  if (role !== 'admin') {
    return (
      <>
        <h1 className="admin__heading">{t('admin.personnel.title')}</h1>
        <Alert tone="info">
          <span data-testid="personnel-no-access">{t('admin.personnel.noAccess')}</span>
        </Alert>
      </>
    );
  }
  return <PersonnelList />;
}

function PersonnelList() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const me = useStaffStore((s) => s.staff?.id);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 300);
  const [page, setPage] = useState(1);
  const list = usePersonnel({ q, page, pageSize: PAGE_SIZE });
  const remove = useDeletePersonnel();
  // null: closed; 'new': create; a person: edit
  const [editing, setEditing] = useState<Personnel | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Personnel | null>(null);

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
  }

  return (
    <>
      <div className="admin__heading-row">
        <h1 className="admin__heading">{t('admin.personnel.title')}</h1>
        <Button onClick={() => setEditing('new')} data-testid="personnel-new">
          {t('admin.personnel.new')}
        </Button>
      </div>
      <form className="admin-filter" role="search" noValidate onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={t('admin.personnel.search')}
          type="search"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPage(1);
          }}
        />
      </form>
      {list.isError && <Alert>{problemText(list.error, language)}</Alert>}
      {list.isPending && !list.isError && <Spinner label={t('admin.loading')} />}
      {list.data && list.data.items.length === 0 && <p>{t('admin.empty')}</p>}
      {list.data && list.data.items.length > 0 && (
        <div className="table-wrap">
          <table className="table" data-testid="personnel-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.personnel.username')}</th>
                <th scope="col">{t('admin.personnel.name')}</th>
                <th scope="col">{t('form.nickname')}</th>
                <th scope="col">{t('form.phone')}</th>
                <th scope="col">{t('admin.personnel.position')}</th>
                <th scope="col">{t('admin.personnel.role')}</th>
                <th scope="col">{t('admin.personnel.state')}</th>
                <th scope="col">{t('admin.users.columns.createdAt')}</th>
                <th scope="col">
                  <span className="sr-only">{t('admin.users.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((p) => (
                <tr key={p.id} data-testid="personnel-row">
                  <td>{p.username}</td>
                  <td>
                    {p.name} {p.lastName ?? ''}
                  </td>
                  <td>{p.nickname ?? '–'}</td>
                  <td className="table__nowrap">{p.tel ?? '–'}</td>
                  <td>{p.position ?? '–'}</td>
                  <td>{t(`admin.personnel.roles.${p.role}`)}</td>
                  <td>
                    <span className={p.disabled ? 'badge badge--failed' : 'badge badge--sent'}>
                      {p.disabled ? t('admin.personnel.disabled') : t('admin.personnel.active')}
                    </span>
                  </td>
                  <td className="table__nowrap">{formatDateTime(p.createdAt, language)}</td>
                  <td className="table__actions">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setEditing(p)}
                      aria-label={t('admin.personnel.editOf', { username: p.username })}
                      data-testid="personnel-edit"
                    >
                      {t('admin.personnel.edit')}
                    </Button>
                    {!p.disabled && p.id !== me && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => {
                          remove.reset();
                          setDeleting(p);
                        }}
                        aria-label={t('admin.personnel.deleteOf', { username: p.username })}
                        data-testid="personnel-delete"
                      >
                        {t('admin.personnel.delete')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />}

      {editing && (
        <PersonnelDialog person={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.personnel.deleteTitle')}
        description={t('admin.personnel.deleteText', { username: deleting?.username ?? '' })}
        confirmLabel={t('admin.personnel.delete')}
        cancelLabel={t('form.cancel')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        {remove.error && (
          <Alert>
            <span data-testid="personnel-delete-error">{problemText(remove.error, language)}</span>
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}
