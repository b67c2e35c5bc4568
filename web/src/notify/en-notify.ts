import type { zhNotify } from './zh-notify';

/** English messages of the notification channel screen; the type forces the same key set as zhNotify. */
export const enNotify: Record<keyof typeof zhNotify, string> = {
  notifyTest: 'Send a test',
  notifySent: 'Test message sent to: {to}',
  notifyNotSent: 'The test message did not go: {error}',
};
