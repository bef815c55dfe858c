import { useTranslation } from 'react-i18next';
import type { VideoStaff } from '@rian/proto-contracts/learning-content';
import { ProgressBar } from './progress-bar';

const BADGE = {
  uploading: 'pending',
  queued: 'pending',
  transcoding: 'pending',
  ready: 'sent',
  failed: 'failed',
} as const;

/** An uploaded video's asset: its state, transcoding progress, and why it failed. */
export function AssetStatus({ video }: { video: VideoStaff }) {
  const { t } = useTranslation();
  if (video.source !== 'upload') return null;
  if (!video.assetId) {
    return <span className="badge badge--failed">{t('learningAdmin.videos.assetStatuses.none')}</span>;
  }
  const asset = video.asset;
  if (!asset) {
    return (
      <span className="badge badge--pending" data-testid="video-asset-status" data-status="pending">
        {t('learningAdmin.videos.assetStatuses.pending')}
      </span>
    );
  }
  return (
    <span className="asset-status">
      <span
        className={`badge badge--${BADGE[asset.status]}`}
        data-testid="video-asset-status"
        data-status={asset.status}
      >
        {t(`learningAdmin.videos.assetStatuses.${asset.status}`)}
      </span>
      {(asset.status === 'transcoding' || asset.status === 'queued') && (
        <ProgressBar
          label={t('learningAdmin.videos.transcoding', { name: video.name })}
          value={asset.progress}
          testId="video-asset-progress"
        />
      )}
      {asset.status === 'failed' && asset.error && (
        <span className="table__error" data-testid="video-asset-error">
          {asset.error}
        </span>
      )}
    </span>
  );
}
