import type { TFunction } from 'i18next';

/** Watch time for people: "45 วินาที" under a minute, "12 นาที" under an hour, else "1 ชม. 05 นาที". */
export function formatWatch(seconds: number, t: TFunction): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return t('watch.duration.seconds', { count: s });
  if (s < 3600) return t('watch.duration.minutes', { count: Math.floor(s / 60) });
  return t('watch.duration.hours', {
    hours: Math.floor(s / 3600),
    minutes: String(Math.floor((s % 3600) / 60)).padStart(2, '0'),
  });
}
