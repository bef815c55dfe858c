import type { VideoPlayback } from '@rian/proto-contracts/learning-member';
import { LessonPlayer } from '@/features/member/components/player/lesson-player';
import '@/features/member/i18n-lessons';
import '@/features/member/routes/member-lesson.css';

/**
 * The member lesson's player (Vimeo, HLS, allowed embeds), for a free preview: its own chunk, loaded
 * only when /course/video/{id} has a video to play; hls.js and @vimeo/player load later still.
 */
export default function PublicCoursePlayer({ video }: { video: VideoPlayback }) {
  return <LessonPlayer video={video} />;
}
