import { useTranslation } from 'react-i18next';
import type { VideoStaff } from '@rian/proto-contracts/learning-content';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useVideoAudience } from '../api/video-audience';
import { formatDuration } from '../lib/format-duration';
import '../i18n-watch';

/**
 * A video's audience (issue 14): viewers, who finished it, total watch time, average coverage, and
 * how many viewers reached each twentieth of the video — the drop-off, as plain bars (no chart
 * library for twenty numbers), each with its figure for screen readers.
 */
export function VideoAudienceDialog({ video, onClose }: { video: VideoStaff; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const audience = useVideoAudience(video.id);
  const a = audience.data;
  const top = a ? Math.max(1, ...a.dropOff) : 1;
  const step = a && a.dropOff.length > 0 ? 100 / a.dropOff.length : 5;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('watchAdmin.audience.title', { name: video.name })}
        description={t('watchAdmin.audience.description')}
        closeLabel={t('watchAdmin.audience.close')}
        className="dialog--wide"
        data-testid="video-audience"
      >
        {audience.isPending && <Spinner label={t('watchAdmin.member.loading')} />}
        {audience.isError && <Alert>{problemText(audience.error, language)}</Alert>}
        {a && a.viewers === 0 && <p data-testid="audience-none">{t('watchAdmin.audience.none')}</p>}
        {a && a.viewers > 0 && (
          <>
            <dl className="audience-figures">
              <div>
                <dt>{t('watchAdmin.audience.viewers')}</dt>
                <dd data-testid="audience-viewers">{a.viewers}</dd>
              </div>
              <div>
                <dt>{t('watchAdmin.audience.ended')}</dt>
                <dd data-testid="audience-ended">{a.endedViewers}</dd>
              </div>
              <div>
                <dt>{t('watchAdmin.audience.total')}</dt>
                <dd>{formatDuration(a.totalSeconds)}</dd>
              </div>
              <div>
                <dt>{t('watchAdmin.audience.coverage')}</dt>
                <dd data-testid="audience-coverage">
                  {a.averageCoverage === null ? '–' : `${Math.round(a.averageCoverage * 100)}%`}
                </dd>
              </div>
            </dl>
            <h3 className="audience-title" id="audience-dropoff">
              {t('watchAdmin.audience.dropOff')}
            </h3>
            <ol className="audience-bars" aria-labelledby="audience-dropoff" data-testid="audience-dropoff">
              {a.dropOff.map((count, i) => {
                const range = { from: Math.round(i * step), to: Math.round((i + 1) * step) };
                return (
                  <li key={i} className="audience-bars__item">
                    <span
                      className="audience-bars__bar"
                      style={{ height: `${(count / top) * 100}%` }}
                      aria-hidden="true"
                    />
                    <span className="sr-only">
                      {t('watchAdmin.audience.segmentValue', { ...range, count })}
                    </span>
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
