import { fileURLToPath } from 'node:url';

/**
 * services/notifications/templates/, the message templates (issue 20). Resolved from this file, one
 * folder below the workspace like the bundle (dist/server.mjs, where esbuild puts every module under
 * the bundle's own import.meta.url): the same folder from the sources (tsx, tests) and from the
 * image, which copies it beside dist/ (deploy/docker/programs.mjs RUNTIME_COPIES).
 */
export const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));

/** the folder as the repository names it, for staff who edit a template */
export const TEMPLATES_REPO_PATH = 'services/notifications/templates';
