import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveStreamStaff, TradeCallInput } from '@rian/proto-contracts/learning-live';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import {
  useHideComment,
  usePinComment,
  usePostStaffComment,
  usePostTradeCall,
  useUnpin,
} from '../api/live-streams';
import { useStaffLiveComments } from '../api/live-comments-feed';

const PRICE = /^[0-9]{1,12}(\.[0-9]{1,8})?$/;

/** Staff post a trade call (a trade stream, while on air): symbol, side, entry, stop, target, note. */
function TradeCallForm({ stream }: { stream: LiveStreamStaff }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const post = usePostTradeCall();
  const [call, setCall] = useState({ symbol: '', side: 'buy', entry: '', stop: '', target: '', note: '' });
  const set = (k: keyof typeof call) => (e: { target: { value: string } }) =>
    setCall((c) => ({ ...c, [k]: e.target.value }));
  const priceError = (v: string, required = false) =>
    (required || v.trim()) && !PRICE.test(v.trim()) ? t('liveAdmin.call.price') : null;
  const valid =
    call.symbol.trim() && !priceError(call.entry, true) && !priceError(call.stop) && !priceError(call.target);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    const body: TradeCallInput = {
      symbol: call.symbol.trim().toUpperCase(),
      side: call.side === 'sell' ? 'sell' : 'buy',
      entry: call.entry.trim(),
      stop: call.stop.trim() || null,
      target: call.target.trim() || null,
      note: call.note.trim() || null,
    };
    post.mutate(
      { id: stream.id, body },
      { onSuccess: () => setCall((c) => ({ ...c, entry: '', stop: '', target: '', note: '' })) },
    );
  };

  return (
    <form className="live-call-form" onSubmit={submit} noValidate data-testid="trade-call-form">
      <h3 className="live-call-form__title">{t('liveAdmin.call.title')}</h3>
      {stream.live !== 'Y' && <p className="card__text">{t('liveAdmin.call.offAir')}</p>}
      <div className="form__grid">
        <TextField
          label={t('liveAdmin.call.symbol')}
          maxLength={30}
          value={call.symbol}
          onChange={set('symbol')}
          data-testid="call-symbol"
        />
        <SelectField
          label={t('liveAdmin.call.side')}
          value={call.side}
          onChange={set('side')}
          data-testid="call-side"
        >
          <option value="buy">{t('liveAdmin.call.buy')}</option>
          <option value="sell">{t('liveAdmin.call.sell')}</option>
        </SelectField>
        <TextField
          label={t('liveAdmin.call.entry')}
          inputMode="decimal"
          value={call.entry}
          onChange={set('entry')}
          error={call.entry ? priceError(call.entry, true) : null}
          data-testid="call-entry"
        />
        <TextField
          label={`${t('liveAdmin.call.stop')} ${t('form.optional')}`}
          inputMode="decimal"
          value={call.stop}
          onChange={set('stop')}
          error={priceError(call.stop)}
          data-testid="call-stop"
        />
        <TextField
          label={`${t('liveAdmin.call.target')} ${t('form.optional')}`}
          inputMode="decimal"
          value={call.target}
          onChange={set('target')}
          error={priceError(call.target)}
          data-testid="call-target"
        />
        <TextField
          label={`${t('liveAdmin.call.note')} ${t('form.optional')}`}
          maxLength={500}
          value={call.note}
          onChange={set('note')}
          data-testid="call-note"
        />
      </div>
      {post.isError && <Alert>{problemText(post.error, language)}</Alert>}
      <Button
        type="submit"
        disabled={!valid || stream.live !== 'Y'}
        loading={post.isPending}
        data-testid="call-post"
      >
        {t('liveAdmin.call.post')}
      </Button>
    </form>
  );
}

/**
 * A stream's live comments for staff (spec 02 "comment" dialog, issue 15): the latest, hidden ones
 * marked, each with Hide and Pin (members see the change within a second); a staff comment; and,
 * on a trade stream, the trade-call form. Live over the same server-sent events members read.
 */
export function LiveCommentsDialog({ stream, onClose }: { stream: LiveStreamStaff; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const { list: comments, items, connected } = useStaffLiveComments(stream.id);
  const hide = useHideComment();
  const pin = usePinComment();
  const unpin = useUnpin();
  const say = usePostStaffComment();
  const [text, setText] = useState('');
  const failed = hide.error ?? pin.error ?? unpin.error ?? say.error;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="dialog--wide"
        title={t('liveAdmin.comments.title', { name: stream.name })}
        description={t('liveAdmin.comments.description')}
        closeLabel={t('form.close')}
        data-testid="live-comments-dialog"
      >
        {stream.kind === 'trade' && <TradeCallForm stream={stream} />}
        <form
          className="live-staff-say"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim())
              say.mutate({ id: stream.id, text: text.trim() }, { onSuccess: () => setText('') });
          }}
        >
          <TextField
            label={t('liveAdmin.comments.write')}
            maxLength={500}
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="staff-comment-text"
          />
          <Button type="submit" size="sm" disabled={!text.trim()} loading={say.isPending}>
            {t('liveAdmin.comments.send')}
          </Button>
        </form>
        {connected === false && (
          <p className="card__text" role="status" data-testid="staff-comments-reconnecting">
            {t('liveAdmin.comments.reconnecting')}
          </p>
        )}
        {failed && <Alert>{problemText(failed, language)}</Alert>}
        {comments.isError && <Alert>{problemText(comments.error, language)}</Alert>}
        {items.length === 0 && comments.isSuccess && (
          <p className="card__text">{t('liveAdmin.comments.empty')}</p>
        )}
        <ul className="live-moderation" data-testid="staff-comments">
          {items.map((c) => (
            <li
              key={c.seq}
              className={`live-moderation__item${c.hiddenAt ? ' is-hidden' : ''}`}
              data-testid="staff-comment"
              data-seq={c.seq}
              data-hidden={c.hiddenAt ? 'Y' : 'N'}
            >
              <div className="live-moderation__text">
                <strong>{c.author.name}</strong>{' '}
                {c.call ? (
                  <span>
                    {c.call.side.toUpperCase()} {c.call.symbol} @ {c.call.entry}
                    {c.call.stop ? ` SL ${c.call.stop}` : ''}
                    {c.call.target ? ` TP ${c.call.target}` : ''} {c.text}
                  </span>
                ) : (
                  <span>{c.text}</span>
                )}
                <small className="live-moderation__meta">
                  {formatDateTime(c.createdAt, language)}
                  {c.hiddenAt && ` · ${t('liveAdmin.comments.hidden')}`}
                  {c.pinned && ` · ${t('liveAdmin.comments.pinned')}`}
                </small>
              </div>
              {!c.hiddenAt && (
                <div className="live-moderation__actions">
                  {c.pinned ? (
                    <Button variant="ghost" size="sm" onClick={() => unpin.mutate(stream.id)}>
                      {t('liveAdmin.comments.unpin')}
                    </Button>
                  ) : (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('liveAdmin.comments.pinOf', { name: c.author.name })}
                      onClick={() => pin.mutate({ id: stream.id, seq: c.seq })}
                      data-testid="staff-comment-pin"
                    >
                      {t('liveAdmin.comments.pin')}
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('liveAdmin.comments.hideOf', { name: c.author.name })}
                    onClick={() => hide.mutate({ id: stream.id, seq: c.seq })}
                    data-testid="staff-comment-hide"
                  >
                    {t('liveAdmin.comments.hide')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
