import type { Locale } from '@rian/proto-contracts/enums';
import type { MemberGroupType } from '@rian/proto-contracts/learning-groups';
import { escapeHtml, type RenderedEmail } from './templates.js';

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

const KIND: Record<Locale, Record<MemberGroupType, string>> = {
  th: { line: 'กลุ่ม LINE', facebook: 'กลุ่ม Facebook' },
  en: { line: 'LINE group', facebook: 'Facebook group' },
};

/** The ConfirmGroup e-mail, Thai or English: the group, its link, the member's code and the staff note. */
export function groupConfirmedEmail(input: GroupConfirmedInput): RenderedEmail {
  const kind = KIND[input.locale][input.groupType];
  const member = `${input.siteUrl.replace(/\/+$/, '')}/member`;
  const lines =
    input.locale === 'en'
      ? [
          `You are now a member of the ${kind} "${input.groupName}" of the course ${input.courseTitle}.`,
          `Group link: ${input.groupUrl}`,
          ...(input.code ? [`Your code in the group: ${input.code}`] : []),
          ...(input.note ? [`Note from our staff: ${input.note}`] : []),
          '',
          'The Rian team',
        ]
      : [
          `เจ้าหน้าที่อนุมัติให้คุณเข้า${kind} "${input.groupName}" ของคอร์ส ${input.courseTitle} แล้ว`,
          `ลิงก์กลุ่ม: ${input.groupUrl}`,
          ...(input.code ? [`รหัสของคุณในกลุ่ม: ${input.code}`] : []),
          ...(input.note ? [`หมายเหตุจากเจ้าหน้าที่: ${input.note}`] : []),
          '',
          'ทีมงาน Rian',
        ];
  const subject =
    input.locale === 'en'
      ? `You have joined the ${kind} of ${input.courseTitle} - Rian`
      : `ยืนยันการเข้า${kind} คอร์ส ${input.courseTitle} - Rian`;
  const text = [...lines, '', member, ''].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${input.locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; color: #222;">',
    ...lines.filter((l) => l !== '').map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(member)}">${escapeHtml(member)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
