import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstallmentPlanStaff } from '@rian/proto-contracts/catalog-commerce';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/select-field';
import { useListParams } from '@/hooks/use-list-params';
import { PLAN_SORTS, useDeletePlan, useInstallmentPlans } from '../api/installment-plans';
import { useProductChoices } from '../api/products';
import { ConfirmDelete } from '../components/confirm-delete';
import { DateRange } from '../components/date-range';
import { ListFrame } from '@/components/ui/list-frame';
import { PaymentTypesPanel } from '../components/payment-types-panel';
import { PlanDialog } from '../components/plan-dialog';
import { PlanEmailsDialog } from '../components/plan-emails-dialog';
import '../admin-catalog.css';
import '../i18n';

/**
 * /admin/patternPayment — how people pay: the payment types' on/off switches (payments), then the
 * instalment plans, newest first, by product or text, and their e-mail lists.
 */
export function AdminInstallmentPlansRoute() {
  const { t } = useTranslation();
  const list = useListParams({ sorts: PLAN_SORTS, defaultSort: '-createdAt' });
  const [productId, setProductId] = useState('');
  const plans = useInstallmentPlans(list.params, productId);
  const products = useProductChoices();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<InstallmentPlanStaff | 'new' | null>(null);
  const [emailsOf, setEmailsOf] = useState<InstallmentPlanStaff | null>(null);
  const [deleting, setDeleting] = useState<InstallmentPlanStaff | null>(null);

  const columns: Column<InstallmentPlanStaff>[] = [
    { key: 'product', label: t('catalogAdmin.plans.product'), render: (p) => p.productTitle },
    {
      key: 'name',
      label: t('catalogAdmin.plans.name'),
      render: (p) => (
        <>
          {p.name}
          {p.detail && <span className="table__sub catalog-clamp">{p.detail}</span>}
        </>
      ),
    },
    {
      key: 'type',
      label: t('catalogAdmin.plans.type'),
      render: (p) => t(`catalogAdmin.plans.types.${p.type}`),
    },
    { key: 'count', label: t('catalogAdmin.plans.countShort'), render: (p) => p.count },
    {
      key: 'window',
      label: t('catalogAdmin.window'),
      render: (p) => <DateRange start={p.start} to={p.to} />,
    },
    { key: 'emails', label: t('catalogAdmin.plans.emails'), render: (p) => p.emailCount },
    {
      key: 'actions',
      label: t('catalogAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (p) => (
        <>
          <Button variant="secondary" size="sm" onClick={() => setEditing(p)} data-testid="plan-edit">
            {t('catalogAdmin.edit')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setEmailsOf(p)} data-testid="plan-emails">
            {t('catalogAdmin.plans.emails')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDeleting(p)} data-testid="plan-delete">
            {t('catalogAdmin.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <>
      <PaymentTypesPanel />
      <ListFrame
        title={t('catalogAdmin.plans.title')}
        newLabel={t('catalogAdmin.plans.new')}
        onNew={() => setEditing('new')}
        testId="plans"
        searchLabel={t('catalogAdmin.search')}
        searchHint={t('catalogAdmin.plans.searchHint')}
        searchText={list.text}
        onSearchText={list.setText}
        filters={
          <SelectField
            label={t('catalogAdmin.plans.product')}
            value={productId}
            onChange={(e) => {
              setProductId(e.target.value);
              list.setPage(1);
            }}
            data-testid="plans-product"
          >
            <option value="">{t('catalogAdmin.plans.allProducts')}</option>
            {products.data?.items.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </SelectField>
        }
        query={plans}
        page={list.params.page}
        pageSize={list.params.pageSize}
        onPage={list.setPage}
      >
        <DataTable
          columns={columns}
          rows={plans.data?.items ?? []}
          rowKey={(p) => p.id}
          testId="plans-table"
        />
      </ListFrame>
      {editing && (
        <PlanDialog
          plan={editing === 'new' ? null : editing}
          products={products.data?.items ?? []}
          defaultProductId={productId}
          onClose={() => setEditing(null)}
        />
      )}
      {emailsOf && <PlanEmailsDialog plan={emailsOf} onClose={() => setEmailsOf(null)} />}
      <ConfirmDelete
        target={deleting}
        title={t('catalogAdmin.plans.deleteTitle')}
        description={(p) => t('catalogAdmin.plans.deleteText', { name: p.name, product: p.productTitle })}
        onClose={() => setDeleting(null)}
        onConfirm={(p) => remove.mutateAsync(p.id)}
      />
    </>
  );
}
