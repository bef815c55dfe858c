/**
 * The Help dialog's contact (spec 01 §2 "Help"): the chat-app account, its add link and the phone
 * number, set when the SPA is built (VITE_HELP_CHAT_ID, VITE_HELP_CHAT_URL, VITE_HELP_PHONE); the
 * defaults are the demo's. No service serves public contact details yet, so they are build-time.
 */
export interface HelpContact {
  chatId: string;
  chatUrl: string;
  phone: string;
}

const env = import.meta.env as Record<string, string | undefined>;

export const helpContact: HelpContact = {
  chatId: env.VITE_HELP_CHAT_ID || '@rian',
  chatUrl: env.VITE_HELP_CHAT_URL || 'https://line.me/R/ti/p/@rian',
  phone: env.VITE_HELP_PHONE || '02-123-4567',
};
