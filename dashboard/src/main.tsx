import '@slotwise/ui/feedback.css';
import '@slotwise/ui/status-badge.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { checkSession } from './lib/session.ts';

checkSession();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element to render the dashboard into.');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
