/**
 * The player URLs a lesson may embed, the same allow-list learning keeps when staff save an embed
 * (services/learning/src/domain/video-fields.ts): Vimeo's player and YouTube's embed, https, no
 * port. Checked again here so a URL that is not a known player is never put in an <iframe>.
 */
const PLAYERS: readonly { kind: EmbedKind; hosts: readonly string[]; path: RegExp }[] = [
  { kind: 'vimeo', hosts: ['player.vimeo.com'], path: /^\/video\/[0-9]{1,20}\/?$/ },
  {
    kind: 'youtube',
    hosts: ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com'],
    path: /^\/embed\/[A-Za-z0-9_-]{6,64}\/?$/,
  },
];

export type EmbedKind = 'vimeo' | 'youtube';

/** The allowed player `url` is, or null (another site, a page, a script, not https). */
export function allowedEmbed(url: string | null | undefined): { kind: EmbedKind; url: string } | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' || u.port || u.username || u.password) return null;
  const host = u.hostname.toLowerCase();
  const player = PLAYERS.find((p) => p.hosts.includes(host) && p.path.test(u.pathname));
  if (!player) return null;
  u.hash = '';
  return { kind: player.kind, url: u.toString() };
}

/** Vimeo's player URL for a Vimeo id (digits only), or null. */
export function vimeoPlayerUrl(id: string | null | undefined): string | null {
  return id && /^[0-9]{1,20}$/.test(id) ? `https://player.vimeo.com/video/${id}` : null;
}
