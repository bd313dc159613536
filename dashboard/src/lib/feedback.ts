/**
 * The Feedback form's state in the dashboard (docs/product.md#feedback). On a wide screen
 * it hangs off the floating Feedback button; on a phone that button would cover the tab
 * bar's neighbourhood and the page, so the form opens from the account menu instead
 * (components/layouts/account-menu.tsx) and app/root-layout.tsx shows it.
 */

import { signal } from '@preact/signals-react';
import type { FeedbackRequest } from '@slotwise/shared/api';
import { showToast } from '../components/toaster.tsx';
import { client } from './api.ts';

/** Whether the form opened from the account menu is showing. */
export const feedbackOpen = signal(false);

export const sendFeedback = (body: FeedbackRequest) => client.feedback.send({ body });

/** A failed send is said as a toast, like every other message here. */
export const feedbackAlert = (message: string) => void showToast(message, 'error');
