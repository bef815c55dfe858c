import type { Beat, BeatEvent } from '@rian/proto-contracts/learning-watch';

/** Larger forward jumps between two timeupdates than this (× rate) are seeks, not playing. */
const MAX_STEP_S = 2;
const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * What the player did since the last beat, turned into numbered beats (issue 14). `played` counts
 * only media time that advanced by playing: timeupdate steps forward, never a seek (a jump, or
 * any move after `seek`). The server caps what it credits anyway; this keeps honest clients exact.
 * `seq` grows by one for every beat built, sent or not, so a lost beat's number is never reused.
 */
export class WatchBeats {
  private seq = 0;
  private played = 0;
  private position = 0;
  private last: number | null = null;
  private rate = 1;

  constructor(private readonly visible: () => boolean = () => document.visibilityState === 'visible') {}

  /** A timeupdate: counts the step from the previous one when it is a plausible playing step. */
  progress(seconds: number, rate?: number): void {
    if (rate && rate > 0) this.rate = rate;
    if (this.last !== null) {
      const step = seconds - this.last;
      if (step > 0 && step <= MAX_STEP_S * Math.max(1, this.rate)) this.played += step;
    }
    this.last = seconds;
    this.position = seconds;
  }

  /** The member moved the playhead: the next step starts from `to`, nothing between is played. */
  seek(to: number): void {
    this.last = to;
    this.position = to;
  }

  /** Where playback starts (resume): no step is counted from 0 to there. */
  startAt(seconds: number): void {
    this.seek(seconds);
  }

  /** The next beat; what it claims played is taken out of the pending count. */
  next(event: BeatEvent): Beat {
    this.seq += 1;
    const beat: Beat = {
      seq: this.seq,
      position: round(Math.max(0, this.position)),
      played: round(Math.min(this.played, 86_400)),
      rate: Math.min(16, Math.max(0.25, this.rate)),
      visible: this.visible(),
      event,
    };
    this.played = 0;
    return beat;
  }

  /** A beat that never arrived: its played seconds go with the next one (its seq is not reused). */
  unsent(beat: Beat): void {
    this.played += beat.played;
  }
}
