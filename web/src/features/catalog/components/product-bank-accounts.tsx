import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductBankAccounts } from '../api/get-product-bank-accounts';
import { mediaUrl } from '../lib/media';
import '../i18n';

/**
 * Where a buyer of this product may transfer (spec 02 §3 book bank, per-product limits applied by
 * catalog). With none set, `whenNone` (checkout's "staff have not set one"), else nothing.
 */
export function ProductBankAccounts({ productId, whenNone }: { productId: string; whenNone?: ReactNode }) {
  const { t } = useTranslation();
  const accounts = useProductBankAccounts(productId);
  const items = accounts.data?.items ?? [];
  if (items.length === 0) return accounts.isSuccess ? (whenNone ?? null) : null;
  return (
    <section className="product-section" aria-labelledby="product-bank-title">
      <h2 className="product-section__title" id="product-bank-title">
        {t('shop.product.bankTitle')}
      </h2>
      <p className="product-section__lead">{t('shop.product.bankLead')}</p>
      <ul className="bank-list">
        {items.map((account) => {
          const icon = mediaUrl('bank', account.icon);
          const image = mediaUrl('bank', account.image);
          return (
            <li key={account.id} className="bank-card" data-testid="bank-account">
              {icon ? (
                <img className="bank-card__icon" src={icon} alt="" loading="lazy" />
              ) : (
                <span className="bank-card__icon bank-card__icon--empty" aria-hidden="true">
                  ฿
                </span>
              )}
              <dl className="bank-card__facts">
                <div>
                  <dt className="sr-only">{t('shop.product.bankName')}</dt>
                  <dd className="bank-card__bank">{account.bankName}</dd>
                </div>
                <div>
                  <dt>{t('shop.product.accountNumber')}</dt>
                  <dd className="bank-card__account">{account.account}</dd>
                </div>
                {account.accountName && (
                  <div>
                    <dt>{t('shop.product.accountName')}</dt>
                    <dd>{account.accountName}</dd>
                  </div>
                )}
                {account.type && (
                  <div>
                    <dt>{t('shop.product.accountType')}</dt>
                    <dd>{account.type}</dd>
                  </div>
                )}
              </dl>
              {image && (
                <img
                  className="bank-card__image"
                  src={image}
                  alt={t('shop.product.bankImage', { bank: account.bankName })}
                  loading="lazy"
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
