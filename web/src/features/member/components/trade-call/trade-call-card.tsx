import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TradeCall } from '@rian/proto-contracts/learning-live';
import '../../i18n';
import './trade-call-card.css';

/** A stream or video time as m:ss or h:mm:ss. */
export function streamClock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * One trade call as a list item — its side, symbol, entry, stop, target and note, marked when it is
 * the latest — for the live trade page and a recording's replay, which differ only in the moment at
 * the end of its first line (`time`: the stream time, or a button that seeks the video there).
 */
export function TradeCallCard({
  call,
  latest,
  time,
  ...item
}: { call: TradeCall; latest: boolean; time: ReactNode } & Omit<
  ComponentProps<'li'>,
  'className' | 'children'
>) {
  const { t } = useTranslation();
  return (
    <li className={`trade-call trade-call--${call.side}${latest ? ' is-latest' : ''}`} {...item}>
      <div className="trade-call__head">
        <span className="trade-call__side">{t(`member.calls.${call.side}`)}</span>
        <strong className="trade-call__symbol">{call.symbol}</strong>
        {latest && <span className="trade-call__badge">{t('member.calls.latest')}</span>}
        {time}
      </div>
      <dl className="trade-call__prices">
        <div>
          <dt>{t('member.calls.entry')}</dt>
          <dd>{call.entry}</dd>
        </div>
        {call.stop && (
          <div>
            <dt>{t('member.calls.stop')}</dt>
            <dd>{call.stop}</dd>
          </div>
        )}
        {call.target && (
          <div>
            <dt>{t('member.calls.target')}</dt>
            <dd>{call.target}</dd>
          </div>
        )}
      </dl>
      {call.note && <p className="trade-call__note">{call.note}</p>}
    </li>
  );
}
