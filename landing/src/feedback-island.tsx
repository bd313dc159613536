/**
 * The only JavaScript the landing page loads: the floating Feedback button,
 * mounted into its own root after the static content (a deferred module script).
 * Built on preact/compat (vite.config.ts, landing mode) to stay tiny.
 */
import '@slotwise/ui/feedback.css';
import { createPublicClient } from '@slotwise/shared/public-client';
import { FeedbackButton } from '@slotwise/ui/feedback-button.tsx';
import { createRoot } from 'react-dom/client';

const host = document.getElementById('feedback-root');
if (host) {
  const api = createPublicClient();
  createRoot(host).render(<FeedbackButton where="Home Page" send={(body) => api.feedback.send({ body })} />);
}
