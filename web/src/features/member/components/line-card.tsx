import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { formatDateTime } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { lineResultOf, startLineLink, useLineLink, useUnlinkLine } from '../api/line-link';
import '../i18n-line';

/** Sends the browser to LINE's page (kept apart so tests can watch it). */
export const goTo = { url: (url: string) => window.location.assign(url) };

/**
 * The member area's LINE card (issue 20): hidden when the site has no LINE Login channel (or the
 * read fails); "Connect LINE" goes to LINE and comes back to /member/line/callback; a linked
 * account shows "Connected" and can be disconnected (asked first).
 */
export function LineCard() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const location = useLocation();
  const link = useLineLink();
  const unlink = useUnlinkLine();
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const [asking, setAsking] = useState(false);
  const [unlinked, setUnlinked] = useState(false);
  const result = lineResultOf(location.state);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = Boolean(link.data?.configured);

  // back from LINE: the card (and its message) is where the member's eyes and focus go
  useEffect(() => {
    if (!result || !shown || !heading.current) return;
    heading.current.scrollIntoView?.({ block: 'center' });
    heading.current.focus();
  }, [result, shown]);

  if (!link.data?.configured) return null;
  const view = link.data;

  async function connect() {
    setStarting(true);
    setStartError(null);
    setUnlinked(false);
    try {
      goTo.url((await startLineLink()).authorizeUrl);
    } catch (error) {
      setStartError(error);
      setStarting(false);
    }
  }

  return (
    <section className="card" data-testid="line-card" aria-labelledby="line-card-title">
      <h2 className="card__title" id="line-card-title" ref={heading} tabIndex={-1}>
        {t('member.line.title')}
      </h2>
      {result?.kind === 'linked' && view.linked && !unlinked && (
        <Alert tone="success">{t('member.line.done')}</Alert>
      )}
      {result?.kind === 'cancelled' && !view.linked && (
        <Alert tone="info">{t('member.line.cancelled')}</Alert>
      )}
      {result?.kind === 'failed' && !view.linked && (
        <Alert>{result.messages?.[language] ?? result.detail}</Alert>
      )}
      {unlinked && !view.linked && <Alert tone="success">{t('member.line.unlinked')}</Alert>}
      {startError !== null && <Alert>{problemText(startError, language)}</Alert>}
      {view.linked ? (
        <>
          <p className="card__text" data-testid="line-status">
            {view.displayName
              ? t('member.line.linkedAs', { name: view.displayName })
              : t('member.line.linked')}
          </p>
          {view.linkedAt && (
            <p className="card__text">
              {t('member.line.linkedSince', { day: formatDateTime(view.linkedAt, language) })}
            </p>
          )}
          <Button variant="secondary" size="sm" onClick={() => setAsking(true)} data-testid="line-unlink">
            {t('member.line.unlink')}
          </Button>
        </>
      ) : (
        <>
          <p className="card__text">{t('member.line.notLinked')}</p>
          <Button
            onClick={() => void connect()}
            loading={starting}
            disabled={starting}
            data-testid="line-connect"
          >
            {starting ? t('member.line.connecting') : t('member.line.connect')}
          </Button>
        </>
      )}
      <ConfirmDelete
        target={asking ? view : null}
        title={t('member.line.unlinkTitle')}
        description={() => t('member.line.unlinkText')}
        confirmLabel={t('member.line.unlinkConfirm')}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          await unlink.mutateAsync();
          setUnlinked(true);
        }}
        errorTestId="line-unlink-error"
      />
    </section>
  );
}
