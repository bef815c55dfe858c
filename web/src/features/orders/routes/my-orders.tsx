import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { problemText } from '@/lib/problem-text';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import { MY_ORDERS_PAGE_SIZE, useMyOrders } from '../api/get-my-orders';
import { OrderCard } from '../components/order-card';
import '../orders.css';
import '../i18n';

/**
 * /orders — the signed-in member's own orders, newest first (spec 02 §6 "list own orders, view
 * instalments"). A visitor is asked to log in (`onLogin` opens the login dialog; the app wires it).
 */
export function MyOrdersRoute({ onLogin }: { onLogin: () => void }) {
  const { t } = useTranslation();
  const ready = useAuthStore((s) => s.ready);
  const token = useAuthStore((s) => s.token);
  return (
    <main className="page my-orders-page" id="main">
      <header className="my-orders-head">
        <h1 className="my-orders-head__title">{t('myOrders.title')}</h1>
        {token && <p className="my-orders-head__lead">{t('myOrders.lead')}</p>}
      </header>
      {!ready && !token ? (
        <Spinner label={t('myOrders.checking')} />
      ) : !token ? (
        <section className="card my-orders-signin" data-testid="my-orders-sign-in">
          <h2 className="card__title">{t('myOrders.signInTitle')}</h2>
          <p className="card__text">{t('myOrders.signInText')}</p>
          <Button onClick={onLogin} data-testid="my-orders-login">
            {t('myOrders.signIn')}
          </Button>
        </section>
      ) : (
        <MyOrderList />
      )}
    </main>
  );
}

function MyOrderList() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [page, setPage] = useState(1);
  const orders = useMyOrders(page);
  if (orders.isPending) return <Spinner label={t('myOrders.loading')} />;
  if (orders.isError) {
    return (
      <div className="grid-status">
        <Alert>{problemText(orders.error, language)}</Alert>
        <Button variant="secondary" onClick={() => void orders.refetch()}>
          {t('myOrders.retry')}
        </Button>
      </div>
    );
  }
  if (orders.data.items.length === 0) {
    return (
      <div className="card my-orders-empty" data-testid="my-orders-empty">
        <p className="card__text">{t('myOrders.empty')}</p>
        <Link className="btn btn--primary btn--md" to="/productAll">
          {t('myOrders.toShop')}
        </Link>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(orders.data.total / MY_ORDERS_PAGE_SIZE));
  return (
    <>
      <ul className="my-orders" data-testid="my-orders">
        {orders.data.items.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </ul>
      {pages > 1 && (
        <nav className="order-pager" aria-label={t('myOrders.title')}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('myOrders.prev')}
          </Button>
          <span>{t('myOrders.page', { page, pages })}</span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('myOrders.next')}
          </Button>
        </nav>
      )}
    </>
  );
}
