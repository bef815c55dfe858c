import fp from 'fastify-plugin';
import { buildService, type ServiceApp } from '@rian/kit/service';
import type { KeySource } from '@rian/kit/tokens';
import type { Logger } from '@rian/kit/logger';
import type { Config } from './config.js';
import { migrations } from './migrations/0001-init.js';
import { learningMigrations } from './migrations/0002-learning.js';
import { commerceFiguresMigrations } from './migrations/0003-commerce-figures.js';
import { CONSUMERS } from './messaging/handlers.js';
import adminDashboardRoutes from './routes/admin-dashboard.js';

export interface AppOptions {
  tokenKeys?: KeySource;
  logger?: Logger;
}

export const ENTITIES = [];
export const MIGRATIONS = [...migrations, ...learningMigrations, ...commerceFiguresMigrations];

/**
 * Builds the insights app (never listens): the staff dashboard's read models, kept from orders,
 * payments and auth events (issue 20; D115–D116), and the staff read over them.
 */
export async function buildApp(config: Config, opts: AppOptions = {}): Promise<ServiceApp> {
  return buildService({
    name: 'insights',
    description: 'Insights: the staff dashboard, read models kept from events',
    config,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    ...(opts.tokenKeys ? { tokenKeys: opts.tokenKeys } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    routes: fp(async (app) => {
      await app.register(adminDashboardRoutes);
    }),
    consumers: () => CONSUMERS,
  });
}
