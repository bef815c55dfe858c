import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import './formats.js';
import { UUID_V7_PATTERN, uuidv7 } from './uuid.js';

/**
 * Every event travels in this envelope. Subject = `type`; `Nats-Msg-Id` = `id`.
 * `correlationId` ties together everything that one user action caused;
 * `causationId` is the id of the event (or request) that directly caused this one.
 */
export const EnvelopeSchema = Type.Object(
  {
    id: Type.String({ pattern: UUID_V7_PATTERN }),
    type: Type.String({ pattern: '^[a-z][a-z0-9-]*\\.[a-z][a-z0-9-]*\\.[a-z][a-z0-9-]*$' }),
    version: Type.Integer({ minimum: 1 }),
    occurredAt: Type.String({ format: 'date-time' }),
    source: Type.String({ minLength: 1 }),
    correlationId: Type.String({ minLength: 1 }),
    causationId: Type.Optional(Type.String({ minLength: 1 })),
    /** W3C trace context of the span that wrote the event (only when tracing is on): the consumer's span is its child */
    traceparent: Type.Optional(
      Type.String({ pattern: '^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$' }),
    ),
    data: Type.Unknown(),
  },
  { additionalProperties: false },
);

export interface Envelope<T = unknown> {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  source: string;
  correlationId: string;
  causationId?: string;
  traceparent?: string;
  data: T;
}

/** An event contract: its subject/type, its version and the schema of `data`. */
export interface EventContract<T extends TSchema = TSchema> {
  type: string;
  version: number;
  owner: string;
  schema: T;
}

export function defineEvent<T extends TSchema>(type: string, version: number, schema: T): EventContract<T> {
  const owner = type.split('.')[0] ?? '';
  return { type, version, owner, schema };
}

export type EventData<C extends EventContract> = Static<C['schema']>;

export interface BuildOptions {
  source: string;
  correlationId?: string;
  causationId?: string;
  traceparent?: string;
  occurredAt?: Date;
  id?: string;
}

export class EventValidationError extends Error {
  constructor(
    message: string,
    readonly details: string[],
  ) {
    super(message);
    this.name = 'EventValidationError';
  }
}

function problems(schema: TSchema, value: unknown): string[] {
  return [...Value.Errors(schema, value)].slice(0, 10).map((e) => `${e.path || '/'}: ${e.message}`);
}

/** Builds an envelope and checks `data` against the contract; throws on a bad event. */
export function buildEvent<C extends EventContract>(
  contract: C,
  data: EventData<C>,
  opts: BuildOptions,
): Envelope<EventData<C>> {
  const id = opts.id ?? uuidv7();
  const envelope: Envelope<EventData<C>> = {
    id,
    type: contract.type,
    version: contract.version,
    occurredAt: (opts.occurredAt ?? new Date()).toISOString(),
    source: opts.source,
    correlationId: opts.correlationId ?? id,
    ...(opts.causationId ? { causationId: opts.causationId } : {}),
    ...(opts.traceparent ? { traceparent: opts.traceparent } : {}),
    data,
  };
  validateEvent(contract, envelope);
  return envelope;
}

/** Checks the envelope and, when a contract is given, that type/version/data match it. */
export function validateEvent<C extends EventContract>(
  contract: C | undefined,
  value: unknown,
): asserts value is Envelope<EventData<C>> {
  const envErrors = problems(EnvelopeSchema, value);
  if (envErrors.length) throw new EventValidationError('invalid event envelope', envErrors);
  if (!contract) return;
  const env = value as Envelope;
  if (env.type !== contract.type || env.version !== contract.version) {
    throw new EventValidationError(`expected ${contract.type} v${contract.version}`, [
      `got ${env.type} v${env.version}`,
    ]);
  }
  const dataErrors = problems(contract.schema, env.data);
  if (dataErrors.length) throw new EventValidationError(`invalid data for ${contract.type}`, dataErrors);
}

export function isEnvelope(value: unknown): value is Envelope {
  return Value.Check(EnvelopeSchema, value);
}

export type { Static };
