/**
 * The mails and texts that could not be delivered (docs/decisions/032), one list the booking cards,
 * the calendar's booking sheet and Settings > Notifications share: loaded once by whichever shows
 * first, and Send again takes a message off it for all of them.
 */
import type { UndeliveredMessage } from '@slotwise/shared/api';
import { client } from './api.ts';
import { serverErrorOr } from './errors.ts';
import { createSharedResource } from './resource.ts';

export const undeliveredMessages = createSharedResource(
  () => client.dashboard.undeliveredMessages({ query: {} }),
  (err) => serverErrorOr(err, 'Failed to load the messages that could not be delivered.'),
);

/** "The reminder could not be delivered to dana@example.com: 10 attempts failed; the last: ...". */
export function undeliveredSentence(m: Pick<UndeliveredMessage, 'what' | 'to' | 'reason'>): string {
  return `The ${m.what} could not be delivered to ${m.to}: ${m.reason}`;
}

/** Sends a message again (a fresh attempt) and takes it off the list; throws the server's refusal. */
export async function sendAgain(id: string): Promise<void> {
  await client.dashboard.resendMessage({ params: { id } });
  const list = undeliveredMessages.data.peek();
  if (list) undeliveredMessages.set({ ...list, messages: list.messages.filter((m) => m._id !== id) });
}
