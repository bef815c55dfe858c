import type { Redis } from '@rian/kit/redis';
import type { Logger } from '@rian/kit/logger';

/**
 * One playback per account (issue 14): a lease in Redis, `learning:playback:<userId>` → the playback
 * id, living WATCH_LEASE_S unless a beat renews it. Each step is one Lua script, so two devices
 * racing cannot both win. Redis being away never stops a lesson: the lease is then not enforced
 * (logged), as the gateway's rate limits do.
 */
const CLAIM = `local cur = redis.call('GET', KEYS[1])
if cur and cur ~= ARGV[1] and ARGV[3] ~= '1' then return {0, cur} end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
if cur and cur ~= ARGV[1] then return {1, cur} end
return {1, ''}`;
const RENEW = `local cur = redis.call('GET', KEYS[1])
if cur and cur ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return 1`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export type Claim = { ok: true; displaced: string | null } | { ok: false; holder: string };

export class PlaybackLease {
  constructor(
    private readonly redis: Redis,
    private readonly seconds: number,
    private readonly log: Logger,
  ) {}

  private key = (userId: string) => `learning:playback:${userId}`;

  /** Takes the account's lease for `playbackId`; another live one wins unless `takeOver`. */
  async claim(userId: string, playbackId: string, takeOver: boolean): Promise<Claim> {
    try {
      const [ok, other] = (await this.redis.eval(
        CLAIM,
        1,
        this.key(userId),
        playbackId,
        String(this.seconds),
        takeOver ? '1' : '0',
      )) as [number, string];
      return ok === 1 ? { ok: true, displaced: other || null } : { ok: false, holder: other };
    } catch (err) {
      this.log.warn({ err }, 'playback lease not enforced: redis unavailable');
      return { ok: true, displaced: null };
    }
  }

  /** Renews the lease of `playbackId`, or takes it back when it lapsed; false when another holds it. */
  async renew(userId: string, playbackId: string): Promise<boolean> {
    try {
      return (await this.redis.eval(RENEW, 1, this.key(userId), playbackId, String(this.seconds))) === 1;
    } catch (err) {
      this.log.warn({ err }, 'playback lease not enforced: redis unavailable');
      return true;
    }
  }

  /** Gives the lease up (the page went away, the video ended) so the next start needs no take-over. */
  async release(userId: string, playbackId: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key(userId), playbackId).catch(() => undefined);
  }
}
