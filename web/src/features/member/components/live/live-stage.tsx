import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveWatch } from '@rian/proto-contracts/learning-live';
import { HlsPlayer } from '../player/hls-player';
import { OvenLivePlayer } from '../player/oven-live-player';
import type { PlayerState } from '../player/player-state';

/**
 * The live video, started muted at once: with a WebRTC URL (a live trade stream when the streaming
 * server offers WebRTC) OvenPlayer plays it, LL-HLS as its fallback; otherwise the signed playlist
 * in the HLS player (hls.js). Each player is imported only when it is the one used. A waiting card
 * while the stream is not on air. The wrapper's `data-state` is the player's (playing, loading, ...)
 * or `off-air`, for people and journeys; `data-player` says which player it is.
 */
export function LiveStage({ watch }: { watch: LiveWatch }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PlayerState>('loading');
  const url = watch.stream.live === 'Y' ? watch.playbackUrl : null;
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
        <HlsPlayer src={url} live title={title} onStateChange={setState} />
      ) : (
        <div className="lesson-player lesson-player--empty" role="status" data-testid="live-waiting">
          {t('member.live.waiting')}
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
