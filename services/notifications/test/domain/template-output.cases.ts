import type { Locale } from '@rian/proto-contracts/enums';
import { bookingMailEmail } from '../../src/domain/booking-templates.js';
import { groupConfirmedEmail } from '../../src/domain/group-templates.js';
import { liveChatMessage } from '../../src/domain/live-templates.js';
import { newMemberChatText } from '../../src/domain/member-templates.js';
import {
  orderConfirmedEmail,
  paymentRejectedEmail,
  staffChatText,
} from '../../src/domain/order-templates.js';
import { codesLockedEmail } from '../../src/domain/security-templates.js';
import { TEMPLATE_CATALOG } from '../../src/domain/template-catalog.js';
import { emailCodeEmail } from '../../src/domain/templates.js';

/**
 * Every message function with the preview's sample data and with the variants its wording has
 * (optional lines, both purposes, singular minute, characters HTML must escape). Its output was
 * written to template-output.snapshot.json from the TypeScript templates before the wording moved
 * to files (issue 20); the move must not change one byte.
 */
export function renderEveryCase(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const ctx = { siteUrl: 'https://rian.example/', staffContact: 'LINE @rian' };
  for (const entry of TEMPLATE_CATALOG) {
    for (const locale of entry.locales) out[`catalog ${entry.name} ${locale}`] = entry.render(locale, ctx);
  }
  const locales: Locale[] = ['th', 'en'];
  const nasty = 'Tom & "Jerry" <b>\'s</b>';
  for (const locale of locales) {
    for (const purpose of ['register', 'password-reset'] as const) {
      out[`email-code ${purpose} ${locale} 1 minute`] = emailCodeEmail({
        code: '0042',
        purpose,
        locale,
        expiresInSeconds: 59,
      });
      out[`email-code ${purpose} ${locale} 15 minutes`] = emailCodeEmail({
        code: '<9&>',
        purpose,
        locale,
        expiresInSeconds: 900,
      });
    }
    out[`order-confirmed ${locale} no title`] = orderConfirmedEmail({
      reference: 'RIAN-<1>',
      productTitle: null,
      net: 5,
      siteUrl: 'https://rian.example//',
      locale,
    });
    out[`order-confirmed ${locale} nasty title`] = orderConfirmedEmail({
      reference: 'RIAN-0001',
      productTitle: nasty,
      net: 123_456_789,
      siteUrl: 'https://rian.example?a=1&b="2"',
      locale,
    });
    out[`payment-rejected ${locale} nasty note`] = paymentRejectedEmail({
      reference: 'RIAN-0002',
      amount: 100,
      note: nasty,
      siteUrl: 'https://rian.example',
      locale,
    });
    for (const groupType of ['line', 'facebook'] as const) {
      out[`group-confirmed ${groupType} ${locale} code and note`] = groupConfirmedEmail({
        groupType,
        groupName: nasty,
        groupUrl: 'https://facebook.com/groups/1?x=1&y=2',
        courseTitle: 'Forex <Basics>',
        code: 'A&B',
        note: 'มาก่อน 19:00 "ค่ะ"',
        siteUrl: 'https://rian.example/',
        locale,
      });
      out[`group-confirmed ${groupType} ${locale} bare`] = groupConfirmedEmail({
        groupType,
        groupName: 'G',
        groupUrl: 'https://line.me/R/ti/g/x',
        courseTitle: 'C',
        code: null,
        note: null,
        siteUrl: 'https://rian.example',
        locale,
      });
    }
    for (const status of ['new', 'wait'] as const) {
      for (const confirm of ['Y', 'N'] as const) {
        out[`booking-mail ${locale} ${status} ${confirm}`] = bookingMailEmail({
          name: nasty,
          lname: '',
          productTitle: 'หนังสือ <1>',
          status,
          confirm,
          quantity: 3,
          staffContact: status === 'new' ? '  ' : 'โทร 02-000-0000 & LINE "@rian"',
          siteUrl: 'https://rian.example/',
          locale,
        });
      }
    }
  }
  for (const locale of [null, 'th', 'en'] as const) {
    for (const purpose of ['register', 'password-reset'] as const) {
      out[`codes-locked ${purpose} ${locale}`] = codesLockedEmail({
        purpose,
        wrongCodes: 5,
        windowSeconds: 5400,
        lockedUntil: '2026-01-01T17:59:00.000Z',
        locale,
      });
    }
  }
  for (const nickname of [null, '  ', ' <ชาย> ']) {
    out[`new-member nickname ${JSON.stringify(nickname)}`] = newMemberChatText({
      memberCode: 'M0002',
      firstName: ' Somchai ',
      lastName: nickname === null ? '' : 'Jaidee',
      nickname,
      registeredAt: '2026-12-31T17:30:00.000Z',
    });
  }
  out['staff-chat order-paid'] = staffChatText('order-paid', 'RIAN-1', -150);
  out['staff-chat slip-submitted'] = staffChatText('slip-submitted', 'RIAN-2', 99_999_999);
  const at = '2026-11-26T13:00:00.000Z';
  out['live started'] = liveChatMessage({ name: 'Live <1>', live: 'Y', liveSince: at, changedAt: at });
  out['live started no since'] = liveChatMessage({ name: 'L', live: 'Y', liveSince: null, changedAt: at });
  out['live stopped'] = liveChatMessage({
    name: 'L',
    live: 'N',
    liveSince: at,
    changedAt: '2026-11-26T14:05:30.000Z',
  });
  out['live stopped short'] = liveChatMessage({
    name: 'L',
    live: 'N',
    liveSince: at,
    changedAt: '2026-11-26T13:00:30.000Z',
  });
  out['live stopped never live'] = liveChatMessage({ name: 'L', live: 'N', liveSince: null, changedAt: at });
  return out;
}
