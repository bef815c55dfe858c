// Removes one namespace's databases, streams and Redis keys (used by npm test after the browser journey).
import { cleanupNamespace } from '@rian/kit/testing';

const [namespace, ...databaseUrls] = process.argv.slice(2);
if (!namespace || !/^[a-z0-9_]+$/.test(namespace)) {
  process.stderr.write('usage: cleanup.ts <namespace> <database-url>...\n');
  process.exit(2);
}
await cleanupNamespace(namespace, databaseUrls);
