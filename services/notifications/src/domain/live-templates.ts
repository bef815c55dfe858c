import type { YesNo } from '@rian/proto-contracts/enums';
import { renderTemplate } from './template-files.js';

export const LIVE_STARTED_TEMPLATE = 'staff-chat.live-started';
export const LIVE_STOPPED_TEMPLATE = 'staff-chat.live-stopped';

/**
 * How long a stream was on air, in Thai words: "1 ชั่วโมง 5 นาที", "45 นาที", "2 ชั่วโมง";
 * under a minute "ไม่ถึง 1 นาที". Whole minutes, rounded down (a stream of 59 s is not "1 นาที").
 */
export function thaiDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'ไม่ถึง 1 นาที';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} ชั่วโมง` : '', m ? `${m} นาที` : ''].filter(Boolean).join(' ');
}

/** HH:mm in Asia/Bangkok (where staff are). */
const bangkokClock = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

export interface LiveChange {
  name: string;
  live: YesNo;
  liveSince: string | null;
  changedAt: string;
}

/**
 * The staff chat message when a stream goes on air or off (`learning.live.changed`). The first
 * line is the message's subject in the delivery log. Off air: the time on air from `liveSince`
 * (learning keeps it when the stream stops) to the change; no duration when it never went live.
 */
export function liveChatMessage(c: LiveChange): { template: string; text: string } {
  if (c.live === 'Y') {
    const time = bangkokClock(c.liveSince ?? c.changedAt);
    return {
      template: LIVE_STARTED_TEMPLATE,
      text: renderTemplate(LIVE_STARTED_TEMPLATE, 'th', { name: c.name, time }).text,
    };
  }
  const since = c.liveSince;
  const values = since
    ? {
        onAir: true,
        duration: thaiDuration(Date.parse(c.changedAt) - Date.parse(since)),
        from: bangkokClock(since),
        to: bangkokClock(c.changedAt),
      }
    : { onAir: false, duration: null, from: null, to: null };
  return {
    template: LIVE_STOPPED_TEMPLATE,
    text: renderTemplate(LIVE_STOPPED_TEMPLATE, 'th', { name: c.name, ...values }).text,
  };
}
