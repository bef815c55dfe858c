import { useTranslation } from 'react-i18next';
import type { VideoPlayback } from '@rian/proto-contracts/learning-member';
import { allowedEmbed, vimeoPlayerUrl } from './embed-allow-list';
import { EmbedPlayer } from './embed-player';
import { HlsPlayer } from './hls-player';
import type { PlayerControl, PlayerEvents } from './player-state';
import { VimeoPlayer } from './vimeo-player';

/** The playable form of a lesson's video, or why there is none. */
export type PlayerChoice =
  | { player: 'hls'; src: string; poster: string | null }
  | { player: 'vimeo'; url: string }
  | { player: 'embed'; url: string }
  | { player: 'none'; reason: 'processing' | 'unavailable' };

/** Which player plays `video`: by its source, and only from an allowed address. */
export function choosePlayer(video: VideoPlayback): PlayerChoice {
  switch (video.source) {
    case 'upload':
      return video.playbackUrl
        ? { player: 'hls', src: video.playbackUrl, poster: video.posterUrl }
        : { player: 'none', reason: 'processing' };
    case 'hls':
      return video.hlsUrl?.startsWith('https://')
        ? { player: 'hls', src: video.hlsUrl, poster: null }
        : { player: 'none', reason: 'unavailable' };
    case 'vimeo': {
      const url = vimeoPlayerUrl(video.vimeoId);
      return url ? { player: 'vimeo', url } : { player: 'none', reason: 'unavailable' };
    }
    case 'embed':
    case 'iframe': {
      const embed = allowedEmbed(video.embedUrl);
      if (!embed) return { player: 'none', reason: 'unavailable' };
      return embed.kind === 'vimeo'
        ? { player: 'vimeo', url: embed.url }
        : { player: 'embed', url: embed.url };
    }
    default:
      return { player: 'none', reason: 'unavailable' };
  }
}

/** The lesson's video in the player its source needs (an embed ignores `startAt`, `stopped` and `seekTo`). */
export function LessonPlayer({
  video,
  startAt,
  stopped,
  seekTo,
  ...events
}: { video: VideoPlayback } & PlayerEvents & PlayerControl) {
  const control = { startAt, stopped, seekTo };
  const { t } = useTranslation();
  const choice = choosePlayer(video);
  switch (choice.player) {
    case 'hls':
      return (
        <HlsPlayer
          key={choice.src}
          src={choice.src}
          poster={choice.poster}
          title={video.name}
          {...events}
          {...control}
        />
      );
    case 'vimeo':
      return <VimeoPlayer key={choice.url} url={choice.url} title={video.name} {...events} {...control} />;
    case 'embed':
      return <EmbedPlayer key={choice.url} url={choice.url} title={video.name} {...events} />;
    default:
      return (
        <div
          className="lesson-player lesson-player--empty"
          data-state="error"
          data-testid="lesson-player"
          data-player="none"
          role="status"
        >
          {t(choice.reason === 'processing' ? 'member.lessons.processing' : 'member.lessons.unavailable')}
        </div>
      );
  }
}
