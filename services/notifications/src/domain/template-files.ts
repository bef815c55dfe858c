import type { Locale } from '@rian/proto-contracts/enums';
import { TEMPLATES_DIR, TEMPLATES_REPO_PATH } from '../templates-dir.js';
import {
  loadTemplates,
  type RenderedMessage,
  type TemplateSpec,
  type TemplateValues,
} from './template-renderer.js';

const both: Locale[] = ['th', 'en'];
const thai: Locale[] = ['th'];

/**
 * Every message template kept in services/notifications/templates/ and the values its files may
 * name (the TypeScript that fills it computes them). A new message: a spec here, its files, and an
 * entry with sample data in template-catalog.ts.
 */
export const TEMPLATE_SPECS: readonly TemplateSpec[] = [
  ...(['register', 'password-reset'] as const).map((purpose): TemplateSpec => ({
    name: `auth.email-code.${purpose}`,
    channel: 'email',
    locales: both,
    values: ['code', 'minutes', 'oneMinute'],
  })),
  {
    name: 'auth.email-codes-locked',
    channel: 'email',
    locales: both,
    values: ['passwordReset', 'wrongCodes', 'hours', 'lockedUntilTh', 'lockedUntilEn'],
  },
  {
    name: 'auth.password-changed',
    channel: 'email',
    locales: both,
    values: ['changedAt', 'link'],
  },
  {
    name: 'orders.order-confirmed',
    channel: 'email',
    locales: both,
    values: ['reference', 'productTitle', 'amount', 'link'],
  },
  {
    name: 'payments.payment-rejected',
    channel: 'email',
    locales: both,
    values: ['reference', 'amount', 'note', 'link'],
  },
  {
    name: 'learning.group-confirmed',
    channel: 'email',
    locales: both,
    values: ['line', 'groupName', 'groupUrl', 'courseTitle', 'code', 'note', 'link'],
  },
  {
    name: 'bookings.booking-mail',
    channel: 'email',
    locales: both,
    values: ['name', 'productTitle', 'statusNew', 'confirmed', 'quantity', 'staffContact', 'link'],
  },
  {
    name: 'staff-chat.member-registered',
    channel: 'chat',
    locales: thai,
    values: ['memberCode', 'name', 'nickname', 'registeredAt'],
  },
  { name: 'staff-chat.order-paid', channel: 'chat', locales: thai, values: ['reference', 'amount'] },
  { name: 'staff-chat.slip-submitted', channel: 'chat', locales: thai, values: ['reference', 'amount'] },
  /** the words on the paid-order picture: the heading, then the reference line */
  {
    name: 'staff-chat.order-image',
    channel: 'chat',
    locales: thai,
    values: ['installments', 'reference'],
  },
  { name: 'staff-chat.live-started', channel: 'chat', locales: thai, values: ['name', 'time'] },
  {
    name: 'staff-chat.live-stopped',
    channel: 'chat',
    locales: thai,
    values: ['name', 'onAir', 'duration', 'from', 'to'],
  },
  // the members' LINE pushes (plain text; the first line is the delivery log's subject)
  {
    name: 'line.session-reminder',
    channel: 'line',
    locales: both,
    values: ['title', 'meeting', 'live', 'real', 'date', 'time', 'link'],
  },
  { name: 'line.live-started', channel: 'line', locales: both, values: ['name', 'link'] },
  { name: 'line.check-in-receipt', channel: 'line', locales: both, values: ['sessionTitle', 'date', 'time'] },
];

/** read and checked once, when the service loads: a broken template stops the start */
const store = loadTemplates(TEMPLATES_DIR, TEMPLATE_SPECS);

/** One message in one language from its files; the values exactly the ones its spec declares. */
export function renderTemplate(name: string, locale: Locale, values: TemplateValues): RenderedMessage {
  return store.render(name, locale, values);
}

/** The repository paths of the files a message in that language comes from (what staff edit). */
export function templatePaths(name: string, locale: Locale): string[] {
  return store.files(name, locale).map((f) => `${TEMPLATES_REPO_PATH}/${f}`);
}
