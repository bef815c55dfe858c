import type { GroupRequestStatus, MemberGroupType } from '@rian/proto-contracts/learning-groups';

/**
 * A member's request to join a group (spec 02 §4 "Member group user": updating sets approve_by and
 * the note; removal sets approve_by back to none). A request starts `requested`; staff approve it
 * (`approved`, who and when kept) and may un-approve it, which puts it back to `requested`. Which
 * move is allowed is data: the routes answer 409 `learning.group_request_state` for any other.
 */
export const GROUP_REQUEST_NEW: GroupRequestStatus = 'requested';

export const GROUP_REQUEST_TRANSITIONS: Readonly<Record<GroupRequestStatus, readonly GroupRequestStatus[]>> =
  {
    requested: ['approved'],
    approved: ['requested'],
  };

export function canMoveRequest(from: GroupRequestStatus, to: GroupRequestStatus): boolean {
  return GROUP_REQUEST_TRANSITIONS[from].includes(to);
}

/** The enrolment flag a group's approval sets (spec 01 user_courses_line / user_courses_facebook). */
export function enrolmentFlagOf(type: MemberGroupType): 'line' | 'facebook' {
  return type;
}

/**
 * Gennarate: the code of the n-th member (1-based, in request order) of a group of a course with
 * `courseCode` — "<course code>-<nnn>", or "G-<nnn>" when the course has no code.
 */
export function groupMemberCode(courseCode: string | null, n: number): string {
  return `${courseCode?.trim() || 'G'}-${String(n).padStart(3, '0')}`;
}
