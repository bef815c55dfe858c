import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BeatEvent, PlaybackElsewhere, PlaybackStarted } from '@rian/proto-contracts/learning-watch';
import { beaconUrl, elsewhereOf, isTakenOver, sendBeat, startPlayback, WATCH_KEY } from '../api/watch';
import { HOME_KEY } from '../api/member-home';
import type { PlayerProgress, PlayerState } from '../components/player/player-state';
import { deviceSummary } from './device-summary';
import { WatchBeats } from './watch-beats';

/**
 * off: nothing tracked (no lesson, or a player that reports nothing); starting: the playback is
 * being opened; elsewhere: another device plays — "continue here?"; declined: the member said no
 * (the player stays idle); ready: beating; takenOver: another device took over (player stopped);
 * untracked: the playback could not be opened (the lesson plays, nothing is recorded).
 */
export type WatchPhase = 'off' | 'starting' | 'elsewhere' | 'declined' | 'ready' | 'takenOver' | 'untracked';

type Run = {
  sessionId: string;
  playback: PlaybackStarted;
  beats: WatchBeats;
  playing: boolean;
  lastEvent: BeatEvent | null;
};

/**
 * Watch statistics for the lesson being shown (issue 14): opens its playback, starts the player at
 * `resumeAt`, beats every `beatSeconds` while playing and at once on play / pause / seek / end, and
 * sends the last beat with `navigator.sendBeacon` on pagehide and when the lesson is left. A beat
 * answering learning.playback_taken_over stops the player; other failures keep the beats going.
 */
export function useWatchTracking({
  sessionId,
  enabled,
}: {
  sessionId: string | undefined;
  enabled: boolean;
}) {
  // the phase belongs to a lesson: a lesson just shown is 'starting' before its effect runs, so
  // its player is not mounted once untracked and again when the playback opens
  const [state, setState] = useState<{ sessionId: string | undefined; phase: WatchPhase }>({
    sessionId: undefined,
    phase: 'off',
  });
  const phase: WatchPhase =
    !enabled || !sessionId ? 'off' : state.sessionId === sessionId ? state.phase : 'starting';
  const setPhase = useCallback((next: WatchPhase) => setState({ sessionId, phase: next }), [sessionId]);
  const [startAt, setStartAt] = useState<number | undefined>(undefined);
  const [elsewhere, setElsewhere] = useState<PlaybackElsewhere | null>(null);
  const [stopError, setStopError] = useState<unknown>(null);
  const run = useRef<Run | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const queryClient = useQueryClient();

  const stopTimer = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };

  const beat = useCallback(
    (event: BeatEvent) => {
      const current = run.current;
      if (!current) return;
      const next = current.beats.next(event);
      current.lastEvent = event;
      // one after another, so the server sees them in their order
      chain.current = chain.current.then(() =>
        sendBeat(current.playback.playbackId, next)
          .then(() => {
            // a stop is when the lesson list's progress and the dashboard's figures may be read again
            if (event === 'pause' || event === 'ended') {
              void queryClient.invalidateQueries({ queryKey: WATCH_KEY });
              void queryClient.invalidateQueries({ queryKey: HOME_KEY });
            }
          })
          .catch((error: unknown) => {
            if (run.current !== current) return;
            if (isTakenOver(error)) {
              run.current = null;
              stopTimer();
              setStopError(error);
              setState({ sessionId: current.sessionId, phase: 'takenOver' });
            } else current.beats.unsent(next);
          }),
      );
    },
    [queryClient],
  );

  /** The last beat of a playback, which must survive the page going away. */
  const beacon = useCallback((current: Run) => {
    const next = { ...current.beats.next('pagehide'), beatToken: current.playback.beatToken };
    current.lastEvent = 'pagehide';
    const url = beaconUrl(current.playback.playbackId);
    const body = new Blob([JSON.stringify(next)], { type: 'application/json' });
    const queued = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body);
    if (!queued)
      void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'include' }).catch(() => {});
  }, []);

  const open = useCallback(
    async (takeOver: boolean, isCurrent: () => boolean) => {
      setPhase('starting');
      try {
        const playback = await startPlayback({
          sessionId: sessionId!,
          device: deviceSummary(navigator.userAgent),
          ...(takeOver ? { takeOver: true } : {}),
        });
        if (!isCurrent()) return;
        const beats = new WatchBeats();
        beats.startAt(playback.resumeAt);
        run.current = { sessionId: sessionId!, playback, beats, playing: false, lastEvent: null };
        setStartAt(playback.resumeAt);
        setStopError(null);
        setPhase('ready');
      } catch (error) {
        if (!isCurrent()) return;
        const other = elsewhereOf(error);
        setElsewhere(other);
        setPhase(other ? 'elsewhere' : 'untracked');
      }
    },
    [sessionId, setPhase],
  );

  // a new lesson opens a new playback; leaving it sends the last beat
  const generation = useRef(0);
  useEffect(() => {
    setStartAt(undefined);
    setElsewhere(null);
    setStopError(null);
    if (!enabled || !sessionId) return;
    const mine = ++generation.current;
    // deferred: StrictMode's mount–unmount–mount opens one playback, not two
    const deferred = setTimeout(() => void open(false, () => generation.current === mine), 0);
    return () => {
      clearTimeout(deferred);
      generation.current++;
      stopTimer();
      const current = run.current;
      run.current = null;
      if (current && current.lastEvent !== 'pagehide') beacon(current);
    };
  }, [enabled, sessionId, open, beacon]);

  useEffect(() => {
    const onPageHide = () => {
      const current = run.current;
      if (!current) return;
      stopTimer();
      beacon(current);
    };
    const onPageShow = (e: PageTransitionEvent) => {
      // back from the back-forward cache: playing again beats again
      if (e.persisted && run.current?.playing) startTimer();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    };
    // startTimer only reads refs
  }, [beacon]);

  function startTimer() {
    const current = run.current;
    if (!current || timer.current) return;
    timer.current = setInterval(() => beat('tick'), current.playback.beatSeconds * 1000);
  }

  const onStateChange = useCallback(
    (state: PlayerState) => {
      const current = run.current;
      if (!current) return;
      if (state === 'playing' && !current.playing) {
        current.playing = true;
        beat('play');
        startTimer();
      } else if ((state === 'paused' || state === 'ended') && current.playing) {
        current.playing = false;
        stopTimer();
        beat(state === 'ended' ? 'ended' : 'pause');
      }
    },
    [beat],
  );

  const onProgress = useCallback((p: PlayerProgress) => run.current?.beats.progress(p.seconds, p.rate), []);

  const onSeek = useCallback(
    (to: number) => {
      const current = run.current;
      if (!current) return;
      current.beats.seek(to);
      // the resume jump before anything played is not the member's seek
      if (current.lastEvent !== null) beat('seek');
    },
    [beat],
  );

  return {
    phase,
    /** where the player starts (undefined until known) */
    startAt,
    elsewhere,
    /** why the player stopped (the taken-over problem) */
    stopError,
    /** "continue here": opens the playback again, ending the other device's */
    continueHere: () => {
      const mine = generation.current;
      void open(true, () => generation.current === mine);
    },
    decline: () => {
      // "play here" from the idle player takes over at once: the question is not asked twice
      setElsewhere(null);
      setPhase('declined');
    },
    player: { onStateChange, onProgress, onSeek, stopped: phase === 'takenOver' },
  };
}
