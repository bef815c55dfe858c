import type { Locale } from '@rian/proto-contracts/enums';
import { BOOKING_MAIL_TEMPLATE, bookingMailEmail } from './booking-templates.js';
import { GROUP_CONFIRMED_TEMPLATE, groupConfirmedEmail } from './group-templates.js';
import { LIVE_STARTED_TEMPLATE, LIVE_STOPPED_TEMPLATE, liveChatMessage } from './live-templates.js';
import { NEW_MEMBER_CHAT_TEMPLATE, newMemberChatText } from './member-templates.js';
import {
  ORDER_CONFIRMED_TEMPLATE,
  ORDER_IMAGE_TEMPLATE,
  orderImageWords,
  PAYMENT_REJECTED_TEMPLATE,
  orderConfirmedEmail,
  paymentRejectedEmail,
  staffChatText,
} from './order-templates.js';
import {
  CODES_LOCKED_TEMPLATE,
  codesLockedEmail,
  PASSWORD_CHANGED_TEMPLATE,
  passwordChangedEmail,
} from './security-templates.js';
import {
  LINE_CHECK_IN_RECEIPT_TEMPLATE,
  LINE_LIVE_STARTED_TEMPLATE,
  LINE_SESSION_REMINDER_TEMPLATE,
  checkInReceiptLine,
  liveStartedLine,
  sessionReminderLine,
} from './line-templates.js';
import { TEMPLATE_SPECS } from './template-files.js';
import { emailCodeEmail, emailCodeTemplateName, type RenderedEmail } from './templates.js';

/** What a preview needs besides the locale (the site's address and how members reach staff). */
export interface PreviewContext {
  siteUrl: string;
  staffContact: string;
}

export interface CatalogEntry {
  name: string;
  /** email: a member's e-mail; chat: the staff chat (LINE / Telegram); line: a push to a member's LINE */
  channel: 'email' | 'chat' | 'line';
  /** a member's mail or LINE push is written in their language; staff chat is Thai only */
  locales: Locale[];
  render: (locale: Locale, ctx: PreviewContext) => RenderedEmail;
}

const chat = (text: string): RenderedEmail => ({ subject: text.split('\n')[0] ?? '', text, html: '' });

type Sample = Pick<CatalogEntry, 'name' | 'render'>;

/**
 * Sample data for every message notifications writes: what the staff preview renders (issue 20).
 * The samples are made up (no member's data). A template's channel and languages are its spec's
 * (template-files.ts TEMPLATE_SPECS, with its files in services/notifications/templates/); a new
 * template needs a sample here too, or the service does not start.
 */
