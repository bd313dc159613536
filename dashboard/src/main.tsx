import '@slotwise/ui/feedback.css';
import '@slotwise/ui/status-badge.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { OVERVIEW_DATA, startOverviewLoads } from './features/overview/overview-data.ts';
import { checkSession, sessionStatus } from './lib/session.ts';

checkSession();
// The overview is where the installed app opens: its calls go out before the first render (lib/early-loads.ts).
if (sessionStatus.peek() === 'signedIn' && window.location.pathname === OVERVIEW_DATA.path) startOverviewLoads();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element to render the dashboard into.');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
