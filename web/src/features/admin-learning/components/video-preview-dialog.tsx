import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoStaff } from '@rian/proto-contracts/learning-content';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useVideoPlayback } from '../api/videos';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * Staff preview of a ready upload: media signs a short-lived playlist address; Safari plays HLS
 * itself, other browsers through hls.js — loaded here only (its own chunk), never with the page.
 */
export function VideoPreviewDialog({ video, onClose }: { video: VideoStaff; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const playback = useVideoPlayback(video.assetId ?? '');
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const url = playback.data?.playlistUrl;

  useEffect(() => {
    const element = ref.current;
    if (!element || !url) return;
    if (element.canPlayType(HLS_TYPE)) {
      element.src = url;
      return;
    }
    let destroy = () => {};
    let live = true;
    void import('hls.js')
      .then(({ default: Hls }) => {
        if (!live) return;
        if (!Hls.isSupported()) {
          setFailed(true);
          return;
        }
        // no worker: the page's CSP allows scripts from our origin only (no blob: workers)
        const hls = new Hls({ enableWorker: false });
        hls.on(Hls.Events.ERROR, (_event, data) => data.fatal && setFailed(true));
        hls.loadSource(url);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      })
      .catch(() => setFailed(true));
    return () => {
      live = false;
      destroy();
    };
  }, [url]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('learningAdmin.videos.previewTitle')}
        description={video.name}
        closeLabel={t('form.close')}
        className="dialog--wide"
        data-testid="video-preview"
      >
        {playback.isError && <Alert>{problemText(playback.error, language)}</Alert>}
        {playback.isPending && <Spinner label={t('admin.loading')} />}
        {failed && <Alert>{t('learningAdmin.videos.previewFailed')}</Alert>}
        {url && (
          <video
            ref={ref}
            className="video-preview__player"
            controls
            playsInline
            poster={playback.data?.posterUrl}
            aria-label={video.name}
            data-testid="video-preview-player"
            data-src={url}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
