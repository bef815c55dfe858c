import type { CourseCreateBody, CourseUpdateBody, CourseStatus } from '@rian/proto-contracts/learning';
import type { YesNo } from '@rian/proto-contracts/enums';

/** A course's stored fields, as staff write them (spec 02 §3 "Courses"). */
export interface CourseFields {
  title: string;
  code: string | null;
  detail: string | null;
  status: CourseStatus;
  date: string | null;
  liveStreaming: YesNo;
  liveStreamingId: string | null;
  liveStreamingPath: string | null;
  liveTradePath: string | null;
  liveTradeId: string | null;
}

/** Trimmed; blank is null (an emptied form field clears it). */
const text = (v: string | null | undefined): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

/**
 * The fields after a create (no `current`) or an update (absent keeps, null clears); a title
 * that is blank once trimmed is reported as `title` ("กรุณากรอกข้อมูล"), like a missing one.
 */
export function courseFields(
  body: CourseCreateBody | CourseUpdateBody,
  current?: CourseFields,
): { fields: CourseFields; blankTitle: boolean } {
  const pick = <K extends keyof CourseFields>(key: K, fresh: CourseFields[K]): CourseFields[K] =>
    key in body && body[key as keyof typeof body] !== undefined ? fresh : (current?.[key] ?? fresh);
  const title = body.title !== undefined ? body.title.trim() : (current?.title ?? '');
  const fields: CourseFields = {
    title,
    code: pick('code', text(body.code)),
    detail: pick('detail', text(body.detail)),
    status: body.status ?? current?.status ?? 'open',
    date: pick('date', body.date ?? null),
    liveStreaming: body.liveStreaming ?? current?.liveStreaming ?? 'N',
    liveStreamingId: pick('liveStreamingId', body.liveStreamingId ?? null),
    liveStreamingPath: pick('liveStreamingPath', text(body.liveStreamingPath)),
    liveTradePath: pick('liveTradePath', text(body.liveTradePath)),
    liveTradeId: pick('liveTradeId', body.liveTradeId ?? null),
  };
  return { fields, blankTitle: title === '' };
}
