import { Type, type Static } from '@sinclair/typebox';
import { loadConfig, serviceConfigSchema } from '@rian/kit/config';

export const ConfigSchema = serviceConfigSchema('learning', {
  /** the demo courses (src/domain/demo-courses.ts) when the courses table is empty; npm start sets it */
  LEARNING_SEED_DEMO: Type.Boolean({ default: false }),
});
export type Config = Static<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(ConfigSchema, env);
}
