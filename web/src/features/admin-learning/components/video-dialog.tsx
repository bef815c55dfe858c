import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  VideoCreateBody,
  VideoSource,
  VideoStaff,
  VideoStatus,
} from '@rian/proto-contracts/learning-content';
import { CheckField } from '@/components/ui/check-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm, type FormErrors } from '@/hooks/use-edit-form';
import type { MessageKey } from '@/lib/message';
import { formatDateTime } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { useCourseOptions } from '../api/content';
import { useBroadcasts, useLiveStreamOptions } from '../api/live-streams';
import { useSaveVideo, VIDEO_SOURCES, VIDEO_STATUSES } from '../api/videos';
import { AssetStatus } from './asset-status';
import { VideoUploadField } from './video-upload';

type Draft = {
  courseId: string;
  name: string;
  detail: string;
  source: VideoSource;
  vimeoId: string;
  hlsUrl: string;
  embedCode: string;
  assetId: string;
  item: string;
  status: VideoStatus;
  durationSeconds: string;
  /** a free preview on the public /course pages */
  preview: boolean;
  /** issue 15: the stream whose broadcast this video records (only to choose the broadcast) */
  recordingStreamId: string;
  /** '' = not a recording */
  recordingBroadcastId: string;
  /** the broadcast's second where the video's 0 is */
  recordingOffsetS: string;
};
const FIELDS = [
  'courseId',
  'name',
  'detail',
  'source',
  'vimeoId',
  'hlsUrl',
  'embedCode',
  'assetId',
  'item',
  'status',
  'durationSeconds',
  'preview',
  'recordingBroadcastId',
  'recordingOffsetS',
] as const;

const VIMEO_ID = /^[0-9]{1,20}$/;
const HTTPS = /^https:\/\/\S+$/i;
const WHOLE = /^[0-9]{1,7}$/;
const orNull = (v: string) => (v.trim() ? v.trim() : null);

export function validateVideo(d: Draft): FormErrors<Draft> {
  const errors: FormErrors<Draft> = {};
  const required = { key: 'validation.required' } as const;
  if (!d.courseId) errors.courseId = required;
  if (!d.name.trim()) errors.name = required;
  if (d.source === 'vimeo' && !VIMEO_ID.test(d.vimeoId.trim())) {
    errors.vimeoId = d.vimeoId.trim() ? { key: 'learningAdmin.videos.validation.vimeoId' } : required;
  }
  if (d.source === 'hls' && !HTTPS.test(d.hlsUrl.trim())) {
    errors.hlsUrl = d.hlsUrl.trim() ? { key: 'learningAdmin.videos.validation.https' } : required;
  }
  if ((d.source === 'embed' || d.source === 'iframe') && !d.embedCode.trim()) errors.embedCode = required;
  if (d.source === 'upload' && !d.assetId) errors.assetId = { key: 'learningAdmin.videos.validation.upload' };
  if (d.item.trim() && (!WHOLE.test(d.item.trim()) || Number(d.item) < 1)) {
    errors.item = { key: 'learningAdmin.videos.validation.item' };
  }
  if (d.durationSeconds.trim() && !WHOLE.test(d.durationSeconds.trim())) {
    errors.durationSeconds = { key: 'learningAdmin.videos.validation.duration' };
  }
  if (d.recordingStreamId && !d.recordingBroadcastId) errors.recordingBroadcastId = required;
  if (d.recordingBroadcastId && d.recordingOffsetS.trim() && !WHOLE.test(d.recordingOffsetS.trim())) {
    errors.recordingOffsetS = { key: 'learningAdmin.videos.validation.duration' };
  }
  return errors;
}

/**
 * The body: only the chosen source's own field (learning drops the others anyway); the recording
 * only when there is one, or was (so unmarking sends null).
 */
export function videoBody(d: Draft, wasRecording = false): VideoCreateBody {
  const own: Partial<VideoCreateBody> =
    d.source === 'vimeo'
      ? { vimeoId: d.vimeoId.trim() }
      : d.source === 'hls'
        ? { hlsUrl: d.hlsUrl.trim() }
        : d.source === 'upload'
          ? { assetId: d.assetId }
          : { embedCode: d.embedCode.trim() };
  return {
    courseId: d.courseId,
    source: d.source,
    ...own,
    name: d.name.trim(),
    detail: orNull(d.detail),
    item: d.item.trim() ? Number(d.item) : 1,
    status: d.status,
    preview: d.preview ? 'Y' : 'N',
    ...(d.recordingBroadcastId || wasRecording
      ? {
          recordingBroadcastId: d.recordingBroadcastId || null,
          recordingOffsetS:
            d.recordingBroadcastId && d.recordingOffsetS.trim() ? Number(d.recordingOffsetS) : 0,
        }
      : {}),
    // an upload's duration comes from media once it is ready
    ...(d.source === 'upload'
      ? {}
      : { durationSeconds: d.durationSeconds.trim() ? Number(d.durationSeconds) : null }),
  };
}

