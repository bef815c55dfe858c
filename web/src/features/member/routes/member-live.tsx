import { useEffect } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LiveStreamMember } from '@rian/proto-contracts/learning-live';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useLiveStreams, useLiveWatch } from '../api/live';
import { useLiveFeed } from '../api/live-events';
import { useMemberHome } from '../api/member-home';
import { LiveComments } from '../components/live/live-comments';
import { LiveStage } from '../components/live/live-stage';
import { TradeCalls } from '../components/live/trade-calls';
import '../i18n-live';
import './member-lesson.css';
import './member-live.css';

/**
 * Which stream a live page shows: the one in the address; else, for live trade, the first trade
 * stream the member may watch now; for live streaming, the stream of the live session around now,
 * else the first (non-trade) stream the member may watch now. Undefined while still unknown, null
 * when there is none.
 */
export function pickStream(
  trade: boolean,
  fromHome: string | null | undefined,
  streams: LiveStreamMember[] | undefined,
): string | null | undefined {
  if (!trade && fromHome) return fromHome;
  if (!streams) return undefined;
  const kind = trade ? 'trade' : 'stream';
  return (streams.find((s) => s.kind === kind) ?? (trade ? undefined : streams[0]))?.id ?? null;
}

/**
 * /member/livestreaming/{id?}, /member/livetrade/{id?} and /member/livetrader/{id?} (spec 01 §2,
 * issue 15; `{id}` is the live stream's id). The video, its title and on-air state, the live
 * comments beside it and, on live trade (and livetrader: the same page), the trade calls pinned
 * beside the video. A stream the member may not watch now answers 404: back to /member.
 */
export function MemberLiveRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const { id } = useParams();
  const { pathname } = useLocation();
  const trade = !pathname.startsWith('/member/livestreaming');
  const home = useMemberHome();
  const fromHome = home.data?.current.live?.liveStream?.id;
  const streams = useLiveStreams(!id && (trade || (home.isSuccess && !fromHome)));
  const streamId = id ?? pickStream(trade, fromHome, streams.data?.items);
  const watch = useLiveWatch(streamId ?? undefined);
  const stream = watch.data?.stream;
  // a trade stream shows its calls wherever it is opened (e.g. from the dashboard's live session)
  const withCalls = trade || stream?.kind === 'trade';
  // opened once the stream is known (its kind decides whether calls are read: no second connection)
  const { feed, connected, fanout } = useLiveFeed(stream ? stream.id : undefined, { withCalls });

  // on air or off: ask learning again (a playback URL comes only while live)
  const onAir = feed.live?.live;
  const refetch = watch.refetch;
  const known = watch.data?.stream.live;
  useEffect(() => {
    if (onAir && known && onAir !== known) void refetch();
  }, [onAir, known, refetch]);

  if (isApiError(watch.error) && watch.error.status === 404) return <Navigate to="/member" replace />;

  if (streamId === null) {
    return (
      <section className="card" data-testid="member-live-none">
        <p className="card__text">{t(trade ? 'member.live.noneTrade' : 'member.live.none')}</p>
        <Link to="/member">{t('member.live.back')}</Link>
      </section>
    );
  }

  const live = (onAir ?? stream?.live) === 'Y';
  const since = feed.live?.liveSince ?? stream?.liveSince ?? null;
  return (
    <div className={`member-live${withCalls ? ' member-live--trade' : ''}`} data-testid="member-live">
      <section className="card member-live__stage" aria-labelledby="live-title">
        {watch.isError && <Alert>{problemText(watch.error, language)}</Alert>}
        {!watch.data && !watch.isError && <Spinner label={t('member.live.loading')} />}
        {watch.data && stream && (
          <>
            <LiveStage watch={watch.data} trade={trade} />
            <div className="member-live__head">
              <h1 className="member-lesson__title" id="live-title" data-testid="live-title">
                {stream.name}
              </h1>
              <span
                className={`live-badge${live ? ' live-badge--on' : ''}`}
                data-testid="live-badge"
                data-live={live ? 'Y' : 'N'}
              >
                {live ? t('member.live.onAir') : t('member.live.offAir')}
              </span>
            </div>
            {live && since && (
              <p className="member-lesson__meta">
                {t('member.live.since', { time: formatDateTime(since, language) })}
              </p>
            )}
            {stream.detail && <p className="member-lesson__detail">{stream.detail}</p>}
          </>
        )}
      </section>
      <div className="member-live__side">
        {withCalls && <TradeCalls calls={feed.calls} />}
        {streamId && (
          <LiveComments
            streamId={streamId}
            comments={feed.comments}
            pinned={feed.pinned}
            connected={connected}
            fanout={fanout}
          />
        )}
      </div>
    </div>
  );
}
