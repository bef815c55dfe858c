import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatDay, formatTHB } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { installmentState, type Installment } from './order-labels';
import './i18n';
import './order-view.css';

/** spec 02 §9: the instalment table shows 50 rows a page */
export const INSTALLMENTS_PAGE_SIZE = 50;

/**
 * An order's instalment schedule (spec 02 §2): period, due date (day-month-year), amount, status in
 * words; `action` adds a last column (the member's pay button). Rows are `installment-row-<period>`.
 */
export function InstallmentSchedule({
  installments,
  action,
  titleId,
}: {
  installments: readonly Installment[];
  /** the row, its index in the whole schedule and the whole schedule (the pay rule reads them all) */
  action?: (row: Installment, index: number, all: readonly Installment[]) => ReactNode;
  /** id of the heading that names the table */
  titleId?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [page, setPage] = useState(1);
  if (installments.length === 0) return <p className="order-muted">{t('orderView.installments.none')}</p>;
  const rows = [...installments].sort((a, b) => a.period - b.period);
  const pages = Math.ceil(rows.length / INSTALLMENTS_PAGE_SIZE);
  const current = Math.min(page, pages);
  const first = (current - 1) * INSTALLMENTS_PAGE_SIZE;
  return (
    <>
      <div className="order-table-wrap">
        <table className="order-table" aria-labelledby={titleId} data-testid="installments">
          <thead>
            <tr>
              <th scope="col">{t('orderView.installments.period')}</th>
              <th scope="col">{t('orderView.installments.dueDate')}</th>
              <th scope="col" className="order-table__num">
                {t('orderView.installments.amount')}
              </th>
              <th scope="col">{t('orderView.installments.status')}</th>
              {action && <th scope="col">{t('orderView.installments.action')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.slice(first, first + INSTALLMENTS_PAGE_SIZE).map((row, i) => {
              const state = installmentState(row.status);
              return (
                <tr key={row.period} data-testid={`installment-row-${row.period}`}>
                  <th scope="row">{row.period}</th>
                  <td className="order-table__nowrap">{formatDay(row.dueDate, language)}</td>
                  <td className="order-table__num">{formatTHB(row.amount)}</td>
                  <td>
                    <span className={`order-badge order-badge--${state}`} data-testid="installment-status">
                      {t(`orderView.installments.states.${state}`)}
                    </span>
                  </td>
                  {action && <td>{action(row, first + i, rows)}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <div className="order-pager">
          <Button variant="secondary" size="sm" disabled={current <= 1} onClick={() => setPage(current - 1)}>
            {t('orderView.installments.prev')}
          </Button>
          <span>{t('orderView.installments.page', { page: current, pages })}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={current >= pages}
            onClick={() => setPage(current + 1)}
          >
            {t('orderView.installments.next')}
          </Button>
        </div>
      )}
    </>
  );
}
