import { FormatRegistry } from '@sinclair/typebox';

/**
 * TypeBox's Value checker knows no string formats by itself (AJV in Fastify has its own);
 * these make event validation agree with HTTP validation.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function register(name: string, check: (v: string) => boolean): void {
  if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
}

register('uuid', (v) => UUID.test(v));
register('date', (v) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));
register('date-time', (v) => DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)));
register('email', (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v));
