import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveWatch } from '@rian/proto-contracts/learning-live';
import { mediaImageSrc } from '@/lib/media-image';
import { HlsPlayer } from '../player/hls-player';
import type { PlayerState } from '../player/player-state';

/**
 * The course's picture for this page (staff upload it in the course's dialog): live trade pages
 * show its live trade picture, the others its live streaming picture. Null when there is none.
 */
export function livePoster(watch: LiveWatch, trade: boolean): string | null {
  const images = watch.courseImages;
  return trade
    ? mediaImageSrc('live-trade', images?.liveTradePath)
    : mediaImageSrc('live-streaming', images?.liveStreamingPath);
}

/**
 * The live video: the signed playback URL in the HLS player (hls.js, loaded with the live pages'
 * chunk only), started muted at once, the course's picture as its poster until the picture moves;
 * while the stream is not on air, that picture behind a waiting note. The wrapper's `data-state`
 * is the player's (playing, loading, ...) or `off-air`, for people and journeys.
 */
export function LiveStage({ watch, trade = false }: { watch: LiveWatch; trade?: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PlayerState>('loading');
  const url = watch.stream.live === 'Y' ? watch.playbackUrl : null;
  const poster = livePoster(watch, trade);
  return (
    <div className="live-stage" data-testid="live-player" data-state={url ? state : 'off-air'}>
      {url ? (
        <HlsPlayer
          src={url}
          live
          poster={poster}
          title={t('member.live.playerLabel', { name: watch.stream.name })}
          onStateChange={setState}
        />
      ) : (
        <div
          className={`lesson-player lesson-player--empty${poster ? ' live-stage__waiting--poster' : ''}`}
          role="status"
          data-testid="live-waiting"
        >
          {/* decorative: the note says what the picture stands for */}
          {poster && <img className="live-stage__poster" src={poster} alt="" data-testid="live-poster" />}
          <span className="live-stage__note">{t('member.live.waiting')}</span>
        </div>
      )}
      {url && state === 'error' && (
        <p className="live-stage__error" role="alert">
          {t('member.live.unavailable')}
        </p>
      )}
    </div>
  );
}
