/**
 * The fixed ids and codes of the demo data (npm start: CATALOG_SEED_DEMO, LEARNING_SEED_DEMO,
 * ORDERS_SEED_DEMO), where one service's demo rows name another's: each service seeds its own part,
 * and these say how the parts meet. Documented in the top-level README ("Demo data").
 */

/** learning's demo courses; catalog's demo products grant them */
export const DEMO_COURSE_IDS = {
  forexBasics: '01900000-0000-7000-8000-00000000c001',
  priceAction: '01900000-0000-7000-8000-00000000c002',
  setStocks: '01900000-0000-7000-8000-00000000c003',
} as const;

/**
 * A private PDF the demo's document names (kind document): media's MEDIA_SEED_DEMO stores a
 * generated one under this id. Learning lists the demo document as soon as media has announced it
 * (`media.file.stored`); until then the demo has none.
 */
export const DEMO_FILE_IDS = {
  forexSheet: '01900000-0000-7000-8000-0000000f0001',
} as const;

/** orders' demo coupon: 10% off any product */
export const DEMO_COUPON_CODE = 'RIANDEMO10';

/**
 * media's demo lesson video (MEDIA_SEED_DEMO): a generated test pattern transcoded to HLS; learning's
 * demo Forex lesson of today is an uploaded video on it, so the demo plays with no internet (signed
 * scope `hls/<id>`, file `master.m3u8`)
 */
export const DEMO_VIDEO_ASSET_ID = '01900000-0000-7000-8000-0000000a0001';

/**
 * learning's demo live streams (issue 15): the Forex course's channel (kind stream) and the live
 * trade room (kind trade, the spec's "id 3"). Without LEARNING_LIVE_ORIGIN, the local dev source
 * writes a rolling test-pattern playlist for each into media's `<MEDIA_DIR>/private/live/<id>/index.m3u8`
 * (signed scope `live/<id>`).
 */
export const DEMO_LIVE_STREAM_IDS = {
  forexLive: '01900000-0000-7000-8000-0000000e0001',
  liveTrade: '01900000-0000-7000-8000-0000000e0003',
} as const;
