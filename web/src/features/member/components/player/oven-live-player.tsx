import { useEffect, useRef, useState } from 'react';
import type { OvenPlayerInstance, OvenPlayerState } from 'ovenplayer';
import type { PlayerEvents, PlayerState } from './player-state';

const HLS_TYPE = 'application/vnd.apple.mpegurl';
/** after a fatal error the player is made again (with the page's newest URLs) this many times */
const RECOVERIES = 3;
/** how long an error waits for OvenPlayer's own fallback to the next source before it counts */
export const FALLBACK_WAIT_MS = 8_000;

const stateOf = (s: OvenPlayerState): PlayerState | null => {
  if (s === 'playing') return 'playing';
  if (s === 'paused') return 'paused';
  if (s === 'complete') return 'ended';
  if (s === 'error') return 'error';
  if (s === 'loading' || s === 'stalled' || s === 'buffering' || s === 'idle') return 'loading';
  return null;
};

/**
 * A live trade stream from OvenMediaEngine in OvenPlayer: WebRTC first (sub-second), OME's LL-HLS
 * (`llhls`) as the fallback source when WebRTC does not connect. OvenPlayer (and hls.js, its LL-HLS
 * engine where the browser has no HLS of its own) are imported here only: a lazy chunk of the live
 * trade pages. It takes its container over, so it gets an element React does not render into.
 *
 * The player is made once per stream: the page's refreshed URLs are kept for a remake after an error
 * (OME checks a WebRTC URL's expiry when the socket opens; a session already playing goes on).
 */
export function OvenLivePlayer({
  webrtc,
  llhls,
  title,
  onStateChange,
}: {
  webrtc: string;
  llhls: string;
  title: string;
} & Pick<PlayerEvents, 'onStateChange'>) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const [attempt, setAttempt] = useState(0);
  const sources = useRef({ webrtc, llhls });
  sources.current = { webrtc, llhls };
  const onState = useRef(onStateChange);
  onState.current = onStateChange;
  // the stream's path without the signature: a new stream makes a new player, a fresh URL does not
  const stream = webrtc.split('?')[0];

  useEffect(() => {
    onState.current?.(state);
  }, [state]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let active = true;
    let player: OvenPlayerInstance | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    setState('loading');
    const mount = document.createElement('div');
    el.replaceChildren(mount);
    const nativeHls = Boolean(document.createElement('video').canPlayType(HLS_TYPE));
    void Promise.all([import('ovenplayer'), nativeHls ? null : import('hls.js')])
      .then(([{ default: OvenPlayer }, hls]) => {
        if (!active) return;
        // OvenPlayer's LL-HLS provider uses the global Hls
        if (hls) (window as unknown as { Hls: unknown }).Hls = hls.default;
        const p = OvenPlayer.create(mount, {
          title,
          autoStart: true,
          autoFallback: true,
          mute: true,
          sources: [
            { type: 'webrtc', file: sources.current.webrtc, label: 'WebRTC' },
            { type: 'llhls', file: sources.current.llhls, label: 'LL-HLS' },
          ],
          webrtcConfig: { timeoutMaxRetry: 4, connectionTimeout: 10_000 },
          // no worker: the page's CSP allows scripts from our origin only (no blob: workers)
          hlsConfig: { enableWorker: false, lowLatencyMode: true, liveSyncDurationCount: 2 },
        });
        player = p;
        p.on('stateChanged', ({ newstate }) => {
          const s = stateOf(newstate);
          if (!active || !s) return;
          clearTimeout(retry);
          if (s === 'error') {
            // WebRTC failing reports error, then OvenPlayer falls back to LL-HLS by itself (idle,
            // loading, playing): only an error nothing follows is the player's end
            retry = setTimeout(() => {
              if (!active) return;
              if (attempt < RECOVERIES) setAttempt((a) => a + 1);
              else setState('error');
            }, FALLBACK_WAIT_MS);
            return;
          }
          setState(s);
        });
      })
      .catch(() => active && setState('error'));
    return () => {
      active = false;
      clearTimeout(retry);
      player?.remove();
      el.replaceChildren();
    };
    // title is read once: a new name does not remake the player
  }, [stream, attempt]);

  return (
    <div
      className="lesson-player lesson-player--video lesson-player--oven"
      data-state={state}
      data-testid="lesson-player"
      data-player="ovenplayer"
      role="region"
      aria-label={title}
    >
      <div ref={host} className="lesson-player__oven" />
    </div>
  );
}
