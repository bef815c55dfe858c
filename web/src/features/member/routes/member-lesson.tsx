import { MemberLaterRoute } from './member-later';

/** Placeholder so the shell compiles; the member-lesson branch owns this page. */
export function MemberLessonRoute() {
  return <MemberLaterRoute />;
}
