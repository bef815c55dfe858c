import type { Locale } from '@rian/proto-contracts/enums';
import type { MemberGroupType } from '@rian/proto-contracts/learning-groups';
import { renderTemplate } from './template-files.js';
import type { RenderedEmail } from './templates.js';

/** Spec 01 §7 / 02 §7 ConfirmGroup: staff approved the member into a course's LINE or Facebook group. */
export const GROUP_CONFIRMED_TEMPLATE = 'learning.group-confirmed';

export interface GroupConfirmedInput {
  groupType: MemberGroupType;
  groupName: string;
  groupUrl: string;
  courseTitle: string;
  code: string | null;
  note: string | null;
  siteUrl: string;
  locale: Locale;
}

/** The ConfirmGroup e-mail, Thai or English: the group, its link, the member's code and the staff note. */
export function groupConfirmedEmail(input: GroupConfirmedInput): RenderedEmail {
  return renderTemplate(GROUP_CONFIRMED_TEMPLATE, input.locale, {
    line: input.groupType === 'line',
    groupName: input.groupName,
    groupUrl: input.groupUrl,
    courseTitle: input.courseTitle,
    code: input.code,
    note: input.note,
    link: `${input.siteUrl.replace(/\/+$/, '')}/member`,
  });
}
