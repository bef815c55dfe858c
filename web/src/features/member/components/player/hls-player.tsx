import { useEffect, useRef, useState } from 'react';
import type { PlayerControl, PlayerEvents, PlayerState } from './player-state';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * An HLS playlist (an upload's signed master.m3u8, or a staff-entered https .m3u8) in a <video>:
 * the browser's own HLS when it has one (Safari, iOS), hls.js otherwise — imported here only, so it
 * stays in a lazy chunk. The container's `data-state` follows the media element's events.
 */
export function HlsPlayer({
  src,
  poster,
  title,
  onStateChange,
  onProgress,
  onSeek,
  startAt,
  stopped,
  live = false,
}: {
  src: string;
  poster?: string | null | undefined;
  title: string;
  /** a live stream (issue 15): starts at once, muted (browsers allow that), and stays near the live edge */
  live?: boolean;
} & PlayerEvents &
  PlayerControl) {
  const ref = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const events = useRef({ onStateChange, onProgress, onSeek });
  events.current = { onStateChange, onProgress, onSeek };
  const control = useRef({ startAt, stopped, started: false });
  control.current.startAt = startAt;
  control.current.stopped = stopped;

  /** the resume position, once, when the media knows its length (and before anything played) */
  const applyStart = (element: HTMLVideoElement, metadata: boolean) => {
    const at = control.current.startAt;
    if (control.current.started || !at || !(metadata || element.readyState >= 1)) return;
    control.current.started = true;
    element.currentTime = at;
  };

  useEffect(() => {
    if (ref.current) applyStart(ref.current, false);
  }, [startAt]);

  useEffect(() => {
    if (stopped) ref.current?.pause();
  }, [stopped]);

  useEffect(() => {
    events.current.onStateChange?.(state);
  }, [state]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setState('loading');
    if (element.canPlayType(HLS_TYPE)) {
      // the element is keyed by src: a new lesson gets a new <video>
      element.src = src;
      return;
    }
    let destroy = () => {};
    let active = true;
    void import('hls.js')
      .then(({ default: Hls }) => {
        if (!active) return;
        if (!Hls.isSupported()) {
          setState('error');
          return;
        }
        // no worker: the page's CSP allows scripts from our origin only (no blob: workers)
        const hls = new Hls(
          live
            ? { enableWorker: false, lowLatencyMode: true, liveSyncDurationCount: 2 }
            : { enableWorker: false },
        );
        // a live stream recovers from a lost segment or a decode hiccup a few times before giving up
        let recoveries = live ? 3 : 0;
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (recoveries > 0 && data.type === Hls.ErrorTypes.NETWORK_ERROR) {
            recoveries -= 1;
            hls.startLoad();
            return;
          }
          if (recoveries > 0 && data.type === Hls.ErrorTypes.MEDIA_ERROR) {
            recoveries -= 1;
            hls.recoverMediaError();
            return;
          }
          setState('error');
        });
        hls.loadSource(src);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      })
      .catch(() => active && setState('error'));
    return () => {
      active = false;
      destroy();
    };
  }, [src, live]);

  return (
    <div
      className="lesson-player lesson-player--video"
      data-state={state}
      data-testid="lesson-player"
      data-player="hls"
    >
      <video
        ref={ref}
        className="lesson-player__video"
        controls
        playsInline
        preload={live ? 'auto' : 'metadata'}
        autoPlay={live}
        muted={live}
        poster={poster ?? undefined}
        aria-label={title}
        onLoadedMetadata={(e) => {
          applyStart(e.currentTarget, true);
          setState((s) => (s === 'loading' ? 'paused' : s));
        }}
        onPlay={(e) => {
          control.current.started = true;
          if (control.current.stopped) e.currentTarget.pause();
        }}
        onPlaying={() => !control.current.stopped && setState('playing')}
        onSeeked={(e) => events.current.onSeek?.(e.currentTarget.currentTime)}
        onPause={(e) => !e.currentTarget.ended && setState('paused')}
        onEnded={() => setState('ended')}
        onError={() => setState('error')}
        onTimeUpdate={(e) => {
          const v = e.currentTarget;
          events.current.onProgress?.({
            seconds: v.currentTime,
            duration: Number.isFinite(v.duration) ? v.duration : null,
            rate: v.playbackRate,
          });
        }}
      />
    </div>
  );
}