/**
 * Create or edit a video (spec 01 §3 "Video"): its source is a Vimeo id, an HLS address, a player's
 * embed address or iframe code (learning keeps only an allowed player URL: nothing is rendered as
 * HTML), or a lesson file uploaded here. An upload chosen while editing is set on the video at once.
 */
export function VideoDialog({
  video,
  courseId,
  onClose,
}: {
  video: VideoStaff | null;
  /** a new video's course: the list's course filter */
  courseId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveVideo();
  const courses = useCourseOptions();
  const form = useEditForm<Draft>(() => ({
    courseId: video?.courseId ?? courseId,
    name: video?.name ?? '',
    detail: video?.detail ?? '',
    source: video?.source ?? 'vimeo',
    vimeoId: video?.vimeoId ?? '',
    hlsUrl: video?.hlsUrl ?? '',
    embedCode: video?.embedUrl ?? '',
    assetId: video?.assetId ?? '',
    item: String(video?.item ?? 1),
    status: video?.status ?? 'create',
    durationSeconds: video?.durationSeconds == null ? '' : String(video.durationSeconds),
    preview: video?.preview === 'Y',
    recordingStreamId: video?.recording?.streamId ?? '',
    recordingBroadcastId: video?.recordingBroadcastId ?? '',
    recordingOffsetS: String(video?.recordingOffsetS ?? 0),
  }));
  const { draft, set, bind } = form;
  const optional = (key: MessageKey) => `${t(key)} ${t('form.optional')}`;

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: validateVideo,
      send: (d) => {
        const { courseId: _course, ...update } = videoBody(d, Boolean(video?.recordingBroadcastId));
        return save.mutateAsync(video ? { id: video.id, body: update } : { id: null, body: videoBody(d) });
      },
      fields: FIELDS,
      codeFields: {
        'learning.embed_not_allowed': 'embedCode',
        'learning.course_unknown': 'courseId',
        'learning.live_broadcast_unknown': 'recordingBroadcastId',
      },
    });
    if (ok) onClose();
  }

  function uploaded(assetId: string) {
    set('assetId', assetId);
    // editing: the new file is the video's at once (a closed dialog does not lose it)
    if (video) void save.mutateAsync({ id: video.id, body: { source: 'upload', assetId } }).catch(() => {});
  }

  const newAsset = draft.assetId && draft.assetId !== video?.assetId;

  return (
    <FormDialog
      title={video ? t('learningAdmin.videos.editTitle') : t('learningAdmin.videos.createTitle')}
      description={video ? video.name : t('learningAdmin.videos.createDescription')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={video ? t('learningAdmin.save') : t('learningAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      wide
      testId="video-dialog"
    >
      <div className="form__grid">
        <SelectField
          label={t('learningAdmin.videos.course')}
          disabled={Boolean(video)}
          {...bind('courseId', 'video-course')}
        >
          <option value="">{t('learningAdmin.videos.chooseCourse')}</option>
          {courses.data?.items.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
              {c.code ? ` (${c.code})` : ''}
            </option>
          ))}
        </SelectField>
        <TextField label={t('learningAdmin.videos.name')} maxLength={200} {...bind('name', 'video-name')} />
        <SelectField label={t('learningAdmin.videos.source')} {...bind('source', 'video-source')}>
          {VIDEO_SOURCES.map((s) => (
            <option key={s} value={s}>
              {t(`learningAdmin.videos.sources.${s}`)}
            </option>
          ))}
        </SelectField>
        {draft.source === 'vimeo' && (
          <TextField
            label={t('learningAdmin.videos.vimeoId')}
            hint={t('learningAdmin.videos.vimeoIdHint')}
            inputMode="numeric"
            maxLength={20}
            {...bind('vimeoId', 'video-vimeo-id')}
          />
        )}
        {draft.source === 'hls' && (
          <TextField
            type="url"
            label={t('learningAdmin.videos.hlsUrl')}
            hint={t('learningAdmin.videos.hlsUrlHint')}
            maxLength={500}
            {...bind('hlsUrl', 'video-hls-url')}
          />
        )}
        {(draft.source === 'embed' || draft.source === 'iframe') && (
          <TextAreaField
            className="learning-form__full"
            label={t(`learningAdmin.videos.embedCode.${draft.source}`)}
            hint={t('learningAdmin.videos.embedHint')}
            rows={3}
            maxLength={4000}
            spellCheck={false}
            {...bind('embedCode', 'video-embed-code')}
          />
        )}
        {draft.source === 'upload' && (
          <div className="learning-form__full video-dialog__upload">
            {video?.assetId && video.assetId === draft.assetId && (
              <p className="video-dialog__current">
                {t('learningAdmin.videos.currentFile', { name: video.asset?.originalName ?? video.assetId })}{' '}
                <AssetStatus video={video} />
              </p>
            )}
            <VideoUploadField onUploaded={uploaded} />
            {newAsset && (
              <p className="field__hint" data-testid="video-asset-id" data-asset-id={draft.assetId}>
                {video ? t('learningAdmin.videos.uploadSet') : t('learningAdmin.videos.uploadSaveHint')}
              </p>
            )}
            {form.errors.assetId && (
              <p className="field__error" role="alert" data-testid="video-asset-error">
                {form.errorText('assetId')}
              </p>
            )}
          </div>
        )}
        <TextField
          type="number"
          min={1}
          label={t('learningAdmin.videos.item')}
          hint={t('learningAdmin.videos.itemHint')}
          {...bind('item', 'video-item')}
        />
        <SelectField label={t('learningAdmin.videos.status')} {...bind('status', 'video-status')}>
          {VIDEO_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`learningAdmin.videos.statuses.${s}`)}
            </option>
          ))}
        </SelectField>
        {draft.source !== 'upload' && (
          <TextField
            type="number"
            min={0}
            label={optional('learningAdmin.videos.durationSeconds')}
            {...bind('durationSeconds', 'video-duration')}
          />
        )}
        <div className="learning-form__full">
          <CheckField
            label={t('learningAdmin.videos.freePreview')}
            checked={draft.preview}
            onChange={(e) => set('preview', e.target.checked)}
            aria-describedby="video-free-preview-hint"
            data-testid="video-free-preview"
          />
          <p className="field__hint" id="video-free-preview-hint">
            {t('learningAdmin.videos.freePreviewHint')}
          </p>
        </div>
        <RecordingFields draft={draft} set={set} bind={bind} />
        <TextAreaField
          className="learning-form__full"
          label={optional('learningAdmin.videos.detail')}
          rows={3}
          maxLength={20_000}
          {...bind('detail', 'video-detail')}
        />
      </div>
    </FormDialog>
  );
}

