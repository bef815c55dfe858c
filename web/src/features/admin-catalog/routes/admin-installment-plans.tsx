import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstallmentPlanStaff } from '@rian/proto-contracts/catalog-commerce';
import type { Column } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/select-field';
import { StaffListPage } from '@/components/ui/staff-list-page';
import { useStaffList } from '@/hooks/use-staff-list';
import type { ListParams } from '@/hooks/use-list-params';
import { Button } from '@/components/ui/button';
import { PLAN_SORTS, useDeletePlan, useInstallmentPlans } from '../api/installment-plans';
import { useProductChoices } from '../api/products';
import { DateRange } from '../components/date-range';
import { PaymentTypesPanel } from '../components/payment-types-panel';
import { PlanDialog } from '../components/plan-dialog';
import { PlanEmailsDialog } from '../components/plan-emails-dialog';
import '../admin-catalog.css';
import '../i18n';

/** The plans of one product (the filter in the address) or of all. */
const usePlanItems = (params: ListParams<(typeof PLAN_SORTS)[number]>, filters: { productId: string }) =>
  useInstallmentPlans(params, filters.productId);

/**
 * /admin/patternPayment — how people pay: the payment types' on/off switches (payments), then the
 * instalment plans, newest first, by product or text, and their e-mail lists.
 */
export function AdminInstallmentPlansRoute() {
  const { t } = useTranslation();
  const list = useStaffList({
    sorts: PLAN_SORTS,
    defaultSort: '-createdAt',
    filterKeys: ['productId'],
    useItems: usePlanItems,
    useRemove: useDeletePlan,
  });
  const { productId } = list.filters;
  const products = useProductChoices();
  const [emailsOf, setEmailsOf] = useState<InstallmentPlanStaff | null>(null);

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
  ];

  return (
    <>
      <PaymentTypesPanel />
      <StaffListPage
        list={list}
        testId="plans"
        title={t('catalogAdmin.plans.title')}
        newLabel={t('catalogAdmin.plans.new')}
        searchLabel={t('catalogAdmin.search')}
        searchHint={t('catalogAdmin.plans.searchHint')}
        filters={
          <SelectField
            label={t('catalogAdmin.plans.product')}
            value={productId}
            onChange={(e) => list.setFilters({ productId: e.target.value })}
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
        columns={columns}
        sortable={false}
        rowActions={{
          label: t('catalogAdmin.actions'),
          edit: { label: t('catalogAdmin.edit'), testId: 'plan-edit' },
          extra: (p) => (
            <Button variant="secondary" size="sm" onClick={() => setEmailsOf(p)} data-testid="plan-emails">
              {t('catalogAdmin.plans.emails')}
            </Button>
          ),
          remove: { label: t('catalogAdmin.delete'), testId: 'plan-delete' },
        }}
        dialog={(plan, close) => (
          <PlanDialog
            plan={plan}
            products={products.data?.items ?? []}
            defaultProductId={productId}
            onClose={close}
          />
        )}
        confirmDelete={{
          title: t('catalogAdmin.plans.deleteTitle'),
          description: (p) => t('catalogAdmin.plans.deleteText', { name: p.name, product: p.productTitle }),
          confirmLabel: t('catalogAdmin.delete'),
        }}
      >
        {emailsOf && <PlanEmailsDialog plan={emailsOf} onClose={() => setEmailsOf(null)} />}
      </StaffListPage>
    </>
  );
}
