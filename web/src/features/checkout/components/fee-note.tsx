import { useTranslation } from 'react-i18next';

/** Spec 02 §9: the card-fee label, struck through when the price waives the fee (fee flag Y). */
export function FeeNote({ waived }: { waived: boolean }) {
  const { t } = useTranslation();
  if (!waived) return <span className="checkout-fee">{t('checkout.pay.fee')}</span>;
  return (
    <span className="checkout-fee is-waived" data-testid="checkout-fee-waived">
      <s>{t('checkout.pay.fee')}</s> <span className="checkout-fee__free">{t('checkout.pay.feeWaived')}</span>
    </span>
  );
}
