/**
 * The staff chat message about a new member (spec 01 §1: "Registration also sends a text
 * notification about the new member to a staff chat channel").
 *
 * Personal data kept to what staff need to recognise the member and find them in the back office:
 * the member code, the first name with the last name's initial, and the Bangkok time of
 * registration. No e-mail address, phone number or full last name: a chat group is shared more
 * widely than the back office and keeps its history outside our control.
 */
import { renderTemplate } from './template-files.js';

export const NEW_MEMBER_CHAT_TEMPLATE = 'staff-chat.member-registered';

export interface NewMemberInput {
  memberCode: string;
  firstName: string;
  lastName: string;
  nickname: string | null;
  registeredAt: string;
}

/** `Somchai J.` — the first name and the last name's first letter. */
export function shortName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${first} ${initial}.` : first;
}

/** `26/11/2026 21:05` in Asia/Bangkok. */
export function bangkokDateTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}

/** The staff chat text (Thai: staff work in Thai). */
export function newMemberChatText(m: NewMemberInput): string {
  return renderTemplate(NEW_MEMBER_CHAT_TEMPLATE, 'th', {
    memberCode: m.memberCode,
    name: shortName(m.firstName, m.lastName),
    nickname: m.nickname?.trim() ?? '',
    registeredAt: bangkokDateTime(m.registeredAt),
  }).text;
}