const SAMPLES: Sample[] = [
  ...(['register', 'password-reset'] as const).map((purpose): Sample => ({
    name: emailCodeTemplateName(purpose),
    render: (locale) => emailCodeEmail({ code: '4821', purpose, locale, expiresInSeconds: 600 }),
  })),
  {
    name: CODES_LOCKED_TEMPLATE,
    render: (locale) =>
      codesLockedEmail({
        purpose: 'password-reset',
        wrongCodes: 10,
        windowSeconds: 86_400,
        lockedUntil: '2026-11-27T04:30:00.000Z',
        locale,
      }),
  },
  {
    name: PASSWORD_CHANGED_TEMPLATE,
    render: (locale, ctx) =>
      passwordChangedEmail({ changedAt: '2026-11-26T14:05:00.000Z', siteUrl: ctx.siteUrl, locale }),
  },
  {
    name: ORDER_CONFIRMED_TEMPLATE,
    render: (locale, ctx) =>
      orderConfirmedEmail({
        reference: 'RIAN-0007',
        productTitle: 'คอร์สเทรดหุ้น',
        net: 150_050,
        siteUrl: ctx.siteUrl,
        locale,
      }),
  },
  {
    name: PAYMENT_REJECTED_TEMPLATE,
    render: (locale, ctx) =>
      paymentRejectedEmail({
        reference: 'RIAN-0009',
        amount: 150_050,
        note: locale === 'en' ? 'The amount on the slip does not match.' : 'ยอดเงินในสลิปไม่ตรงกับยอดที่ต้องชำระ',
        siteUrl: ctx.siteUrl,
        locale,
      }),
  },
  {
    name: GROUP_CONFIRMED_TEMPLATE,
    render: (locale, ctx) =>
      groupConfirmedEmail({
        groupType: 'line',
        groupName: 'Forex Basics — LINE',
        groupUrl: 'https://line.me/R/ti/g/example',
        courseTitle: 'Forex Basics',
        code: 'FX01-001',
        note: null,
        siteUrl: ctx.siteUrl,
        locale,
      }),
  },
  {
    name: BOOKING_MAIL_TEMPLATE,
    render: (locale, ctx) =>
      bookingMailEmail({
        name: 'สมชาย',
        lname: 'ใจดี',
        productTitle: 'หนังสือเทรดหุ้น',
        status: 'wait',
        confirm: 'N',
        quantity: 1,
        staffContact: ctx.staffContact,
        siteUrl: ctx.siteUrl,
        locale,
      }),
  },
  {
    name: NEW_MEMBER_CHAT_TEMPLATE,
    render: () =>
      chat(
        newMemberChatText({
          memberCode: 'M0001',
          firstName: 'สมชาย',
          lastName: 'ใจดี',
          nickname: 'ชาย',
          registeredAt: '2026-11-26T14:05:00.000Z',
        }),
      ),
  },
  {
    name: 'staff-chat.order-paid',
    render: () => chat(staffChatText('order-paid', 'RIAN-0007', 150_050)),
  },
  {
    // the words on the picture (the chat message beside it is staff-chat.order-paid's)
    name: ORDER_IMAGE_TEMPLATE,
    render: () => {
      const words = orderImageWords(false, 'RIAN-0007');
      return chat(`${words.heading}\n${words.referenceLine}`);
    },
  },
  {
    name: 'staff-chat.slip-submitted',
    render: () => chat(staffChatText('slip-submitted', 'RIAN-0010', 150_050)),
  },
  {
    name: LIVE_STARTED_TEMPLATE,
    render: () =>
      chat(
        liveChatMessage({
          name: 'ไลฟ์ Forex',
          live: 'Y',
          liveSince: '2026-11-26T12:00:00.000Z',
          changedAt: '2026-11-26T12:00:00.000Z',
        }).text,
      ),
  },
  {
    name: LIVE_STOPPED_TEMPLATE,
    render: () =>
      chat(
        liveChatMessage({
          name: 'ไลฟ์ Forex',
          live: 'N',
          liveSince: '2026-11-26T12:00:00.000Z',
          changedAt: '2026-11-26T13:05:00.000Z',
        }).text,
      ),
  },
  {
    name: LINE_SESSION_REMINDER_TEMPLATE,
    render: (locale, ctx) =>
      sessionReminderLine({
        title: locale === 'en' ? 'Forex live class' : 'เรียนสด Forex',
        type: 'meeting',
        startsAt: '2026-12-01T12:00:00.000Z',
        siteUrl: ctx.siteUrl,
        locale,
      }),
  },
  {
    name: LINE_LIVE_STARTED_TEMPLATE,
    render: (locale, ctx) =>
      liveStartedLine({ name: 'ไลฟ์ทองคำ', kind: 'stream', siteUrl: ctx.siteUrl, locale }),
  },
  {
    name: LINE_CHECK_IN_RECEIPT_TEMPLATE,
    render: (locale) =>
      checkInReceiptLine({
        sessionTitle: locale === 'en' ? 'Gold trading seminar' : 'สัมมนาเทรดทองคำ',
        checkedInAt: '2026-12-05T02:07:00.000Z',
        locale,
      }),
  },
];

/** Every message with its channel, languages and sample: the staff preview's list, in the specs' order. */
for (const x of SAMPLES) {
  if (!TEMPLATE_SPECS.some((spec) => spec.name === x.name)) {
    throw new Error(`preview sample ${x.name}: no such message template in template-files.ts`);
  }
}
export const TEMPLATE_CATALOG: CatalogEntry[] = TEMPLATE_SPECS.map((spec) => {
  const sample = SAMPLES.find((x) => x.name === spec.name);
  if (!sample) throw new Error(`message template ${spec.name}: no preview sample in template-catalog.ts`);
  return { name: spec.name, channel: spec.channel, locales: [...spec.locales], render: sample.render };
});
