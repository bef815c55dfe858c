import type { YesNo } from '@rian/proto-contracts/enums';
import type {
  VideoCreateBody,
  VideoSource,
  VideoStatus,
  VideoUpdateBody,
} from '@rian/proto-contracts/learning-content';
import { blankProblems, isHttpsUrl, optionalText, patched, type FieldProblem } from './field-rules.js';

/** A video's stored fields as staff write them (spec 01 §3 "Video"). */
export interface VideoFields {
  source: VideoSource;
  vimeoId: string | null;
  hlsUrl: string | null;
  embedUrl: string | null;
  assetId: string | null;
  name: string;
  detail: string | null;
  item: number;
  status: VideoStatus;
  durationSeconds: number | null;
  path: string | null;
  /** Y: a free preview on the public course pages (default N) */
  preview: YesNo;
  /** issue 15: the live broadcast it records (null: none) and where in it the video starts */
  recordingBroadcastId: string | null;
  recordingOffsetS: number;
}

/**
 * The players a video may be embedded from. Each is an https host and the path its embed URLs
 * have; anything else (another site, a script, a page) is refused.
 */
const PLAYERS: readonly { hosts: readonly string[]; path: RegExp }[] = [
  { hosts: ['player.vimeo.com'], path: /^\/video\/[0-9]{1,20}\/?$/ },
  {
    hosts: ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com'],
    path: /^\/embed\/[A-Za-z0-9_-]{6,64}\/?$/,
  },
];

/** The src of the first <iframe> in `code` (quoted or not), or null when there is none. */
function iframeSrc(code: string): string | null {
  const tag = /<iframe\b[^>]*>/i.exec(code)?.[0];
  if (!tag) return null;
  const m = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(tag);
  const src = m?.[1] ?? m?.[2] ?? m?.[3];
  return src ? src.replace(/&amp;/g, '&').trim() : null;
}

/**
 * The player URL an embed or iframe code stands for, when it is an allowed player's; null
 * otherwise. `code` is a URL or an <iframe> snippet; a protocol-relative `//player...` is https.
 * The URL kept is re-serialised (no fragment), so nothing of the original HTML survives.
 */
export function allowedPlayerUrl(code: string): string | null {
  const text = code.trim();
  let src = text.includes('<') ? iframeSrc(text) : text;
  if (!src) return null;
  if (src.startsWith('//')) src = `https:${src}`;
  if (!isHttpsUrl(src)) return null;
  const u = new URL(src);
  if (u.port) return null;
  const host = u.hostname.toLowerCase();
  if (!PLAYERS.some((p) => p.hosts.includes(host) && p.path.test(u.pathname))) return null;
  u.hash = '';
  return u.toString();
}

/** The field each source needs, as the body names it. */
const SOURCE_FIELD = {
  vimeo: 'vimeoId',
  hls: 'hlsUrl',
  embed: 'embedCode',
  iframe: 'embedCode',
  upload: 'assetId',
} as const satisfies Record<VideoSource, string>;

const EMPTY: VideoFields = {
  source: 'vimeo',
  vimeoId: null,
  hlsUrl: null,
  embedUrl: null,
  assetId: null,
  name: '',
  detail: null,
  item: 1,
  status: 'create',
  durationSeconds: null,
  path: null,
  preview: 'N',
  recordingBroadcastId: null,
  recordingOffsetS: 0,
};

/**
 * The fields after a create (no `current`: source vimeo, item 1, status create by default) or an
 * update (absent keeps, null clears). Only the source's own field is kept (switching a video from
 * Vimeo to HLS drops its Vimeo id); an embed code is kept as its allowed player URL only.
 */
export function videoFields(
  body: VideoCreateBody | VideoUpdateBody,
  current: VideoFields = EMPTY,
): { fields: VideoFields; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const next = patched(current, body, {
    name: (v) => v.trim(),
    detail: optionalText,
    path: optionalText,
    hlsUrl: (v) => optionalText(v),
  });
  if (body.embedCode !== undefined) {
    const code = optionalText(body.embedCode);
    next.embedUrl = code === null ? null : allowedPlayerUrl(code);
    if (code !== null && next.embedUrl === null)
      problems.push({ field: 'embedCode', code: 'learning.embed_not_allowed' });
  }
  if (next.hlsUrl !== null && !isHttpsUrl(next.hlsUrl))
    problems.push({ field: 'hlsUrl', code: 'validation.https_url' });
  // not a recording: no offset to keep
  if (next.recordingBroadcastId === null) next.recordingOffsetS = 0;
  const s = next.source;
  if (s !== 'vimeo') next.vimeoId = null;
  if (s !== 'hls') next.hlsUrl = null;
  if (s !== 'embed' && s !== 'iframe') next.embedUrl = null;
  if (s !== 'upload') next.assetId = null;
  const own = {
    vimeo: next.vimeoId,
    hls: next.hlsUrl,
    embed: next.embedUrl,
    iframe: next.embedUrl,
    upload: next.assetId,
  }[s];
  const field = SOURCE_FIELD[s];
  if (own === null && !problems.some((p) => p.field === field))
    problems.push({ field, code: 'validation.required' });
  return { fields: next, problems: [...blankProblems(next, ['name']), ...problems] };
}
