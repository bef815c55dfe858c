/**
 * Starts OpenTelemetry tracing before anything else loads: the first import of each server.ts
 * (`import '@rian/kit/tracing-start'`). Only when OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise
 * nothing is loaded and the API stays a no-op (D129). Spans go out as OTLP/HTTP
 * in JSON (exporter-trace-otlp-http) to OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces, service.name from
 * OTEL_SERVICE_NAME, else the SERVICE variable, else the entry's folder.
 */
import { createRequire } from 'node:module';
// types only: erased, nothing loads unless tracing is on
import type * as SdkNode from '@opentelemetry/sdk-node';
import type * as TraceExporter from '@opentelemetry/exporter-trace-otlp-http';
import type * as HttpInstr from '@opentelemetry/instrumentation-http';
import type * as UndiciInstr from '@opentelemetry/instrumentation-undici';

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
if (endpoint) {
  // synchronous: every module after this import must load patched (http, fastify, pg...)
  const require = createRequire(import.meta.url);
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof SdkNode;
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof TraceExporter;
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof HttpInstr;
  const { UndiciInstrumentation } = require('@opentelemetry/instrumentation-undici') as typeof UndiciInstr;
  const entry = process.argv[1] ?? '';
  const fromPath = /(?:services\/([^/]+)|(gateway))\/src\//.exec(entry);
  const serviceName =
    process.env.OTEL_SERVICE_NAME ?? process.env.SERVICE ?? fromPath?.[1] ?? fromPath?.[2] ?? 'rian';
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        // probes and scrapes are not traces anyone reads
        ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)\b/.test(req.url ?? ''),
      }),
      // fetch and the gateway's proxy (@fastify/reply-from) go out through undici
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  const stop = () => void sdk.shutdown().catch(() => undefined);
  process.once('beforeExit', stop);
}
