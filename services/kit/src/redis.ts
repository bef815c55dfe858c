import { Redis } from 'ioredis';

/** Redis client whose keys all carry the namespace prefix (`<ns>:`), so test runs stay apart. */
export function createRedis(url: string, namespace: string): Redis {
  return new Redis(url, {
    keyPrefix: namespace ? `${namespace}:` : '',
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
}

export async function redisReachable(redis: Redis | undefined, ms = 1_000): Promise<boolean> {
  if (!redis) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      redis.ping().then((r) => r === 'PONG'),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export type { Redis };
