/** What a lesson player reports on its container (`data-state`), for people and browser journeys. */
export type PlayerState = 'loading' | 'playing' | 'paused' | 'ended' | 'error';

/** Where playback is: the hook point the watch-statistics issue will listen to. */
export type PlayerProgress = { seconds: number; duration: number | null; rate?: number };

export type PlayerEvents = {
  onStateChange?: ((state: PlayerState) => void) | undefined;
  onProgress?: ((progress: PlayerProgress) => void) | undefined;
  /** the playhead moved by a seek (the member's, or `startAt`'s), to this media time */
  onSeek?: ((seconds: number) => void) | undefined;
};

/** What the page asks of a player (watch statistics): where to start, and to stop (taken over). */
export type PlayerControl = {
  /** media seconds to start from (resume); players that cannot seek (embeds) ignore it */
  startAt?: number | undefined;
  /** true: pause now and stay paused */
  stopped?: boolean | undefined;
  /** move the playhead here (a trade call's moment); a new `id` asks again for the same time */
  seekTo?: SeekRequest | undefined;
};

/** A request to move the playhead: `id` changes with each request. */
export type SeekRequest = { seconds: number; id: number };
