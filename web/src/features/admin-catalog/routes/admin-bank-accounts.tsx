import { useTranslation } from 'react-i18next';
import type { BankAccountStaff } from '@rian/proto-contracts/catalog-content';
import type { Column } from '@/components/ui/data-table';
import { StaffListPage } from '@/components/ui/staff-list-page';
import { useStaffList } from '@/hooks/use-staff-list';
import { formatTHB } from '@/lib/format';
import { BANK_ACCOUNT_SORTS, useBankAccounts, useDeleteBankAccount } from '../api/bank-accounts';
import { BankAccountDialog } from '../components/bank-account-dialog';
import { Thumb } from '../components/catalog-image-field';
import '../admin-catalog.css';
import '../i18n';

/** /admin/bookbank — the bank accounts buyers transfer to: search, sort, page; create, edit, delete. */
export function AdminBankAccountsRoute() {
  const { t } = useTranslation();
  const list = useStaffList({
    sorts: BANK_ACCOUNT_SORTS,
    defaultSort: 'createdAt',
    useItems: useBankAccounts,
    useRemove: useDeleteBankAccount,
  });

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
  ];

  return (
    <StaffListPage
      list={list}
      testId="bank-accounts"
      title={t('catalogAdmin.bankAccounts.title')}
      newLabel={t('catalogAdmin.bankAccounts.new')}
      searchLabel={t('catalogAdmin.search')}
      searchHint={t('catalogAdmin.bankAccounts.searchHint')}
      columns={columns}
      rowClassName={(a) => (a.disable === 'Y' ? 'is-disabled' : undefined)}
      rowActions={{
        label: t('catalogAdmin.actions'),
        edit: { label: t('catalogAdmin.edit'), testId: 'bank-account-edit' },
        remove: { label: t('catalogAdmin.delete'), testId: 'bank-account-delete' },
      }}
      dialog={(account, close) => <BankAccountDialog account={account} onClose={close} />}
      confirmDelete={{
        title: t('catalogAdmin.bankAccounts.deleteTitle'),
        description: (a) =>
          t('catalogAdmin.bankAccounts.deleteText', { bank: a.bankName, account: a.account }),
        confirmLabel: t('catalogAdmin.delete'),
      }}
    />
  );
}
