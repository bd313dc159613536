import '@slotwise/ui/feedback.css';
import '@slotwise/ui/status-badge.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { OVERVIEW_DATA, startOverviewLoads } from './features/overview/overview-data.ts';
import { checkSession, currentUser, sessionStatus } from './lib/session.ts';

checkSession();
// The overview is where the installed app opens: its calls go out before the first render (lib/early-loads.ts).
// Only an owner's: a crew member's session is sent on to /crew, and the owner's calls would refuse it.
const ownersOverview =
  sessionStatus.peek() === 'signedIn' &&
  currentUser.peek()?.k !== 'crew' &&
  window.location.pathname === OVERVIEW_DATA.path;
if (ownersOverview) startOverviewLoads();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element to render the dashboard into.');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
