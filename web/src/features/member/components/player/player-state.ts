/** What a lesson player reports on its container (`data-state`), for people and browser journeys. */
export type PlayerState = 'loading' | 'playing' | 'paused' | 'ended' | 'error';

/** Where playback is: the hook point the watch-statistics issue will listen to. */
export type PlayerProgress = { seconds: number; duration: number | null };

export type PlayerEvents = {
  onStateChange?: ((state: PlayerState) => void) | undefined;
  onProgress?: ((progress: PlayerProgress) => void) | undefined;
};
