import { isDeepStrictEqual } from 'node:util';

/** The parts of an OpenAPI 3 document the merge touches; everything else is carried as is. */
export interface OpenApiDoc {
  openapi?: string;
  info?: { title?: string; description?: string; version?: string; [k: string]: unknown };
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  security?: Record<string, string[]>[];
  tags?: { name: string; description?: string }[];
  [k: string]: unknown;
}

export interface ServiceDoc {
  service: string;
  /** where the service is mounted, e.g. /api/catalog */
  prefix: string;
  doc: OpenApiDoc;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `by-url` → `ByUrl`, `{courseId}` → `CourseId` */
const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/**
 * A readable operation name from the method and the service's own path, for the operations that
 * do not name themselves: `GET /products/by-url/{url}` → `getProductsByUrl`, `DELETE
 * /courses/{id}/lessons/{lessonId}` → `deleteCoursesByIdLessonsByLessonId`. A parameter repeats
 * nothing the segment before it already said (`/by-url/{url}` is `ByUrl` once).
 */
export function operationName(method: string, path: string): string {
  const words: string[] = [];
  for (const segment of path.split('/').filter(Boolean)) {
    const param = /^\{(.+)\}$/.exec(segment);
    const word = param ? `By${pascal(param[1]!)}` : pascal(segment);
    if (word && words.at(-1) !== word) words.push(word);
  }
  return `${method.toLowerCase()}${words.join('') || 'Root'}`;
}

type Renames = Map<string, Map<string, string>>; // section → name → new name

function renamed(renames: Renames, section: string, name: string): string {
  return renames.get(section)?.get(name) ?? name;
}

const decodePointer = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');
const encodePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Deep copy with every local `$ref` to a component pointed at its (possibly renamed) name. */
function rewriteRefs(value: unknown, renames: Renames): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, renames));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string') {
      const m = /^#\/components\/([^/]+)\/([^/]+)$/.exec(v);
      out[k] = m ? `#/components/${m[1]}/${encodePointer(renamed(renames, m[1]!, decodePointer(m[2]!)))}` : v;
    } else {
      out[k] = rewriteRefs(v, renames);
    }
  }
  return out;
}

function renameSecurity(reqs: Record<string, string[]>[], renames: Renames): Record<string, string[]>[] {
  return reqs.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([name, scopes]) => [renamed(renames, 'securitySchemes', name), scopes]),
    ),
  );
}

/**
 * Components that two services define differently get the service's name in front
 * (`catalog.Price`); identical ones are shared under their own name. Repeated until stable,
 * because renaming one component changes the content of those that refer to it.
 */
function planRenames(docs: ServiceDoc[]): Map<string, Renames> {
  const plan = new Map<string, Renames>(docs.map((d) => [d.service, new Map()]));
  for (let changed = true; changed;) {
    changed = false;
    const owners = new Map<string, { service: string; value: unknown }[]>(); // "section/name" → definitions
    for (const { service, doc } of docs) {
      for (const [section, entries] of Object.entries(doc.components ?? {})) {
        for (const [name, value] of Object.entries(entries ?? {})) {
          if (plan.get(service)!.get(section)?.has(name)) continue;
          const key = `${section}/${name}`;
          owners.set(key, [
            ...(owners.get(key) ?? []),
            { service, value: rewriteRefs(value, plan.get(service)!) },
          ]);
        }
      }
    }
    for (const [key, defs] of owners) {
      if (defs.length < 2 || defs.every((d) => isDeepStrictEqual(d.value, defs[0]!.value))) continue;
      const [section, name] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
      for (const { service } of defs) {
        const renames = plan.get(service)!;
        if (!renames.has(section)) renames.set(section, new Map());
        renames.get(section)!.set(name, `${service}.${name}`);
      }
      changed = true;
    }
  }
  return plan;
}

/**
 * One OpenAPI document for the whole public API: each service's paths under its gateway prefix,
 * its operations tagged with the service name, component names kept apart where they clash.
 */
export function mergeOpenApi(
  docs: ServiceDoc[],
  opts: { title: string; version: string; description?: string; unavailable?: string[] },
): OpenApiDoc {
  const plan = planRenames(docs);
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, Record<string, unknown>> = {};
  const tags: { name: string; description?: string }[] = [];
  const operationIds = new Set<string>();
  /** every operation gets an id, unique in the whole document (clients name their methods by it) */
  const uniqueId = (wanted: string) => {
    let id = wanted;
    for (let n = 2; operationIds.has(id); n++) id = `${wanted}${n}`;
    operationIds.add(id);
    return id;
  };

  for (const { service, prefix, doc } of docs) {
    const renames = plan.get(service)!;
    tags.push({ name: service, ...(doc.info?.description ? { description: doc.info.description } : {}) });

    for (const [section, entries] of Object.entries(doc.components ?? {})) {
      components[section] ??= {};
      for (const [name, value] of Object.entries(entries ?? {})) {
        components[section][renamed(renames, section, name)] = rewriteRefs(value, renames);
      }
    }

    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      const merged = rewriteRefs(item, renames) as Record<string, unknown>;
      for (const method of METHODS) {
        const op = merged[method] as Record<string, unknown> | undefined;
        if (!op) continue;
        op.tags = [service];
        op.operationId = uniqueId(
          `${service}.${typeof op.operationId === 'string' ? op.operationId : operationName(method, path)}`,
        );
        // A service-wide requirement has no place at the top of a shared document: move it onto each operation.
        const security = (op.security as Record<string, string[]>[] | undefined) ?? doc.security;
        if (security) op.security = renameSecurity(security, renames);
      }
      paths[`${prefix}${path === '/' ? '' : path}` || '/'] = merged;
    }
  }

  return {
    openapi: '3.0.3',
    info: {
      title: opts.title,
      version: opts.version,
      ...(opts.description ? { description: opts.description } : {}),
      'x-unavailable': opts.unavailable ?? [],
    },
    tags,
    paths,
    components,
  };
}
