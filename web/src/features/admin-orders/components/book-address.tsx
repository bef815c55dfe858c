import { useTranslation } from 'react-i18next';
import type { BookAddress } from '@rian/proto-contracts/orders-admin';

/** Where the order's book goes, as the member gave it in the member area (issue 17); or "not given". */
export function BookAddressText({ address, testId }: { address: BookAddress | null; testId: string }) {
  const { t } = useTranslation();
  if (!address) {
    return (
      <span className="table__sub" data-testid={testId}>
        {t('ordersAdmin.bookAddress.none')}
      </span>
    );
  }
  return (
    <span className="table__sub order-book-address" data-testid={testId}>
      {address.fullname} · {address.tel}
      <br />
      {address.addressText} {address.zip}
      {address.note && (
        <>
          <br />
          {t('ordersAdmin.bookAddress.note', { note: address.note })}
        </>
      )}
    </span>
  );
}
