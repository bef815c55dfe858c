import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSlipRow, SlipStatus } from '@rian/proto-contracts/payments';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDateTime, formatDay, formatTHB } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { SLIPS_PAGE_SIZE, useAdminSlips } from '../api/admin-slips';
import { useApproveSlip } from '../api/slip-approve';
import { SlipImage } from '../components/slip-image';
import { SlipRejectDialog } from '../components/slip-reject-dialog';
import { BuyerEmail } from '../components/buyer-email';
import '@/components/orders/i18n';
import '../order-admin.css';
import '../orders-confirm.css';
import '../i18n-orders';

const TABS: readonly SlipStatus[] = ['wait', 'approved', 'rejected'];

/**
 * /admin/ordersConfirm (spec 01 §2, spec 02 §4 "Transfer by slip") — bank-transfer slips waiting for
 * staff, oldest first: approve (the order or instalment is paid) or reject with a note; the reviewed
 * ones under their own tabs.
 */
export function OrdersConfirmRoute() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SlipStatus>('wait');
  return (
    <div data-testid="orders-confirm">
      <div className="admin__heading-row">
        <h1 className="admin__heading">{t('slipsAdmin.title')}</h1>
      </div>
      <Tabs value={status} onValueChange={(v) => setStatus(v as SlipStatus)}>
        <TabsList aria-label={t('slipsAdmin.tabsLabel')}>
          {TABS.map((s) => (
            <TabsTrigger key={s} value={s} data-testid={`slips-tab-${s}`}>
              {t(`slipsAdmin.tabs.${s}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((s) => (
          <TabsContent key={s} value={s}>
            {s === status && <SlipList status={s} />}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function SlipList({ status }: { status: SlipStatus }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [page, setPage] = useState(1);
  const slips = useAdminSlips(status, page);
  const approve = useApproveSlip();
  const [approving, setApproving] = useState<AdminSlipRow | null>(null);
  const [rejecting, setRejecting] = useState<AdminSlipRow | null>(null);

  const columns: Column<AdminSlipRow>[] = [
    {
      key: 'image',
      label: t('slipsAdmin.columns.image'),
      render: (s) => <SlipImage url={s.url} reference={s.reference} />,
    },
    {
      key: 'reference',
      label: t('slipsAdmin.columns.reference'),
      render: (s) => <strong className="table__nowrap">{s.reference}</strong>,
    },
    {
      key: 'buyer',
      label: t('slipsAdmin.columns.buyer'),
      className: 'slip-buyer',
      // orders placed before the e-mail travelled with the order show the account id
      render: (s) => {
        if (!s.userEmail) return s.userId;
        return <BuyerEmail email={s.userEmail} />;
      },
    },
    {
      key: 'paymentType',
      label: t('slipsAdmin.columns.paymentType'),
      render: (s) => t(`orderView.paymentType.${s.paymentType}`),
    },
    {
      key: 'period',
      label: t('slipsAdmin.columns.period'),
      className: 'orders-num',
      render: (s) => s.period ?? t('slipsAdmin.none'),
    },
    {
      key: 'net',
      label: t('slipsAdmin.columns.net'),
      className: 'orders-num table__nowrap',
      render: (s) => formatTHB(s.net),
    },
    {
      key: 'amount',
      label: t('slipsAdmin.columns.amount'),
      className: 'orders-num table__nowrap',
      render: (s) => formatTHB(s.amount),
    },
    {
      key: 'paidAt',
      label: t('slipsAdmin.columns.paidAt'),
      className: 'table__nowrap',
      render: (s) => `${formatDay(s.paymentDate, language)} ${s.paymentTime}`,
    },
    ...(status === 'wait'
      ? [
          {
            key: 'actions',
            label: t('slipsAdmin.columns.actions'),
            hideLabel: true,
            className: 'table__actions',
            render: (s: AdminSlipRow) => (
              <span className="slip-actions">
                <Button
                  size="sm"
                  onClick={() => {
                    approve.reset();
                    setApproving(s);
                  }}
                  aria-label={t('slipsAdmin.approveOf', { reference: s.reference })}
                  data-testid="slip-approve"
                >
                  {t('slipsAdmin.approve')}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => setRejecting(s)}
                  aria-label={t('slipsAdmin.rejectOf', { reference: s.reference })}
                  data-testid="slip-reject"
                >
                  {t('slipsAdmin.reject')}
                </Button>
              </span>
            ),
          } satisfies Column<AdminSlipRow>,
        ]
      : [
          {
            key: 'reviewed',
            label: t('slipsAdmin.columns.reviewed'),
            render: (s: AdminSlipRow) => (
              <span className="slip-review">
                {s.reviewedAt && (
                  <span className="table__nowrap">{formatDateTime(s.reviewedAt, language)}</span>
                )}
                {/* the reviewer's name as kept at review time; slips reviewed before that show the id */}
                {(s.reviewedByName ?? s.reviewedBy) && (
                  <span data-testid="slip-reviewer">{s.reviewedByName ?? s.reviewedBy}</span>
                )}
                {s.note && <span data-testid="slip-note">{s.note}</span>}
              </span>
            ),
          } satisfies Column<AdminSlipRow>,
        ]),
  ];

  return (
    <>
      {slips.isError && <Alert>{problemText(slips.error, language)}</Alert>}
      {slips.isPending && !slips.isError && <Spinner label={t('admin.loading')} />}
      {slips.data && slips.data.items.length === 0 && (
        <p data-testid="slips-empty">{t(`slipsAdmin.empty.${status}`)}</p>
      )}
      {slips.data && slips.data.items.length > 0 && (
        <DataTable
          columns={columns}
          rows={slips.data.items}
          rowKey={(s) => s.id}
          testId="slips-table"
          rowTestId={(s) => `slip-row-${s.reference}`}
        />
      )}
      {slips.data && (
        <Pager page={page} pageSize={SLIPS_PAGE_SIZE} total={slips.data.total} onPage={setPage} />
      )}
      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(open) => !open && setApproving(null)}
        title={t('slipsAdmin.approveTitle', { reference: approving?.reference ?? '' })}
        description={t('slipsAdmin.approveText', { amount: formatTHB(approving?.amount ?? 0) })}
        confirmLabel={t('slipsAdmin.approve')}
        cancelLabel={t('slipsAdmin.cancel')}
        pending={approve.isPending}
        onConfirm={() => approving && approve.mutate(approving.id, { onSuccess: () => setApproving(null) })}
      >
        {approve.isError && <Alert>{problemText(approve.error, language)}</Alert>}
      </ConfirmDialog>
      {rejecting && <SlipRejectDialog slip={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}
