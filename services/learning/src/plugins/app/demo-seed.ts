import fp from 'fastify-plugin';
import { DEMO_COURSES } from '../../domain/demo-courses.js';

/** With LEARNING_SEED_DEMO, a fresh learning gets the demo courses when the app is ready. */
export default fp<{ enabled: boolean }>(
  async (app, opts) => {
    if (!opts.enabled) return;
    app.addHook('onReady', async () => {
      const added = await app.courses.seedWhenEmpty(DEMO_COURSES);
      if (added) app.log.info({ added }, 'demo courses seeded');
    });
  },
  { name: 'demo-seed', dependencies: ['courses'] },
);
