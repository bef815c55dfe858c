import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';

/** One end of a coupon's window: "1 มี.ค. 2026 09:00"; an open end shows as "…". */
function End({ day, time }: { day: string | null; time: string | null }) {
  const language = useLanguageStore((s) => s.language);
  if (!day) return <>…</>;
  return (
    <>
      {formatDay(day, language)}
      {time && <> {time}</>}
    </>
  );
}

/** When a coupon can be used (Asia/Bangkok days and times, as stored): start – end. */
export function CouponWindow({
  start,
  startTime,
  to,
  toTime,
}: {
  start: string | null;
  startTime: string | null;
  to: string | null;
  toTime: string | null;
}) {
  const { t } = useTranslation();
  if (!start && !to) return <>{t('couponAdmin.noWindow')}</>;
  return (
    <>
      {/* a narrow column breaks between the two ends, never inside one */}
      <span className="table__nowrap">
        <End day={start} time={startTime} /> –
      </span>{' '}
      <span className="table__nowrap">
        <End day={to} time={toTime} />
      </span>
    </>
  );
}
