import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A thin bar while a route chunk loads; shown only after 200 ms so quick moves do not flash. */
export function RouteProgress() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 200);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!visible) return null;
  return (
    <div className="route-progress" role="progressbar" aria-label={t('nav.loading')}>
      <span />
    </div>
  );
}
