import { on } from '@rian/kit/consumer';
import { ProductChatChannelsChanged } from '@rian/proto-contracts/catalog';
import { rememberProductChannels } from '../../plugins/app/product-channels.js';

/** A product's own chat channel changed (or the product went: both null): keep the newest. */
export const onCatalogProductChatChannelsChanged = on(ProductChatChannelsChanged, async (event, { em }) => {
  const { productId, lineTo, telegramChatId, changedAt } = event.data;
  await rememberProductChannels(em, productId, { lineTo, telegramChatId }, changedAt, event.id);
});
