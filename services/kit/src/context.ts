import { AsyncLocalStorage } from 'node:async_hooks';

/** What travels with one unit of work (an HTTP request or a consumed event). */
export interface WorkContext {
  requestId?: string;
  correlationId: string;
  /** id of the event (or request) that caused the work in progress */
  causationId?: string;
}

const storage = new AsyncLocalStorage<WorkContext>();

export function runWithContext<T>(ctx: WorkContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentContext(): WorkContext | undefined {
  return storage.getStore();
}

/** Binds a context for the rest of the current async flow (used by the Fastify onRequest hook). */
export function enterContext(ctx: WorkContext): void {
  storage.enterWith(ctx);
}
