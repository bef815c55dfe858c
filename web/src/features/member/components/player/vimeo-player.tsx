import { useEffect, useRef, useState } from 'react';
import type { PlayerControl, PlayerEvents, PlayerState } from './player-state';

/**
 * A Vimeo player URL (allow-listed) in an <iframe> we render ourselves, then driven by
 * @vimeo/player — imported here only (lazy chunk). Handing it the iframe rather than an id keeps it
 * from fetching Vimeo's oEmbed API, which the CSP's connect-src 'self' would refuse.
 */
export function VimeoPlayer({
  url,
  title,
  onStateChange,
  onProgress,
  onSeek,
  startAt,
  stopped,
  seekTo,
}: { url: string; title: string } & PlayerEvents & PlayerControl) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const events = useRef({ onStateChange, onProgress, onSeek });
  events.current = { onStateChange, onProgress, onSeek };
  const control = useRef({
    startAt,
    stopped,
    pause: () => {},
    seek: (_seconds: number) => {},
    pendingSeek: null as number | null,
  });
  control.current.startAt = startAt;
  control.current.stopped = stopped;

  useEffect(() => {
    if (stopped) control.current.pause();
  }, [stopped]);

  useEffect(() => {
    if (!seekTo) return;
    control.current.pendingSeek = seekTo.seconds;
    control.current.seek(seekTo.seconds);
  }, [seekTo?.id]);

  useEffect(() => {
    events.current.onStateChange?.(state);
  }, [state]);

  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    setState('loading');
    let live = true;
    let destroy = () => {};
    void import('@vimeo/player')
      .then(({ default: Player }) => {
        if (!live) return;
        const player = new Player(frame);
        const set = (next: PlayerState) => () => live && setState(next);
        let rate = 1;
        control.current.pause = () => void player.pause().catch(() => {});
        const playing = () => {
          if (control.current.stopped) control.current.pause();
          else set('playing')();
        };
        player.on('play', playing);
        player.on('playing', playing);
        player.on('seeked', (data: { seconds: number }) => events.current.onSeek?.(data.seconds));
        player.on('playbackratechange', (data: { playbackRate: number }) => {
          rate = data.playbackRate;
        });
        player.on('pause', set('paused'));
        player.on('ended', set('ended'));
        player.on('error', set('error'));
        player.on('timeupdate', (data: { seconds: number; duration: number }) =>
          events.current.onProgress?.({ seconds: data.seconds, duration: data.duration || null, rate }),
        );
        player
          .ready()
          .then(() => {
            if (!live) return;
            const at = control.current.pendingSeek ?? control.current.startAt;
            control.current.seek = (seconds) => {
              control.current.pendingSeek = null;
              void player.setCurrentTime(seconds).catch(() => {});
            };
            if (at) control.current.seek(at);
            setState((s) => (s === 'loading' ? 'paused' : s));
          })
          .catch(() => live && setState('error'));
        // unbind only: the iframe belongs to React, destroy() would remove it from the page
        destroy = () => {
          control.current.pause = () => {};
          control.current.seek = () => {};
          for (const e of [
            'play',
            'playing',
            'pause',
            'ended',
            'error',
            'timeupdate',
            'seeked',
            'playbackratechange',
          ] as const)
            player.off(e);
        };
      })
      .catch(() => live && setState('error'));
    return () => {
      live = false;
      destroy();
    };
  }, [url]);

  return (
    <div
      className="lesson-player lesson-player--frame"
      data-state={state}
      data-testid="lesson-player"
      data-player="vimeo"
    >
      <iframe
        ref={ref}
        key={url}
        src={url}
        title={title}
        className="lesson-player__frame"
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation"
      />
    </div>
  );
}
