import { formatDay } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';

/** "1 มี.ค. 2026 – 31 มี.ค. 2026" (day-month-year); an open end shows as "…". */
export function DateRange({ start, to }: { start: string | null; to: string | null }) {
  const language = useLanguageStore((s) => s.language);
  if (!start && !to) return <>–</>;
  return (
    <>
      {/* a narrow column breaks between the two days, never inside one */}
      <span className="table__nowrap">{start ? formatDay(start, language) : '…'} –</span>{' '}
      <span className="table__nowrap">{to ? formatDay(to, language) : '…'}</span>
    </>
  );
}
