import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviousUpload } from 'tus-js-client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useLanguageStore } from '@/stores/language-store';
import { unfinishedUploads, uploadErrorText, videoUpload, type VideoUpload } from '../lib/video-upload';
import { ProgressBar } from './progress-bar';

type Phase = 'idle' | 'uploading' | 'paused' | 'done' | 'failed';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Choose a lesson file → a resumable tus upload to media with its progress (bytes sent), pause and
 * resume; choosing the same file after a reload continues it. `onUploaded` gets the new asset id.
 */
export function VideoUploadField({ onUploaded }: { onUploaded: (assetId: string) => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [phase, setPhase] = useState<Phase>('idle');
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const [resumed, setResumed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unfinished, setUnfinished] = useState<PreviousUpload[]>([]);
  const upload = useRef<VideoUpload | null>(null);
  const hintId = useId();
  const done = useRef(onUploaded);
  done.current = onUploaded;

  useEffect(() => {
    let live = true;
    void unfinishedUploads().then((u) => live && setUnfinished(u));
    return () => {
      live = false;
      // leaving the dialog pauses: choosing the same file again continues it
      void upload.current?.pause();
    };
  }, []);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    await upload.current?.pause();
    setFile(chosen);
    setSent(0);
    setError(null);
    setPhase('uploading');
    upload.current = videoUpload(chosen, {
      onProgress: (bytes) => setSent(bytes),
      onSuccess: (assetId) => {
        setSent(chosen.size);
        setPhase('done');
        setUnfinished((list) => list.filter((u) => u.metadata.filename !== chosen.name));
        done.current(assetId);
      },
      onError: (e) => {
        setPhase('failed');
        setError(uploadErrorText(e, language, t('learningAdmin.videos.upload.failed')));
      },
    });
    setResumed(await upload.current.start());
  }

  async function pause() {
    await upload.current?.pause();
    setPhase('paused');
  }

  function resume() {
    setError(null);
    setPhase('uploading');
    upload.current?.resume();
  }

  async function cancel() {
    const current = upload.current;
    upload.current = null;
    setPhase('idle');
    setFile(null);
    setSent(0);
    await current?.cancel().catch(() => undefined);
  }

  const percent = file && file.size > 0 ? (sent / file.size) * 100 : 0;
  const busy = phase === 'uploading' || phase === 'paused';

  return (
    <fieldset className="video-upload learning-form__full" data-testid="video-upload" data-phase={phase}>
      <legend className="field__label">{t('learningAdmin.videos.upload.title')}</legend>
      <label className="video-upload__choose">
        <span className="sr-only">{t('learningAdmin.videos.upload.choose')}</span>
        <input
          type="file"
          accept="video/*"
          onChange={(e) => void choose(e)}
          disabled={phase === 'uploading'}
          aria-describedby={hintId}
          data-testid="video-upload-input"
        />
      </label>
      <p id={hintId} className="field__hint">
        {t('learningAdmin.videos.upload.hint')}
      </p>
      {unfinished.length > 0 && phase === 'idle' && (
        <div className="video-upload__unfinished" data-testid="video-upload-unfinished">
          <p className="field__hint">{t('learningAdmin.videos.upload.unfinished')}</p>
          <ul>
            {unfinished.map((u) => (
              <li key={u.urlStorageKey}>
                {u.metadata.filename ?? '?'}
                {u.size ? ` (${megabytes(u.size)})` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      {file && phase !== 'idle' && (
        <div className="video-upload__status" aria-live="polite">
          <p className="video-upload__file">
            {file.name} · {megabytes(sent)} / {megabytes(file.size)}
            {resumed && (
              <span className="table__sub" data-testid="video-upload-resumed">
                {t('learningAdmin.videos.upload.resumed')}
              </span>
            )}
          </p>
          <ProgressBar
            label={t('learningAdmin.videos.upload.progress', { name: file.name })}
            value={percent}
            testId="video-upload-progress"
            tone={phase === 'failed' ? 'failed' : 'default'}
          />
          {phase === 'done' && (
            <p className="video-upload__done" data-testid="video-upload-done">
              {t('learningAdmin.videos.upload.done')}
            </p>
          )}
        </div>
      )}
      {error && (
        <Alert>
          <span data-testid="video-upload-error">{error}</span>
        </Alert>
      )}
      {(busy || phase === 'failed') && (
        <div className="video-upload__actions">
          {phase === 'uploading' && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void pause()}
              data-testid="video-upload-pause"
            >
              {t('learningAdmin.videos.upload.pause')}
            </Button>
          )}
          {(phase === 'paused' || phase === 'failed') && (
            <Button variant="secondary" size="sm" onClick={resume} data-testid="video-upload-resume">
              {t('learningAdmin.videos.upload.resume')}
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={() => void cancel()} data-testid="video-upload-cancel">
            {t('learningAdmin.videos.upload.cancel')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
