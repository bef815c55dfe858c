import { MemberLaterRoute } from './member-later';

/** Placeholder so the shell compiles; the member-calendar branch owns this page. */
export function MemberCalendarRoute() {
  return <MemberLaterRoute />;
}
