import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoSort, VideoStaff } from '@rian/proto-contracts/learning-content';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/select-field';
import { StaffListPage } from '@/components/ui/staff-list-page';
import type { ListParams } from '@/hooks/use-list-params';
import { useStaffList } from '@/hooks/use-staff-list';
import { useCourseOptions } from '../api/content';
import { useDeleteVideo, useVideos, VIDEO_SORTS } from '../api/videos';
import { AssetStatus } from '../components/asset-status';
import { formatDuration } from '../lib/format-duration';
import { VideoDialog } from '../components/video-dialog';
import { VideoAudienceDialog } from '../components/video-audience-dialog';
import { VideoPreviewDialog } from '../components/video-preview-dialog';
import '../learning-admin.css';
import '../i18n';
import '../i18n-watch';

const useVideoItems = (params: ListParams<VideoSort>, filters: { course: string }) =>
  useVideos(params, filters.course);

/** What a video plays: the Vimeo id, the HLS / player address (as text, never as HTML), the uploaded file. */
function sourceText(v: VideoStaff): string | null {
  switch (v.source) {
    case 'vimeo':
      return v.vimeoId;
    case 'hls':
      return v.hlsUrl;
    case 'embed':
    case 'iframe':
      return v.embedUrl;
    case 'upload':
      return v.asset?.originalName ?? null;
  }
}

/**
 * /admin/video — lesson videos by course (spec 01 §3 "Video"): source, order, status, duration, and
 * for uploads the asset's state with its transcoding progress (the list polls while one is on its
 * way); create/edit with a resumable upload; a staff preview of a ready upload.
 */
export function AdminVideosRoute() {
  const { t } = useTranslation();
  const courses = useCourseOptions();
  const list = useStaffList({
    sorts: VIDEO_SORTS,
    defaultSort: 'item',
    filterKeys: ['course'],
    useItems: useVideoItems,
    useRemove: useDeleteVideo,
  });
  const [preview, setPreview] = useState<VideoStaff | null>(null);
  const [audience, setAudience] = useState<VideoStaff | null>(null);
  const courseTitle = (id: string) => courses.data?.items.find((c) => c.id === id)?.title ?? '–';

  const columns: Column<VideoStaff>[] = [
    {
      key: 'name',
      label: t('learningAdmin.videos.name'),
      sortField: 'name',
      className: 'learning-admin__name',
      render: (v) => (
        <>
          {v.name}
          {!list.filters.course && <span className="table__sub">{courseTitle(v.courseId)}</span>}
        </>
      ),
    },
    {
      key: 'source',
      label: t('learningAdmin.videos.source'),
      className: 'learning-admin__source-col',
      render: (v) => {
        const text = sourceText(v);
        return (
          <>
            <span data-testid="video-row-source" data-source={v.source}>
              {t(`learningAdmin.videos.sources.${v.source}`)}
            </span>
            {text && <span className="table__sub learning-admin__source">{text}</span>}
          </>
        );
      },
    },
    { key: 'item', label: t('learningAdmin.videos.item'), sortField: 'item', render: (v) => v.item },
    {
      key: 'status',
      label: t('learningAdmin.videos.status'),
      className: 'table__nowrap',
      render: (v) => (
        <span className={`badge badge--${v.status === 'show' ? 'sent' : 'pending'}`} data-status={v.status}>
          {t(`learningAdmin.videos.statuses.${v.status}`)}
        </span>
      ),
    },
    {
      key: 'preview',
      label: t('learningAdmin.videos.freePreviewColumn'),
      className: 'table__nowrap',
      render: (v) =>
        v.preview === 'Y' ? (
          <span className="badge badge--sent" data-testid="video-free-preview-badge">
            {t('learningAdmin.videos.freePreviewYes')}
          </span>
        ) : null,
    },
    {
      key: 'duration',
      label: t('learningAdmin.videos.duration'),
      className: 'table__nowrap',
      render: (v) => formatDuration(v.durationSeconds ?? v.asset?.durationSeconds),
    },
    {
      key: 'asset',
      label: t('learningAdmin.videos.upload.title'),
      className: 'learning-admin__asset',
      render: (v) => <AssetStatus video={v} />,
    },
  ];

  return (
    <StaffListPage
      list={list}
      testId="videos"
      title={t('learningAdmin.videos.title')}
      newLabel={t('learningAdmin.videos.new')}
      searchLabel={t('learningAdmin.search')}
      searchHint={t('learningAdmin.videos.searchHint')}
      filters={
        <SelectField
          label={t('learningAdmin.videos.course')}
          value={list.filters.course}
          onChange={(e) => list.setFilters({ course: e.target.value })}
          data-testid="videos-course-filter"
        >
          <option value="">{t('learningAdmin.videos.anyCourse')}</option>
          {courses.data?.items.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
      }
      columns={columns}
      tableClassName="table--sticky-first"
      rowActions={{
        label: t('learningAdmin.actions'),
        edit: {
          label: t('learningAdmin.edit'),
          testId: 'video-edit',
          ariaLabel: (v) => t('learningAdmin.editOf', { name: v.name }),
        },
        extra: (v) => (
          <>
            {v.source === 'upload' && v.asset?.status === 'ready' && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setPreview(v)}
                aria-label={t('learningAdmin.videos.previewNamed', { name: v.name })}
                data-testid="video-preview-open"
              >
                {t('learningAdmin.videos.preview')}
              </Button>
            )}
            {/* issue 14: who watched it and where they stopped */}
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setAudience(v)}
              aria-label={t('watchAdmin.audience.openFor', { name: v.name })}
              data-testid="video-audience-open"
            >
              {t('watchAdmin.audience.open')}
            </Button>
          </>
        ),
        remove: {
          label: t('learningAdmin.delete'),
          testId: 'video-delete',
          ariaLabel: (v) => t('learningAdmin.deleteOf', { name: v.name }),
        },
      }}
      dialog={(video, close) => <VideoDialog video={video} courseId={list.filters.course} onClose={close} />}
      confirmDelete={{
        title: t('learningAdmin.videos.deleteTitle'),
        description: (v) => t('learningAdmin.videos.deleteText', { name: v.name }),
        confirmLabel: t('learningAdmin.delete'),
      }}
    >
      {preview && <VideoPreviewDialog video={preview} onClose={() => setPreview(null)} />}
      {audience && <VideoAudienceDialog video={audience} onClose={() => setAudience(null)} />}
    </StaffListPage>
  );
}
