import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PayView } from '@rian/proto-contracts/payments';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatTHB } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { usePayView } from '../api/pay';
import '../pay.css';
import '../i18n';

/**
 * The frame of the three payment pages: the order's reference and the amount due (from the public
 * read by ref), then the page's own way to pay — or, back from the provider (`?back=1`) or once
 * paid, the wait for the result and the button that completes the order (spec 02 §4 "Card").
 */
export function PayPage({
  title,
  children,
}: {
  title: string;
  children: (view: PayView, ref: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const { ref = '' } = useParams();
  const [search] = useSearchParams();
  const back = search.get('back') === '1';
  const view = usePayView(ref, { poll: back });
  return (
    <main className="page pay-page" id="main">
      <section className="card pay-card" aria-labelledby="pay-title">
        <h1 className="pay-card__title" id="pay-title">
          {title}
        </h1>
        {view.isPending ? (
          <Spinner label={t('pay.loading')} />
        ) : view.isError ? (
          <>
            <Alert>{problemText(view.error, language)}</Alert>
            <p className="pay-card__actions">
              <Link to="/orders">{t('pay.toOrders')}</Link>
            </p>
          </>
        ) : (
          <>
            <dl className="pay-summary" data-testid="pay-summary">
              <div>
                <dt>{t('pay.reference')}</dt>
                <dd data-testid="pay-reference">{view.data.reference}</dd>
              </div>
              {view.data.period !== null && (
                <div>
                  <dt>{t('pay.period')}</dt>
                  <dd>{view.data.period}</dd>
                </div>
              )}
              <div>
                <dt>{t('pay.amount')}</dt>
                <dd className="pay-summary__amount" data-testid="pay-amount">
                  {formatTHB(view.data.amount)}
                </dd>
              </div>
            </dl>
            {view.data.status === 'finish' ? (
              <Completed />
            ) : view.data.status === 'not' ? (
              <Alert>{t('pay.cancelled')}</Alert>
            ) : back ? (
              <div className="pay-waiting" data-testid="pay-waiting">
                <Spinner label={t('pay.waiting')} />
                <p aria-live="polite">{t('pay.waiting')}</p>
                <p className="pay-card__hint">{t('pay.waitingHint')}</p>
              </div>
            ) : (
              children(view.data, ref)
            )}
          </>
        )}
      </section>
    </main>
  );
}

/** Paid: the member presses the return button to complete the order (it goes to their orders). */
function Completed() {
  const { t } = useTranslation();
  return (
    <div className="pay-done" data-testid="pay-done">
      <Alert tone="success">{t('pay.paid')}</Alert>
      <p>{t('pay.pressReturn')}</p>
      <Button asChild size="lg">
        <Link to="/orders" data-testid="pay-return">
          {t('pay.return')}
        </Link>
      </Button>
    </div>
  );
}
