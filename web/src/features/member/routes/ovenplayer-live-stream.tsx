import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useLiveStreams, useLiveWatch } from '../api/live';
import { LiveStage } from '../components/live/live-stage';
import { MemberOnly } from './member-area';
import { pickStream } from './member-live';
import '../i18n';
import '../i18n-live';
import './member-lesson.css';
import './member-live.css';

function Player() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const streams = useLiveStreams(!id);
  const streamId = id ?? pickStream(false, null, streams.data?.items);
  const watch = useLiveWatch(streamId ?? undefined);
  if (isApiError(watch.error) && watch.error.status === 404) return <Navigate to="/member" replace />;
  return (
    <main className="live-standalone" id="main" data-testid="ovenplayer-live-stream">
      <h1 className="live-standalone__title">{watch.data?.stream.name ?? t('member.live.standalone')}</h1>
      {streamId === null ? (
        <p>
          {t('member.live.none')} <Link to="/member">{t('member.live.back')}</Link>
        </p>
      ) : watch.data ? (
        <LiveStage watch={watch.data} trade={watch.data.stream.kind === 'trade'} />
      ) : (
        <Spinner label={t('member.live.loading')} />
      )}
    </main>
  );
}

/**
 * /ovenplayerLiveStream (spec 01 §2): the stand-alone live player — only the video, full width,
 * for a second screen. Enrolled Premium members only (the member area's gate; a stream the member
 * may not watch answers 404 and sends them to /member). `?id=` names the stream; without it, the
 * first the member may watch now.
 */
export function OvenPlayerLiveStreamRoute() {
  return <MemberOnly>{() => <Player />}</MemberOnly>;
}
