import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveComment } from '@rian/proto-contracts/learning-live';

/** A stream time as m:ss or h:mm:ss. */
export function streamClock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

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
              <li
                key={c.seq}
                className={`live-call live-call--${c.call.side}${i === 0 ? ' is-latest' : ''}`}
                data-testid="trade-call"
              >
                <div className="live-call__head">
                  <span className="live-call__side">{t(`member.live.calls.${c.call.side}`)}</span>
                  <strong className="live-call__symbol">{c.call.symbol}</strong>
                  {i === 0 && <span className="live-chat__badge">{t('member.live.calls.latest')}</span>}
                  {c.streamTime !== null && (
                    <span className="live-call__time">
                      {t('member.live.calls.at', { time: streamClock(c.streamTime) })}
                    </span>
                  )}
                </div>
                <dl className="live-call__prices">
                  <div>
                    <dt>{t('member.live.calls.entry')}</dt>
                    <dd>{c.call.entry}</dd>
                  </div>
                  {c.call.stop && (
                    <div>
                      <dt>{t('member.live.calls.stop')}</dt>
                      <dd>{c.call.stop}</dd>
                    </div>
                  )}
                  {c.call.target && (
                    <div>
                      <dt>{t('member.live.calls.target')}</dt>
                      <dd>{c.call.target}</dd>
                    </div>
                  )}
                </dl>
                {c.call.note && <p className="live-call__note">{c.call.note}</p>}
              </li>
            ) : null,
          )}
        </ol>
      )}
    </section>
  );
}
