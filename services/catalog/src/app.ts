import { buildService, type ServiceApp } from '@rian/kit/service';
import type { KeySource } from '@rian/kit/tokens';
import type { Logger } from '@rian/kit/logger';
import type { Config } from './config.js';
import { Product } from './entities/product.js';
import { migrations } from './migrations/0001-init.js';
import products from './plugins/app/products.js';
import demoSeed from './plugins/app/demo-seed.js';
import publicProductRoutes from './routes/products/index.js';
import adminProductRoutes from './routes/admin-products/index.js';
// commerce core (issue 4): prices, packages, product courses, instalment plans, the read cache
import { ProductPrice } from './entities/product-price.js';
import { Package } from './entities/package.js';
import { ProductCourseList } from './entities/product-course-list.js';
import { InstallmentPlan } from './entities/installment-plan.js';
import { InstallmentPlanEmail } from './entities/installment-plan-email.js';
import { migrations as commerceMigrations } from './migrations/0002-commerce.js';
import catalogCache from './plugins/app/cache.js';
import cacheControl from './plugins/app/cache-control.js';
import prices from './plugins/app/prices.js';
import productCourses from './plugins/app/product-courses.js';
import packages from './plugins/app/packages.js';
import installmentPlans from './plugins/app/installment-plans.js';
import priceRoutes from './routes/prices/index.js';
import packageRoutes from './routes/packages/index.js';
import productCourseRoutes from './routes/product-courses/index.js';
import installmentPlanRoutes from './routes/installment-plans/index.js';
// content around products (issue 4): coaches, instructors, details, groups, bank accounts
import { Coach } from './entities/coach.js';
import { ProductCoach } from './entities/product-coach.js';
import { Instructor } from './entities/instructor.js';
import { DetailType } from './entities/detail-type.js';
import { DetailList } from './entities/detail-list.js';
import { DetailText } from './entities/detail-text.js';
import { ProductGroup } from './entities/product-group.js';
import { BankAccount } from './entities/bank-account.js';
import { ProductBankLimit } from './entities/product-bank-limit.js';
import { migrations as contentMigrations } from './migrations/0003-content.js';
import coaches from './plugins/app/coaches.js';
import instructors from './plugins/app/instructors.js';
import details from './plugins/app/details.js';
import groups from './plugins/app/groups.js';
import bankAccounts from './plugins/app/bank-accounts.js';
import coachRoutes from './routes/coaches/index.js';
import instructorRoutes from './routes/instructors/index.js';
import detailRoutes from './routes/details/index.js';
import groupRoutes from './routes/groups/index.js';
import bankAccountRoutes from './routes/bank-accounts/index.js';
// learning's courses (issue 11 item 13): the read model a product's courses are checked against
import { LearningCourse } from './entities/learning-course.js';
import { learningCoursesMigrations } from './migrations/0004-learning-courses.js';
import { learningGroupsMigrations } from './migrations/0006-learning-groups.js';
import { instructorAnnounceMigrations } from './migrations/0005-instructor-announce.js';
import knownCourses from './plugins/app/known-courses.js';
import knownCourseRoutes from './routes/known-courses/index.js';
import { onLearningCourseChanged } from './messaging/handlers/on-learning-course-changed.js';
import { onLearningCourseDeleted } from './messaging/handlers/on-learning-course-deleted.js';
import { onLearningMemberGroupChanged } from './messaging/handlers/on-learning-member-group-changed.js';
import { onLearningMemberGroupDeleted } from './messaging/handlers/on-learning-member-group-deleted.js';

/** Builds the catalog app (never listens): products for the shop and the back office. */
export async function buildApp(
  config: Config,
  /** clock: what "today" (Asia/Bangkok) is computed from; tests pin it */
  opts: { tokenKeys?: KeySource; logger?: Logger; clock?: () => Date } = {},
): Promise<ServiceApp> {
  return buildService({
    name: 'catalog',
    description: 'Products on sale: the shop reads them, staff manage them',
    config,
    entities: [
      Product,
      ProductPrice,
      Package,
      ProductCourseList,
      InstallmentPlan,
      InstallmentPlanEmail,
      Coach,
      ProductCoach,
      Instructor,
      DetailType,
      DetailList,
      DetailText,
      ProductGroup,
      BankAccount,
      ProductBankLimit,
      LearningCourse,
    ],
    migrations: [
      ...migrations,
      ...commerceMigrations,
      ...contentMigrations,
      ...learningCoursesMigrations,
      ...instructorAnnounceMigrations,
      ...learningGroupsMigrations,
    ],
    ...(opts.tokenKeys ? { tokenKeys: opts.tokenKeys } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    routes: async (app) => {
      const clock = opts.clock ?? (() => new Date());
      await app.register(cacheControl, {
        sharedMaxAgeSeconds: config.CATALOG_PUBLIC_MAX_AGE_SECONDS,
        staleSeconds: config.CATALOG_PUBLIC_STALE_SECONDS,
      });
      await app.register(catalogCache, { ttlSeconds: config.CATALOG_CACHE_TTL_SECONDS });
      await app.register(knownCourses);
      await app.register(knownCourseRoutes);
      await app.register(products);
      await app.register(publicProductRoutes);
      await app.register(adminProductRoutes);
      await app.register(prices, { clock });
      await app.register(productCourses);
      await app.register(packages);
      await app.register(installmentPlans, { clock });
      for (const routes of [priceRoutes, packageRoutes, productCourseRoutes, installmentPlanRoutes]) {
        await app.register(routes);
      }
      for (const plugin of [coaches, details, groups, bankAccounts]) await app.register(plugin);
      await app.register(instructors, { clock });
      for (const routes of [coachRoutes, instructorRoutes, detailRoutes, groupRoutes, bankAccountRoutes]) {
        await app.register(routes);
      }
      await app.register(demoSeed, { enabled: config.CATALOG_SEED_DEMO });
    },
    consumers: () => [
      onLearningCourseChanged,
      onLearningCourseDeleted,
      onLearningMemberGroupChanged,
      onLearningMemberGroupDeleted,
    ],
  });
}
