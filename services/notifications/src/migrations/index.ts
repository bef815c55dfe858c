import { NotificationsInit } from './0001-init.js';
import { NotificationsOrdersChat } from './0002-orders-chat.js';
import { NotificationsChatImages } from './0003-chat-images.js';
import { NotificationsContactLocale } from './0004-contact-locale.js';
import { NotificationsResend } from './0005-resend.js';
import { NotificationsMemberLine } from './0006-member-line.js';

export const migrations = [
  { name: 'notifications_0001_init', class: NotificationsInit },
  { name: 'notifications_0002_orders_chat', class: NotificationsOrdersChat },
  { name: 'notifications_0003_chat_images', class: NotificationsChatImages },
  { name: 'notifications_0004_contact_locale', class: NotificationsContactLocale },
  { name: 'notifications_0005_resend', class: NotificationsResend },
  { name: 'notifications_0006_member_line', class: NotificationsMemberLine },
];
