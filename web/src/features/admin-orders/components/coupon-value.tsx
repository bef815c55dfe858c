import { useTranslation } from 'react-i18next';
import type { CouponView } from '@rian/proto-contracts/coupons';
import { formatTHB } from '@/lib/format';

const points = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** What a coupon gives: "ลด ฿500.00", "ลด 10%", "50 Point", "จ่าย ฿990.00" or the whole price. */
export function CouponValue({
  coupon,
}: {
  coupon: Pick<CouponView, 'type' | 'price' | 'percent' | 'point' | 'pay'>;
}) {
  const { t } = useTranslation();
  switch (coupon.type) {
    case 'All':
      return <>{t('couponAdmin.values.All')}</>;
    case 'Price':
      return <>{t('couponAdmin.values.Price', { amount: formatTHB(coupon.price ?? 0) })}</>;
    case 'Percent':
      return <>{t('couponAdmin.values.Percent', { percent: coupon.percent ?? 0 })}</>;
    case 'Point':
      return <>{t('couponAdmin.values.Point', { points: points.format(coupon.point ?? 0) })}</>;
    case 'Pay':
      return <>{t('couponAdmin.values.Pay', { amount: formatTHB(coupon.pay ?? 0) })}</>;
  }
}
