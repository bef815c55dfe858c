import { Type, type Static } from '@sinclair/typebox';
import { ConfigError, loadConfig, serviceConfigSchema } from '@rian/kit/config';
import { secretKeyFrom } from '@rian/kit/secret-box';
import { DEV_MEDIA_URL_SECRET } from '@rian/kit/signed-url';

export const ConfigSchema = serviceConfigSchema('learning', {
  /** the demo courses (src/domain/demo-courses.ts) when the courses table is empty; npm start sets it */
  LEARNING_SEED_DEMO: Type.Boolean({ default: false }),
  /**
   * AES-256-GCM key of the secrets learning keeps at rest (Zoom passcodes): 64 hex digits or
   * base64url of 32 bytes. Required in production; elsewhere a fixed development key is used (the
   * data outlives the process, so it cannot be a random one per start).
   */
  LEARNING_SECRET_KEY: Type.String({ default: '' }),
  /** where media serves signed private files (documents, HLS), as the browser reaches it */
  MEDIA_PUBLIC_URL: Type.String({ default: '/api/media' }),
  /**
   * HMAC key of media's signed URLs (kit/signed-url.ts), the same value media has: learning signs
   * what a member may open, media serves it. Required in production (≥ 16 characters); elsewhere the
   * development key both services share.
   */
  MEDIA_URL_SECRET: Type.String({ default: '' }),
  /** where learning's own signed files (the signed terms PDF) are reached by the browser (issue 16) */
  LEARNING_PUBLIC_URL: Type.String({ default: '/api/learning' }),
  /** how long a member's signed video / document URL stays valid, in seconds */
  LEARNING_SIGNED_URL_TTL_S: Type.Integer({ default: 600, minimum: 10, maximum: 86_400 }),
  /** the external SuperTracking page the member menu links to; empty hides the link (issue 13) */
  LEARNING_SUPERTRACKING_URL: Type.String({ default: '' }),
  /** HMAC-SHA256 key of the SuperTracking token (member id + Asia/Bangkok date); ≥ 16 characters when the URL is set */
  LEARNING_SUPERTRACKING_KEY: Type.String({ default: '' }),
  /** how long one member's /member/home answer is kept in Redis, in seconds (0 = not cached) */
  LEARNING_HOME_CACHE_S: Type.Integer({ default: 15, minimum: 0, maximum: 300 }),
  /**
   * One playback per account (issue 14): a second device asks "continue here?" and continuing stops
   * the first; false lets an account play on any number of devices at once
   */
  LEARNING_ONE_PLAYBACK: Type.Boolean({ default: true }),
  /** how long the public course list (/courses/public) is kept in Redis, in seconds (0 = not cached) */
  LEARNING_PUBLIC_CACHE_S: Type.Integer({ default: 30, minimum: 0, maximum: 600 }),
  /**
   * issue 15: the OvenMediaEngine origin live streams play from, as the browser reaches it
   * (https://live.example.com:3334); empty = the local dev source media serves (scope live/<id>)
   */
  LEARNING_LIVE_ORIGIN: Type.String({ default: '' }),
  /**
   * OME's WebRTC signalling origin (wss://live.example.com:3333): a trade stream's answer also
   * carries a signed WebRTC URL (the live trade pages play it with OvenPlayer, LL-HLS as fallback);
   * empty = LL-HLS only. Needs LEARNING_LIVE_ORIGIN
   */
  LEARNING_LIVE_WEBRTC_ORIGIN: Type.String({ default: '' }),
  /** OME SignedPolicy secret key of playback URLs; required (≥ 16 characters) with LEARNING_LIVE_ORIGIN in production */
  LEARNING_LIVE_SIGNING_KEY: Type.String({ default: '' }),
  /** how long a member's signed live playback URL opens, in seconds (the page asks again before) */
  LEARNING_LIVE_URL_TTL_S: Type.Integer({ default: 300, minimum: 30, maximum: 86_400 }),
});
export type Config = Static<typeof ConfigSchema>;

/** Development only: public, so production must bring its own. */
export const DEV_SECRET_KEY = '72696a6e2d6465762d6c6561726e696e672d7365637265742d6b65792d303031';

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const config = loadConfig(ConfigSchema, env, problems);
  const production = env.NODE_ENV === 'production';
  const out = { ...config };
  if (config.LEARNING_SECRET_KEY) {
    try {
      secretKeyFrom(config.LEARNING_SECRET_KEY);
    } catch {
      problems.push('LEARNING_SECRET_KEY: 32 bytes as 64 hex digits or base64url');
    }
    if (production && config.LEARNING_SECRET_KEY === DEV_SECRET_KEY) {
      problems.push('LEARNING_SECRET_KEY: the development key cannot be used in production');
    }
  } else if (production) problems.push('LEARNING_SECRET_KEY: required in production');
  else out.LEARNING_SECRET_KEY = DEV_SECRET_KEY;
  if (config.MEDIA_URL_SECRET) {
    if (config.MEDIA_URL_SECRET.length < 16) problems.push('MEDIA_URL_SECRET: at least 16 characters');
    if (production && config.MEDIA_URL_SECRET === DEV_MEDIA_URL_SECRET)
      problems.push('MEDIA_URL_SECRET: the development key cannot be used in production');
  } else if (production) problems.push('MEDIA_URL_SECRET: required in production');
  else out.MEDIA_URL_SECRET = DEV_MEDIA_URL_SECRET;
  if (config.LEARNING_SUPERTRACKING_URL) {
    if (!/^https?:\/\//.test(config.LEARNING_SUPERTRACKING_URL))
      problems.push('LEARNING_SUPERTRACKING_URL: an http(s) URL');
    if (config.LEARNING_SUPERTRACKING_KEY.length < 16)
      problems.push(
        'LEARNING_SUPERTRACKING_KEY: at least 16 characters when LEARNING_SUPERTRACKING_URL is set',
      );
  }
  if (config.LEARNING_LIVE_ORIGIN) {
    if (!/^https?:\/\/[^\s/]+/.test(config.LEARNING_LIVE_ORIGIN))
      problems.push('LEARNING_LIVE_ORIGIN: an http(s) URL');
    else if (production && !config.LEARNING_LIVE_ORIGIN.startsWith('https://'))
      problems.push('LEARNING_LIVE_ORIGIN: https in production');
    if (config.LEARNING_LIVE_SIGNING_KEY && config.LEARNING_LIVE_SIGNING_KEY.length < 16)
      problems.push('LEARNING_LIVE_SIGNING_KEY: at least 16 characters');
    else if (production && !config.LEARNING_LIVE_SIGNING_KEY)
      problems.push('LEARNING_LIVE_SIGNING_KEY: required in production when LEARNING_LIVE_ORIGIN is set');
  }
  if (config.LEARNING_LIVE_WEBRTC_ORIGIN) {
    if (!/^wss?:\/\/[^\s/]+/.test(config.LEARNING_LIVE_WEBRTC_ORIGIN))
      problems.push('LEARNING_LIVE_WEBRTC_ORIGIN: a ws(s) URL');
    else if (production && !config.LEARNING_LIVE_WEBRTC_ORIGIN.startsWith('wss://'))
      problems.push('LEARNING_LIVE_WEBRTC_ORIGIN: wss in production');
    if (!config.LEARNING_LIVE_ORIGIN)
      problems.push('LEARNING_LIVE_WEBRTC_ORIGIN: needs LEARNING_LIVE_ORIGIN (the LL-HLS fallback)');
  }
  if (problems.length) throw new ConfigError(problems);
  return out;
}
