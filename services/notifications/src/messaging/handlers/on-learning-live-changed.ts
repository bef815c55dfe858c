import { on } from '@rian/kit/consumer';
import { LiveChanged } from '@rian/proto-contracts/learning-live';
import type { Config } from '../../config.js';
import { liveChatMessage } from '../../domain/live-templates.js';
import { enqueueStaffChat, staffChatTargets } from '../../plugins/app/staff-chat.js';

/**
 * Staff switched a stream on or off air: the staff chat hears "<stream> เริ่มถ่ายทอดสดแล้ว" or the
 * stop with its time on air, once per event (the kit's inbox, and the delivery log's unique event
 * id + template). Members' LINE alerts are issue 20, not here.
 */
export const onLearningLiveChanged = (config: Config) =>
  on(LiveChanged, async (event, { em }) => {
    const { template, text } = liveChatMessage(event.data);
    await enqueueStaffChat(em, staffChatTargets(config), { eventId: event.id, template, text });
  });
