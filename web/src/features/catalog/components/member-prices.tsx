import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatTHB } from '@/lib/format';
import { useAuthStore } from '@/stores/auth-store';
import type { Price, PriceLookup } from '@/types/api';
import { useProductPrices } from '../api/get-product-prices';
import { PRICE_TYPE_LABEL, priceDateRange, type DateRange } from '../lib/price-format';
import '../i18n';

/**
 * The member's prices for a product (spec 02 §4): anonymous → a prompt to log in; signed in → the
 * packages of today allowed for their membership codes, the preselected one chosen, or a note that
 * none is for them. `onChange` hears the chosen price (null: none).
 */
export function MemberPrices({
  productId,
  onLogin,
  onChange,
}: {
  productId: string;
  onLogin: () => void;
  onChange?: (price: Price | null) => void;
}) {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => Boolean(s.token));
  const prices = useProductPrices(productId);

  let body;
  if (!signedIn) {
    body = (
      <div className="member-prices__prompt" data-testid="member-prices-login-prompt">
        <p>{t('shop.prices.loginPrompt')}</p>
        <Button variant="secondary" size="sm" onClick={onLogin} data-testid="member-prices-login">
          {t('shop.prices.login')}
        </Button>
      </div>
    );
  } else if (prices.isPending) {
    body = <Spinner label={t('shop.prices.loading')} />;
  } else if (prices.isError) {
    body = (
      <div className="grid-status">
        <Alert>{t('shop.prices.error')}</Alert>
        <Button variant="secondary" size="sm" onClick={() => void prices.refetch()}>
          {t('shop.retry')}
        </Button>
      </div>
    );
  } else if (prices.data.items.length === 0) {
    body = (
      <p className="member-prices__none" data-testid="member-prices-none">
        {t('shop.prices.none')}
      </p>
    );
  } else {
    // a new answer (another member, another day) starts from its own preselection
    body = <PriceChoices key={prices.dataUpdatedAt} lookup={prices.data} onChange={onChange} />;
  }

  return (
    <section className="member-prices" aria-labelledby="member-prices-title" data-testid="member-prices">
      <h2 className="member-prices__title" id="member-prices-title">
        {t('shop.prices.title')}
      </h2>
      {body}
    </section>
  );
}

function PriceChoices({
  lookup,
  onChange,
}: {
  lookup: PriceLookup;
  onChange?: (price: Price | null) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const preselected = lookup.items.find((p) => p.id === lookup.preselectedPriceId) ?? lookup.items[0] ?? null;
  const [chosen, setChosen] = useState(preselected?.id ?? null);
  // the page's buy-now starts from the preselected price (pass a stable onChange, e.g. a state setter)
  useEffect(() => {
    onChange?.(preselected);
    return () => onChange?.(null);
  }, [preselected, onChange]);
  return (
    <fieldset className="price-options">
      <legend className="sr-only">{t('shop.prices.choose')}</legend>
      {lookup.items.map((price) => {
        const checked = price.id === chosen;
        return (
          <label
            key={price.id}
            className={checked ? 'price-option is-chosen' : 'price-option'}
            data-testid="member-price"
            data-price-id={price.id}
            data-preselected={price.id === preselected?.id ? 'true' : undefined}
          >
            <input
              type="radio"
              name={name}
              value={price.id}
              checked={checked}
              onChange={() => {
                setChosen(price.id);
                onChange?.(price);
              }}
            />
            <span className="price-option__body">
              <span className="price-option__head">
                <span className={`price-type price-type--${price.type}`}>
                  {t(PRICE_TYPE_LABEL[price.type])}
                </span>
                {price.id === preselected?.id && (
                  <span className="price-option__badge">{t('shop.prices.preselected')}</span>
                )}
              </span>
              <span className="price-option__title">{price.title}</span>
              <span className="price-option__value">{formatTHB(price.value)}</span>
              <DateRangeText range={priceDateRange(price.start, price.to)} />
              <FeeLabel waived={price.fee === 'Y'} />
              {price.detail && <span className="price-option__detail">{price.detail}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

export function DateRangeText({ range }: { range: DateRange | null }) {
  const { t } = useTranslation();
  if (!range) return null;
  const text =
    range.kind === 'between'
      ? t('shop.prices.between', { start: range.start, end: range.end })
      : range.kind === 'from'
        ? t('shop.prices.from', { start: range.start })
        : t('shop.prices.until', { end: range.end });
  return (
    <span className="price-option__dates" data-testid="price-dates">
      {text}
    </span>
  );
}

/** Spec 02 §9: the card-fee label is struck through when the price waives the fee (fee flag Y). */
export function FeeLabel({ waived }: { waived: boolean }) {
  const { t } = useTranslation();
  if (!waived) return <span className="price-option__fee">{t('shop.prices.fee')}</span>;
  return (
    <span className="price-option__fee is-waived" data-testid="fee-waived">
      <s>{t('shop.prices.fee')}</s> <span className="price-option__free">{t('shop.prices.feeWaived')}</span>
    </span>
  );
}
