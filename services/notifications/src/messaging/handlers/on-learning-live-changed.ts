import { on } from '@rian/kit/consumer';
import { LiveChanged } from '@rian/proto-contracts/learning-live';
import type { Config } from '../../config.js';
import { liveChatMessage } from '../../domain/live-templates.js';
import { LINE_LIVE_STARTED_TEMPLATE, bangkokParts, liveStartedLine } from '../../domain/line-templates.js';
import { enqueueStaffChat, staffChatTargets } from '../../plugins/app/staff-chat.js';
import { enqueueMemberLine, linkedMembersOf } from '../../plugins/app/member-line.js';

/**
 * Staff switched a stream on or off air: the staff chat hears "<stream> เริ่มถ่ายทอดสดแล้ว" or the
 * stop with its time on air, once per event (the kit's inbox, and the delivery log's unique event
 * id + template).
 *
 * Going on air also tells the members (issue 20), where member LINE is configured: every member with
 * LINE linked whose enrolment in one of `courseIds` is active on the Bangkok day it went live, once
 * per stream and `liveSince` (the push is named by both and the member: the same start told again,
 * by a duplicate or a replay, writes nothing). A start heard more than LIVE_ALERT_LATE_MS after it
 * happened (notifications was down, the bus replayed) tells the members nothing: "live now" would
 * likely be untrue by then. `clock` is now (a test sets it).
 */
export const LIVE_ALERT_LATE_MS = 60 * 60_000;

export const onLearningLiveChanged = (config: Config, clock: () => Date = () => new Date()) =>
  on(LiveChanged, async (event, { em }) => {
    const { template, text } = liveChatMessage(event.data);
    await enqueueStaffChat(em, staffChatTargets(config), { eventId: event.id, template, text });
    const d = event.data;
    if (d.live !== 'Y' || !config.LINE_MEMBER_CHANNEL_TOKEN) return;
    const since = d.liveSince ?? d.changedAt;
    if (clock().getTime() - Date.parse(since) > LIVE_ALERT_LATE_MS) return;
    const members = await linkedMembersOf(em, d.courseIds, bangkokParts(since).day);
    for (const to of members) {
      await enqueueMemberLine(em, {
        to,
        template: LINE_LIVE_STARTED_TEMPLATE,
        message: liveStartedLine({ name: d.name, kind: d.kind, siteUrl: config.SITE_URL, locale: to.locale }),
        key: `live-started:${d.streamId}:${new Date(since).toISOString()}:${to.userId}`,
      });
    }
  });
