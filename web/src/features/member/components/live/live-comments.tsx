import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import {
  LIVE_COMMENT_MAX_LENGTH,
  LIVE_COMMENT_MIN_INTERVAL_MS,
  type LiveComment,
} from '@rian/proto-contracts/learning-live';
import { Alert } from '@/components/ui/alert';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { postLiveComment } from '../../api/live';

function Author({ c }: { c: LiveComment }) {
  const { t } = useTranslation();
  return (
    <span className="live-chat__author">
      {c.author.name}
      {c.author.kind === 'staff' && (
        <span className="live-chat__badge">{t('member.live.comments.staff')}</span>
      )}
    </span>
  );
}

/**
 * The live comments beside the video: the pinned one on top, the latest below (a polite live
 * region, kept scrolled to the newest), and the form with its limits (length, one every few
 * seconds); a refusal shows the server's message (Thai by default). A comment the member posts
 * appears when the stream delivers it, as everyone else's does.
 */
export function LiveComments({
  streamId,
  comments,
  pinned,
  connected,
  fanout,
}: {
  streamId: string;
  comments: LiveComment[];
  pinned: LiveComment | null;
  connected: boolean;
  fanout: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [text, setText] = useState('');
  const fieldId = useId();
  const hintId = useId();
  const list = useRef<HTMLOListElement>(null);
  const post = useMutation({
    mutationFn: (value: string) => postLiveComment(streamId, value),
    onSuccess: () => setText(''),
  });
  const last = comments.at(-1)?.seq;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value || post.isPending) return;
    post.mutate(value);
  };

  return (
    <section
      className="card live-chat"
      aria-labelledby={`${fieldId}-title`}
      data-testid="live-comments-panel"
    >
      <h2 className="live-panel__title" id={`${fieldId}-title`}>
        {t('member.live.comments.title')}
      </h2>
      {!connected && (
        <p className="live-chat__status" role="status">
          {t('member.live.reconnecting')}
        </p>
      )}
      {connected && !fanout && (
        <p className="live-chat__status" role="status">
          {t('member.live.delayed')}
        </p>
      )}
      {pinned && (
        <div className="live-chat__pinned" data-testid="live-pinned">
          <span className="live-chat__badge live-chat__badge--pin">{t('member.live.comments.pinned')}</span>
          <Author c={pinned} />
          <span className="live-chat__text">{pinned.text}</span>
        </div>
      )}
      {/* a list announcing new items (role log would unmake the list); focusable: a keyboard can scroll back */}
      <ol
        className="live-chat__list"
        ref={list}
        aria-live="polite"
        aria-labelledby={`${fieldId}-title`}
        tabIndex={0}
        data-testid="live-comments"
      >
        {comments.length === 0 && <li className="live-chat__empty">{t('member.live.comments.empty')}</li>}
        {comments.map((c) => (
          <li key={c.seq} className="live-chat__item" data-testid="live-comment" data-seq={c.seq}>
            <Author c={c} />
            <span className="live-chat__text">{c.text}</span>
          </li>
        ))}
      </ol>
      <form className="live-chat__form" onSubmit={submit} noValidate>
        <label className="sr-only" htmlFor={fieldId}>
          {t('member.live.comments.label')}
        </label>
        <textarea
          id={fieldId}
          className="live-chat__input"
          rows={2}
          value={text}
          maxLength={LIVE_COMMENT_MAX_LENGTH}
          placeholder={t('member.live.comments.placeholder')}
          aria-describedby={hintId}
          data-testid="live-comment-input"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
          }}
        />
        <div className="live-chat__row">
          <span id={hintId} className="live-chat__hint">
            {t('member.live.comments.limits', {
              count: text.trim().length,
              max: LIVE_COMMENT_MAX_LENGTH,
              seconds: LIVE_COMMENT_MIN_INTERVAL_MS / 1000,
            })}
          </span>
          <button
            type="submit"
            className="btn btn--primary btn--sm"
            disabled={!text.trim() || post.isPending}
            aria-busy={post.isPending}
            data-testid="live-comment-send"
          >
            {post.isPending ? t('member.live.comments.sending') : t('member.live.comments.send')}
          </button>
        </div>
        {post.isError && <Alert>{problemText(post.error, language)}</Alert>}
      </form>
    </section>
  );
}
