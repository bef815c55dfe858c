/**
 * Issue 19 item 7: the public API as a product. The gateway's merged OpenAPI document, from every
 * service of the running stack, is a valid OpenAPI 3.0 document (the specification's schema and its
 * rules, checked by swagger-parser), and every operation has an `operationId`, unique in the
 * document, so that a client generated from it has readable method names. No browser: one fetch.
 *
 *   npx tsx web/e2e/api-docs.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000)
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { assert, journeyProgram, type JourneyOptions } from './support.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** what a generator can turn into a method name: the service, a dot, then letters and digits */
const READABLE = /^[a-z]+\.[A-Za-z][A-Za-z0-9]*$/;

export async function runApiDocsCheck(opts: JourneyOptions): Promise<void> {
  const res = await fetch(`${opts.baseUrl}/api/docs/json`);
  assert(res.ok, `GET /api/docs/json answered ${res.status}`);
  const doc = (await res.json()) as {
    openapi: string;
    info: { 'x-unavailable'?: string[] };
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  assert(
    (doc.info['x-unavailable'] ?? []).length === 0,
    `services missing from the document: ${doc.info['x-unavailable']?.join(', ')}`,
  );
  // validate() dereferences in place: give it a copy, keep the document as served
  await SwaggerParser.validate(structuredClone(doc) as never);
  assert(/^3\.0\./.test(doc.openapi), `openapi ${doc.openapi}, not 3.0`);

  const ids = new Map<string, string>();
  const problems: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (!op.operationId) problems.push(`${where}: no operationId`);
      else if (!READABLE.test(op.operationId)) problems.push(`${where}: operationId ${op.operationId}`);
      else if (ids.has(op.operationId))
        problems.push(`${where}: same operationId as ${ids.get(op.operationId)}`);
      else ids.set(op.operationId, where);
    }
  }
  assert(problems.length === 0, `operations without a usable id:\n${problems.join('\n')}`);
  assert(ids.size > 100, `only ${ids.size} operations: services are missing`);
  console.log(`api-docs: ${ids.size} operations, valid OpenAPI ${doc.openapi}, every one named once`);
}

await journeyProgram(import.meta.url, (opts) => runApiDocsCheck(opts));
