import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveWatch } from '@rian/proto-contracts/learning-live';
import { HlsPlayer } from '../player/hls-player';
import type { PlayerState } from '../player/player-state';

/**
 * The live video: the signed playback URL in the HLS player (hls.js, loaded with the live pages'
 * chunk only), started muted at once; a waiting card while the stream is not on air. The wrapper's
 * `data-state` is the player's (playing, loading, ...) or `off-air`, for people and journeys.
 */
export function LiveStage({ watch }: { watch: LiveWatch }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PlayerState>('loading');
  const url = watch.stream.live === 'Y' ? watch.playbackUrl : null;
  return (
    <div className="live-stage" data-testid="live-player" data-state={url ? state : 'off-air'}>
      {url ? (
        <HlsPlayer
          src={url}
          live
          title={t('member.live.playerLabel', { name: watch.stream.name })}
          onStateChange={setState}
        />
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
