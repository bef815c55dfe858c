import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccountStaff } from '@rian/proto-contracts/catalog-content';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useListParams } from '@/hooks/use-list-params';
import { formatTHB } from '@/lib/format';
import { BANK_ACCOUNT_SORTS, useBankAccounts, useDeleteBankAccount } from '../api/bank-accounts';
import { BankAccountDialog } from '../components/bank-account-dialog';
import { Thumb } from '../components/catalog-image-field';
import { ConfirmDelete } from '../components/confirm-delete';
import { ListFrame } from '@/components/ui/list-frame';
import '../admin-catalog.css';
import '../i18n';

/** /admin/bookbank — the bank accounts buyers transfer to: search, sort, page; create, edit, delete. */
export function AdminBankAccountsRoute() {
  const { t } = useTranslation();
  const list = useListParams({ sorts: BANK_ACCOUNT_SORTS, defaultSort: 'createdAt' });
  const accounts = useBankAccounts(list.params);
  const remove = useDeleteBankAccount();
  const [editing, setEditing] = useState<BankAccountStaff | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BankAccountStaff | null>(null);

  const columns: Column<BankAccountStaff>[] = [
    {
      key: 'icon',
      label: t('catalogAdmin.bankAccounts.iconShort'),
      render: (a) => <Thumb kind="bank" value={a.icon} alt={a.bankName} />,
    },
    {
      key: 'bankName',
      label: t('catalogAdmin.bankAccounts.bankName'),
      sortField: 'bankName',
      render: (a) => (
        <>
          {a.bankName}
          {a.disable === 'Y' && (
            <span className="badge badge--failed catalog-badge">{t('catalogAdmin.offer.disabled')}</span>
          )}
          {a.type && <span className="table__sub">{a.type}</span>}
        </>
      ),
    },
    {
      key: 'account',
      label: t('catalogAdmin.bankAccounts.account'),
      className: 'table__nowrap',
      render: (a) => (
        <>
          {a.account}
          {a.accountName && <span className="table__sub">{a.accountName}</span>}
        </>
      ),
    },
    {
      key: 'max',
      label: t('catalogAdmin.bankAccounts.max'),
      className: 'table__nowrap',
      render: (a) => (a.max === null ? t('catalogAdmin.bankAccounts.noMax') : formatTHB(a.max)),
    },
    {
      key: 'image',
      label: t('catalogAdmin.bankAccounts.imageShort'),
      render: (a) => <Thumb kind="bank" value={a.image} alt={a.account} />,
    },
    {
      key: 'actions',
      label: t('catalogAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (a) => (
        <>
          <Button variant="secondary" size="sm" onClick={() => setEditing(a)} data-testid="bank-account-edit">
            {t('catalogAdmin.edit')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDeleting(a)} data-testid="bank-account-delete">
            {t('catalogAdmin.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <>
      <ListFrame
        title={t('catalogAdmin.bankAccounts.title')}
        newLabel={t('catalogAdmin.bankAccounts.new')}
        onNew={() => setEditing('new')}
        testId="bank-accounts"
        searchLabel={t('catalogAdmin.search')}
        searchHint={t('catalogAdmin.bankAccounts.searchHint')}
        searchText={list.text}
        onSearchText={list.setText}
        query={accounts}
        page={list.params.page}
        pageSize={list.params.pageSize}
        onPage={list.setPage}
      >
        <DataTable
          columns={columns}
          rows={accounts.data?.items ?? []}
          rowKey={(a) => a.id}
          sort={list.params.sort}
          onSort={list.setSort}
          testId="bank-accounts-table"
          rowClassName={(a) => (a.disable === 'Y' ? 'is-disabled' : undefined)}
        />
      </ListFrame>
      {editing && (
        <BankAccountDialog account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDelete
        target={deleting}
        title={t('catalogAdmin.bankAccounts.deleteTitle')}
        description={(a) =>
          t('catalogAdmin.bankAccounts.deleteText', { bank: a.bankName, account: a.account })
        }
        onClose={() => setDeleting(null)}
        onConfirm={(a) => remove.mutateAsync(a.id)}
      />
    </>
  );
}
