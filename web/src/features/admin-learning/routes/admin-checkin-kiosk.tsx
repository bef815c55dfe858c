import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDay } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useKiosk } from '../api/checkins';
import '../checkin-kiosk.css';
import '../i18n';
import '../i18n-checkin';

/** The QR of a link as an SVG data URL; `qrcode` loads with this page only. */
async function qrImage(url: string): Promise<string> {
  const QR = await import('qrcode');
  const svg = await QR.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Whole seconds until `changesAt` by the server's clock, ticking every quarter second. */
function useCountdown(changesAt: string | undefined, skewMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (!changesAt) return 0;
  return Math.max(0, Math.ceil((Date.parse(changesAt) - (now + skewMs)) / 1000));
}

/**
 * /admin/userChecking/kiosk/:sessionId — the screen in the room: a full-screen QR of the link a
 * phone opens (<SITE_URL>/checkIn?s=…&c=…), read again when the code changes (every 30 s) with a
 * countdown, and the 6-digit code large for those who type it.
 */
export function AdminCheckinKioskRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const { sessionId = '' } = useParams();
  const kiosk = useKiosk(sessionId);
  const k = kiosk.data;
  const [qr, setQr] = useState<{ url: string; image: string } | null>(null);
  const skew = useRef(0);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (k) skew.current = Date.parse(k.serverTime) - kiosk.dataUpdatedAt;
  }, [k, kiosk.dataUpdatedAt]);
  useEffect(() => {
    if (!k) return;
    let live = true;
    void qrImage(k.url).then((image) => live && setQr({ url: k.url, image }));
    return () => {
      live = false;
    };
  }, [k]);
  const seconds = useCountdown(k?.changesAt, skew.current);
  const site = k ? new URL(k.url).origin : '';

  return (
    <div className="checkin-kiosk" ref={root} data-testid="checkin-kiosk">
      <header className="checkin-kiosk__bar">
        <Link
          to={`/admin/userChecking?session=${encodeURIComponent(sessionId)}`}
          className={buttonClass('ghost', 'sm')}
        >
          {t('checkinAdmin.kioskExit')}
        </Link>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void root.current?.requestFullscreen?.().catch(() => undefined)}
        >
          {t('checkinAdmin.kioskFullscreen')}
        </Button>
      </header>
      {kiosk.isError ? (
        <Alert>{problemText(kiosk.error, language)}</Alert>
      ) : !k ? (
        <Spinner label={t('checkinAdmin.loading')} />
      ) : (
        <main className="checkin-kiosk__main">
          <div className="checkin-kiosk__head">
            <h1 className="checkin-kiosk__title">{k.title}</h1>
            <p className="checkin-kiosk__when">
              {formatDay(k.date, language)}
              {k.start && ` · ${k.start}${k.to ? `–${k.to}` : ''}`}
            </p>
            {!k.open && (
              <Alert tone="info">
                <span data-testid="kiosk-closed">{t('checkinAdmin.kioskClosed')}</span>
              </Alert>
            )}
          </div>
          <div className="checkin-kiosk__body">
            <section className="checkin-kiosk__panel" aria-label={t('checkinAdmin.kioskScan')}>
              <p className="checkin-kiosk__scan">{t('checkinAdmin.kioskScan')}</p>
              <div className="checkin-kiosk__qr">
                {qr?.url === k.url ? (
                  <img
                    src={qr.image}
                    alt={t('checkinAdmin.kioskQrAlt', { title: k.title })}
                    data-testid="kiosk-qr"
                    data-url={k.url}
                    data-step={k.step}
                  />
                ) : (
                  <Spinner label={t('checkinAdmin.loading')} />
                )}
              </div>
            </section>
            <section className="checkin-kiosk__panel" aria-label={t('checkinAdmin.kioskOrType', { site })}>
              <p className="checkin-kiosk__or">{t('checkinAdmin.kioskOrType', { site })}</p>
              <p
                className="checkin-kiosk__code"
                data-testid="kiosk-typed-code"
                aria-label={k.typedCode.split('').join(' ')}
              >
                {k.typedCode.slice(0, 3)} {k.typedCode.slice(3)}
              </p>
              <p className="checkin-kiosk__countdown" aria-live="off" data-testid="kiosk-countdown">
                {t('checkinAdmin.kioskChanges', { seconds })}
              </p>
              <progress
                className="checkin-kiosk__progress"
                max={k.periodSeconds}
                value={seconds}
                aria-hidden="true"
              />
              <p className="checkin-kiosk__count" data-testid="kiosk-count" aria-live="polite">
                {t('checkinAdmin.checkedIn', { count: k.checkedIn })}
              </p>
            </section>
          </div>
        </main>
      )}
    </div>
  );
}
