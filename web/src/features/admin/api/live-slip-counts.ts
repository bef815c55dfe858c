import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { API_BASE } from '@/lib/api-client';
import { readEventStream, type ServerEvent } from '@/lib/event-stream';
import { useStaffStore } from '@/stores/staff-store';
import { slipCountsKey, type SlipCounts } from './get-slip-counts';

/** The back office's live stream (gateway, server-sent events; staff token in the header). */
export const LIVE_ADMIN_PATH = `${API_BASE}/live/admin`;
/** Waits before reconnecting after a stream ends or fails: doubling from the first to the last. */
export const LIVE_RETRY_FIRST_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 30_000;

const isCounts = (v: unknown): v is SlipCounts =>
  typeof v === 'object' && v !== null && Number.isInteger((v as SlipCounts).wait);

/**
 * Keeps the top-bar count live: opens the gateway's stream with the staff token (fetch, because
 * EventSource cannot send an Authorization header), writes each `slips` event into the count's
 * query, and reconnects with a doubling, jittered wait when the stream ends or fails. A 401/403
 * ends it (the session is over; the poll's 401 signs staff out). Returns whether counts arrive
 * live: while false the badge keeps polling at its normal pace.
 */
export function useLiveSlipCounts(): boolean {
  const token = useStaffStore((s) => s.token);
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!token) return;
    const ac = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = LIVE_RETRY_FIRST_MS;
    // undefined until the stream's first status (which comes with the current count)
    let wasLive: boolean | undefined;
    let latest: SlipCounts | undefined;
    const key = slipCountsKey(token);

    const onEvent = (e: ServerEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(e.data);
      } catch {
        return;
      }
      if (e.event === 'slips' && isCounts(data)) {
        latest = { wait: data.wait };
        // a poll still under way would answer an older count after this one: drop it first
        void queryClient
          .cancelQueries({ queryKey: key })
          .then(() => latest && queryClient.setQueryData<SlipCounts>(key, latest));
      } else if (e.event === 'status') {
        const now = (data as { live?: unknown }).live === true;
        // NATS came back to the gateway: changes made meanwhile were not heard, ask once
        if (now && wasLive === false) void queryClient.invalidateQueries({ queryKey: key });
        wasLive = now;
        setLive(now);
      }
    };

    const connect = async () => {
      let heard = false;
      try {
        const res = await fetch(LIVE_ADMIN_PATH, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          signal: ac.signal,
        });
        if (res.status === 401 || res.status === 403) return;
        if (res.ok && res.body) {
          await readEventStream(res.body, (e) => {
            heard = true;
            onEvent(e);
          });
        }
      } catch {
        // network failure or abort: below
      }
      if (ac.signal.aborted) return;
      wasLive = undefined;
      setLive(false);
      if (heard) retryMs = LIVE_RETRY_FIRST_MS;
      const wait = retryMs * (0.8 + Math.random() * 0.4);
      retryMs = Math.min(retryMs * 2, LIVE_RETRY_MAX_MS);
      timer = setTimeout(() => void connect(), wait);
    };

    void connect();
    return () => {
      ac.abort();
      clearTimeout(timer);
      setLive(false);
    };
  }, [token, queryClient]);

  return live;
}
