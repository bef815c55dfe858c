import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveWatch } from '@rian/proto-contracts/learning-live';
import { mediaImageSrc } from '@/lib/media-image';
import { HlsPlayer } from '../player/hls-player';
import { OvenLivePlayer } from '../player/oven-live-player';
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
 * The live video, started muted at once: with a WebRTC URL (a live trade stream when the streaming
 * server offers WebRTC) OvenPlayer plays it, LL-HLS as its fallback; otherwise the signed playlist
 * in the HLS player (hls.js), the course's picture as its poster until the picture moves. Each
 * player is imported only when it is the one used. While the stream is not on air, that picture
 * behind a waiting note. The wrapper's `data-state` is the player's (playing, loading, ...) or
 * `off-air`, for people and journeys; `data-player` says which player it is.
 */
export function LiveStage({ watch, trade = false }: { watch: LiveWatch; trade?: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PlayerState>('loading');
  const url = watch.stream.live === 'Y' ? watch.playbackUrl : null;
  const poster = livePoster(watch, trade);
  const webrtc = url ? watch.webrtcUrl : null;
  const title = t('member.live.playerLabel', { name: watch.stream.name });
  return (
    <div
      className="live-stage"
      data-testid="live-player"
      data-state={url ? state : 'off-air'}
      data-player={url ? (webrtc ? 'ovenplayer' : 'hls') : undefined}
    >
      {url && webrtc ? (
        <OvenLivePlayer webrtc={webrtc} llhls={url} title={title} onStateChange={setState} />
      ) : url ? (
        <HlsPlayer src={url} live poster={poster} title={title} onStateChange={setState} />
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
