import { Migration } from '@rian/kit/db';

/**
 * Issue 16: a course's chat groups (spec 02 §3 "Member group") and members' requests to join them
 * ("Member group user"): one request per member and group; staff approval keeps who and when.
 */
export class LearningMemberGroups extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table member_groups (
      member_group_id uuid primary key,
      course_id uuid not null references courses (course_id),
      type varchar(8) not null default 'facebook' check (type in ('facebook', 'line')),
      name varchar(200) not null,
      url varchar(500) not null,
      qr varchar(300) null,
      qr_manual varchar(300) null,
      hidden char(1) not null default 'N' check (hidden in ('Y', 'N')),
      condition char(1) not null default 'N' check (condition in ('Y', 'N')),
      condition_value varchar(200) null,
      condition_text text null,
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create index member_groups_course on member_groups (course_id)`);
    this.addSql(`create table member_group_users (
      member_group_user_id uuid primary key,
      member_group_id uuid not null references member_groups (member_group_id) on delete cascade,
      user_id varchar(64) not null,
      status varchar(10) not null default 'requested' check (status in ('requested', 'approved')),
      code varchar(60) null,
      note text null,
      approved_by varchar(64) null,
      approved_at timestamptz null,
      requested_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint member_group_users_once unique (member_group_id, user_id)
    )`);
    this.addSql(`create index member_group_users_user on member_group_users (user_id)`);
  }
}

export const memberGroupsMigrations = [{ name: 'learning_0011_member_groups', class: LearningMemberGroups }];
