import { useState } from 'react';
import type { PlayerEvents, PlayerState } from './player-state';

/**
 * An allow-listed YouTube embed URL in a plain <iframe> (the URL as learning gave it; never HTML).
 * YouTube's script API is not loaded (the CSP allows our own scripts only), so this player knows
 * only that its frame loaded: `data-state` goes from loading to paused, and no progress is reported.
 */
export function EmbedPlayer({ url, title, onStateChange }: { url: string; title: string } & PlayerEvents) {
  const [state, setState] = useState<PlayerState>('loading');
  const change = (next: PlayerState) => {
    setState(next);
    onStateChange?.(next);
  };
  return (
    <div
      className="lesson-player lesson-player--frame"
      data-state={state}
      data-testid="lesson-player"
      data-player="embed"
    >
      <iframe
        key={url}
        src={url}
        title={title}
        className="lesson-player__frame"
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation"
        onLoad={() => change('paused')}
        onError={() => change('error')}
      />
    </div>
  );
}