/**
 * Issue 15: the live broadcast this video records — a stream, then one of its broadcasts (newest
 * first, with its call count) — and the broadcast's second where the video starts. Members then see
 * the broadcast's trade calls appear on the lesson as playback reaches them.
 */
function RecordingFields({
  draft,
  set,
  bind,
}: {
  draft: Draft;
  set: <K extends keyof Draft>(field: K, value: Draft[K]) => void;
  bind: ReturnType<typeof useEditForm<Draft>>['bind'];
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const streams = useLiveStreamOptions();
  const broadcasts = useBroadcasts(draft.recordingStreamId);
  const when = (iso: string) => formatDateTime(iso, language);
  return (
    <fieldset className="learning-form__full video-dialog__recording" data-testid="video-recording">
      <legend>{t('learningAdmin.videos.recording.title')}</legend>
      <p className="field__hint">{t('learningAdmin.videos.recording.hint')}</p>
      <div className="form__grid">
        <SelectField
          label={t('learningAdmin.videos.recording.stream')}
          value={draft.recordingStreamId}
          onChange={(e) => {
            set('recordingStreamId', e.target.value);
            set('recordingBroadcastId', '');
          }}
          data-testid="video-recording-stream"
        >
          <option value="">{t('learningAdmin.videos.recording.none')}</option>
          {streams.data?.items.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        {draft.recordingStreamId && (
          <SelectField
            label={t('learningAdmin.videos.recording.broadcast')}
            {...bind('recordingBroadcastId', 'video-recording-broadcast')}
          >
            <option value="">
              {broadcasts.isPending
                ? t('learningAdmin.videos.recording.loading')
                : broadcasts.data?.items.length
                  ? t('learningAdmin.videos.recording.chooseBroadcast')
                  : t('learningAdmin.videos.recording.noBroadcasts')}
            </option>
            {broadcasts.data?.items.map((b) => (
              <option key={b.id} value={b.id}>
                {t('learningAdmin.videos.recording.broadcastOption', {
                  start: when(b.startedAt),
                  end: b.endedAt ? when(b.endedAt) : t('learningAdmin.videos.recording.onAir'),
                  count: b.callCount,
                })}
              </option>
            ))}
          </SelectField>
        )}
        {draft.recordingBroadcastId && (
          <TextField
            type="number"
            min={0}
            label={t('learningAdmin.videos.recording.offset')}
            hint={t('learningAdmin.videos.recording.offsetHint')}
            {...bind('recordingOffsetS', 'video-recording-offset')}
          />
        )}
      </div>
    </fieldset>
  );
}
