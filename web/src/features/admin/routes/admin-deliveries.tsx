import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useDeliveries } from '../api/get-deliveries';
import { useResendDelivery } from '../api/resend-delivery';
import { Pager } from '@/components/ui/pager';
import '../i18n';

const PAGE_SIZE = 20;

/** /admin/deliveries — the e-mail and chat delivery log (issue 2), inside the admin layout. */
export function AdminDeliveriesRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [filter, setFilter] = useState('');
  const [typeFilter, setTypeFilter] = useState('');
  const [to, setTo] = useState('');
  const [template, setTemplate] = useState('');
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries({ to, template, page, pageSize: PAGE_SIZE });
  const resend = useResendDelivery();

  function onFilter(event: FormEvent) {
    event.preventDefault();
    setTo(filter.trim());
    setTemplate(typeFilter.trim());
    setPage(1);
  }

  return (
    <>
      <h1 className="admin__heading">{t('admin.deliveriesTitle')}</h1>
      <p>
        <Link to="/admin/templates">{t('admin.templatesLink')}</Link>
      </p>
      <form className="admin-filter" onSubmit={onFilter} noValidate>
        <TextField
          label={t('admin.filterTo')}
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <TextField
          label={t('admin.filterType')}
          type="search"
          value={typeFilter}
          onChange={(e) => setTypeFilter(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('admin.filter')}
        </Button>
        <Button variant="ghost" onClick={() => void deliveries.refetch()} loading={deliveries.isFetching}>
          {t('admin.refresh')}
        </Button>
      </form>
      {deliveries.isError && <Alert>{problemText(deliveries.error, language)}</Alert>}
      {resend.isError && <Alert>{problemText(resend.error, language)}</Alert>}
      {resend.isSuccess && <p role="status">{t('admin.resendDone')}</p>}
      {deliveries.isPending && !deliveries.isError && <Spinner label={t('admin.loading')} />}
      {deliveries.data && deliveries.data.items.length === 0 && <p>{t('admin.empty')}</p>}
      {deliveries.data && deliveries.data.items.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('admin.columns.createdAt')}</th>
                <th scope="col">{t('admin.columns.channel')}</th>
                <th scope="col">{t('admin.columns.to')}</th>
                <th scope="col">{t('admin.columns.subject')}</th>
                <th scope="col">{t('admin.columns.status')}</th>
                <th scope="col">{t('admin.columns.text')}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.items.map((d) => (
                <tr key={d.id}>
                  <td>{formatDateTime(d.createdAt, language)}</td>
                  <td>{d.channel}</td>
                  <td>{d.to}</td>
                  <td>{d.subject}</td>
                  <td>
                    <span className={`badge badge--${d.status}`}>{d.status}</span>
                    {d.error && <span className="table__error">{d.error}</span>}
                    {(d.resentCount ?? 0) > 0 && <span>{t('admin.resent', { count: d.resentCount })}</span>}
                    {d.status === 'failed' && (
                      <Button
                        variant="secondary"
                        aria-label={t('admin.resendLabel', { to: d.to })}
                        loading={resend.isPending && resend.variables === d.id}
                        onClick={() => resend.mutate(d.id)}
                      >
                        {t('admin.resend')}
                      </Button>
                    )}
                  </td>
                  <td className="table__text">{d.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deliveries.data && (
        <Pager page={page} pageSize={PAGE_SIZE} total={deliveries.data.total} onPage={setPage} />
      )}
    </>
  );
}
