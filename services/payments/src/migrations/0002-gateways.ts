import { Migration } from '@rian/kit/db';

/**
 * Payment types (spec 02 §3, §4), owned and seeded here; gateway sessions: one per trip to a payment
 * provider (card form, UnionPay charge, QR order), whose id is the order id / reference_order the
 * provider sees and signs back. At most one session per attempt is ever paid, whatever the race.
 */
export class PaymentsGateways extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table payment_types (
      payment_type_id smallint primary key,
      icon varchar(32) not null,
      title_th varchar(200) not null,
      title_en varchar(200) not null,
      detail_th text not null,
      detail_en text not null,
      disable char(1) not null default 'N' check (disable in ('Y', 'N')),
      revision integer not null default 1,
      updated_by varchar(64) null,
      updated_at timestamptz not null default now()
    )`);
    this
      .addSql(`insert into payment_types (payment_type_id, icon, title_th, title_en, detail_th, detail_en) values
      (1, 'card', 'บัตรเครดิต / เดบิต', 'Credit / debit card',
          'ชำระผ่านบัตร Visa, Mastercard, JCB หรือ UnionPay (ค่าธรรมเนียม 3%)',
          'Pay by Visa, Mastercard, JCB or UnionPay (3% card fee)'),
      (4, 'bank', 'โอนเงินผ่านธนาคาร', 'Bank transfer',
          'โอนเงินหรือสแกน QR พร้อมเพย์ แล้วแนบสลิปการโอนเงิน',
          'Transfer or scan the PromptPay QR, then attach the transfer slip'),
      (6, 'coin', 'ชำระด้วย Coin', 'Pay with coins',
          'ใช้ Coin สะสมชำระค่าสินค้า (เฉพาะสินค้าที่รองรับ)',
          'Pay with collected coins (products that allow it)'),
      (8, 'installment', 'ผ่อนชำระ', 'Instalments',
          'แบ่งชำระเป็นงวดรายเดือนตามแผนผ่อนชำระของสินค้า',
          'Pay monthly instalments on the product''s plan')`);

    this.addSql(`create table gateway_sessions (
      session_id varchar(20) primary key,
      attempt_id uuid not null references payment_attempts (attempt_id),
      order_id uuid not null,
      provider varchar(16) not null,
      method varchar(16) not null check (method in ('card', 'unionpay', 'qr')),
      amount bigint not null check (amount >= 0),
      status varchar(8) not null default 'open' check (status in ('open', 'paid', 'failed')),
      provider_ref varchar(100) null,
      provider_status varchar(32) null,
      paid_at timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create index gateway_sessions_attempt on gateway_sessions (attempt_id, created_at desc)`);
    this.addSql(
      `create unique index gateway_sessions_one_paid on gateway_sessions (attempt_id) where status = 'paid'`,
    );
    this.addSql(`alter table payment_attempts add column paid_method varchar(16) null`);
  }
}

export const gatewayMigrations = [{ name: 'payments_0002_gateways', class: PaymentsGateways }];
