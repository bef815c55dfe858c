import { Migration } from '@rian/kit/db';

export class NotificationsChatImages extends Migration {
  override async up(): Promise<void> {
    // the order image of a staff chat message (PNG), served to LINE at an unguessable address
    this.addSql(`create table chat_images (
      id varchar(64) primary key,
      png bytea not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create index chat_images_created on chat_images (created_at)`);
    this.addSql(`alter table deliveries add column image_id varchar(64) null`);
    // products' own chat channels, from catalog.product.chat-channels-changed (read model, D25)
    this.addSql(`create table product_chat_channels (
      product_id uuid primary key,
      line_to varchar(300) null,
      telegram_chat_id varchar(300) null,
      changed_at timestamptz not null,
      event_id uuid not null
    )`);
  }
}
