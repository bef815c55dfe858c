import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplayCall } from '@rian/proto-contracts/learning-live';
import { callsAt } from '../../lib/replay-calls';
import { streamClock, TradeCallCard } from '../trade-call/trade-call-card';

/**
 * A recording's trade calls beside its lesson (issue 15): each appears once playback reaches the
 * moment it was called (`callsAt`), newest on top; later ones stay hidden. Each has a button that
 * moves the video to its moment. New calls are announced politely to screen readers.
 */
export function ReplayCalls({
  calls,
  position,
  onSeek,
}: {
  calls: readonly ReplayCall[];
  /** the playback position, seconds */
  position: number;
  onSeek: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const shown = callsAt(calls, position);
  return (
    <section className="replay-calls" aria-labelledby={id} data-testid="replay-calls-panel">
      <h2 className="member-lesson__subtitle" id={id}>
        {t('member.lessons.calls.title')}
      </h2>
      <p className="replay-calls__hint">{t('member.lessons.calls.hint')}</p>
      <ol
        className="replay-calls__list"
        aria-live="polite"
        data-testid="replay-calls"
        data-count={shown.length}
      >
        {shown.map((c, i) =>
          c.call ? (
            <TradeCallCard
              key={c.seq}
              call={c.call}
              latest={i === 0}
              data-testid="replay-call"
              data-video-time={c.videoTime}
              time={
                <button
                  type="button"
                  className="trade-call__time replay-call__seek"
                  onClick={() => onSeek(c.videoTime)}
                  aria-label={t('member.lessons.calls.seekLabel', {
                    time: streamClock(c.videoTime),
                    symbol: c.call.symbol,
                  })}
                  data-testid="replay-call-seek"
                >
                  {streamClock(c.videoTime)}
                </button>
              }
            />
          ) : null,
        )}
      </ol>
      {shown.length === 0 && (
        <p className="card__text" data-testid="replay-calls-none">
          {t('member.lessons.calls.none')}
        </p>
      )}
    </section>
  );
}
