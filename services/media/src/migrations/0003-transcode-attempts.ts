import { Migration } from '@rian/kit/db';

/**
 * Which delivery of its transcode job an asset is on, and when its worker last showed it was alive.
 * JetStream gives a job up after MEDIA_TRANSCODE_MAX_DELIVER deliveries: when the last one dies with
 * its replica (a crash, an OOM kill) no worker is left to mark the asset, so the relay's sweep fails
 * an asset on its last attempt whose worker has been silent for twice the ack wait.
 */
export class MediaTranscodeAttempts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table video_assets
      add column transcode_attempt integer not null default 0,
      add column transcode_seen_at timestamptz null`);
    this.addSql(
      `create index video_assets_transcoding on video_assets (transcode_seen_at) where status = 'transcoding'`,
    );
  }
}

export const transcodeAttemptMigrations = [
  { name: 'media_0003_transcode_attempts', class: MediaTranscodeAttempts },
];
