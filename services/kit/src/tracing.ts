import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import type { Envelope } from '@rian/proto-contracts/envelope';

/**
 * Trace context across the bus (D130). Only the OpenTelemetry API is used here: without the SDK
 * (OTEL_EXPORTER_OTLP_ENDPOINT unset, see tracing-start.ts) every call is a no-op and envelopes
 * carry no `traceparent`.
 */
const tracer = () => trace.getTracer('@rian/kit');

/** The active span's W3C traceparent, to write into an event's envelope; undefined when not tracing. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** Runs a consumer's handling of `env` in a CONSUMER span, child of the span that wrote the event. */
export async function inEventSpan<T>(env: Envelope, consumer: string, fn: () => Promise<T>): Promise<T> {
  const parent = env.traceparent
    ? propagation.extract(context.active(), { traceparent: env.traceparent })
    : context.active();
  return tracer().startActiveSpan(
    `consume ${env.type}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.destination.name': env.type,
        'messaging.consumer.group.name': consumer,
        'messaging.message.id': env.id,
      },
    },
    parent,
    async (span) => {
      try {
        return await fn();
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}
