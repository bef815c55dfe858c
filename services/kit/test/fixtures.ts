import { Type } from '@sinclair/typebox';
import { defineEntity, p } from '@mikro-orm/core';
import { defineEvent } from '@rian/proto-contracts/envelope';
import { Migration } from '../src/db.js';
import { loadConfig, serviceConfigSchema } from '../src/config.js';

/** A throwaway aggregate for exercising the kit: a "note" whose creation emits `kittest.note.created`. */
export const Note = defineEntity({
  name: 'Note',
  tableName: 'kittest_note',
  properties: {
    id: p.uuid().primary(),
    text: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

class NoteMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists kittest_note (id uuid primary key, text varchar(255) not null, created_at timestamptz not null)`,
    );
    this.addSql(
      `create table if not exists kittest_seen (event_id uuid primary key, text varchar(255) not null)`,
    );
  }
}
export const noteMigrations = [{ name: 'kittest_0001', class: NoteMigration }];

export const NoteCreated = defineEvent(
  'kittest.note.created',
  1,
  Type.Object({ noteId: Type.String(), text: Type.String() }),
);
export const NoteCreatedV2 = defineEvent(
  'kittest.note.created',
  2,
  Type.Object({ noteId: Type.String(), text: Type.String(), lang: Type.String() }),
);

export function testConfig(env: Record<string, string>) {
  return loadConfig(serviceConfigSchema('auth', {}), { ...env, PORT: '0' });
}
