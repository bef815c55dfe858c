/** The part of OvenPlayer 0.10 (npm `ovenplayer`, shipped without types) the live trade player uses. */
declare module 'ovenplayer' {
  export interface OvenPlayerSource {
    type: 'webrtc' | 'llhls' | 'hls' | 'dash' | 'mp4';
    file: string;
    label?: string;
  }
  export interface OvenPlayerOptions {
    sources: OvenPlayerSource[];
    autoStart?: boolean;
    autoFallback?: boolean;
    mute?: boolean;
    controls?: boolean;
    title?: string;
    webrtcConfig?: { timeoutMaxRetry?: number; connectionTimeout?: number };
    hlsConfig?: Record<string, unknown>;
  }
  export type OvenPlayerState =
    'idle' | 'loading' | 'playing' | 'paused' | 'complete' | 'stalled' | 'error' | string;
  export interface OvenPlayerInstance {
    on(
      event: 'stateChanged',
      cb: (e: { prevstate: OvenPlayerState; newstate: OvenPlayerState }) => void,
    ): void;
    on(event: 'error', cb: (e: { code: number; message: string }) => void): void;
    on(event: 'sourceChanged', cb: (e: { currentSource: number }) => void): void;
    on(event: string, cb: (e: unknown) => void): void;
    getSources(): { type: string; file: string }[];
    getCurrentSource(): number;
    remove(): void;
  }
  const OvenPlayer: {
    create(container: HTMLElement | string, options: OvenPlayerOptions): OvenPlayerInstance;
  };
  export default OvenPlayer;
}
