import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveComment } from '@rian/proto-contracts/learning-live';
import { streamClock, TradeCallCard } from '../trade-call/trade-call-card';

/**
 * Live trade's calls, pinned beside the video: the newest first and marked, each with its side,
 * symbol, entry, stop, target, note and the stream time it was called at.
 */
export function TradeCalls({ calls }: { calls: LiveComment[] }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="card live-calls" aria-labelledby={id} data-testid="trade-calls-panel">
      <h2 className="live-panel__title" id={id}>
        {t('member.live.calls.title')}
      </h2>
      {calls.length === 0 ? (
        <p className="card__text">{t('member.live.calls.empty')}</p>
      ) : (
        // focusable: a keyboard can scroll through the calls
        <ol
          className="live-calls__list"
          aria-live="polite"
          aria-labelledby={id}
          tabIndex={0}
          data-testid="trade-calls"
        >
          {calls.map((c, i) =>
            c.call ? (
              <TradeCallCard
                key={c.seq}
                call={c.call}
                latest={i === 0}
                data-testid="trade-call"
                time={
                  c.streamTime !== null && (
                    <span className="trade-call__time live-call__time">
                      {t('member.live.calls.at', { time: streamClock(c.streamTime) })}
                    </span>
                  )
                }
              />
            ) : null,
          )}
        </ol>
      )}
    </section>
  );
}
