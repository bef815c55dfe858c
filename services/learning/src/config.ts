import { Type, type Static } from '@sinclair/typebox';
import { ConfigError, loadConfig, serviceConfigSchema } from '@rian/kit/config';
import { secretKeyFrom } from '@rian/kit/secret-box';

export const ConfigSchema = serviceConfigSchema('learning', {
  /** the demo courses (src/domain/demo-courses.ts) when the courses table is empty; npm start sets it */
  LEARNING_SEED_DEMO: Type.Boolean({ default: false }),
  /**
   * AES-256-GCM key of the secrets learning keeps at rest (Zoom passcodes): 64 hex digits or
   * base64url of 32 bytes. Required in production; elsewhere a fixed development key is used (the
   * data outlives the process, so it cannot be a random one per start).
   */
  LEARNING_SECRET_KEY: Type.String({ default: '' }),
});
export type Config = Static<typeof ConfigSchema>;

/** Development only: public, so production must bring its own. */
export const DEV_SECRET_KEY = '72696a6e2d6465762d6c6561726e696e672d7365637265742d6b65792d303031';

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(ConfigSchema, env);
  const production = env.NODE_ENV === 'production';
  const problems: string[] = [];
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
  if (problems.length) throw new ConfigError(problems);
  return out;
}
