/**
 * The overview's first-day checklist (docs/product.md#the-first-day-checklist): five things a
 * new owner does before the first real booking, each ticked by the server from what the
 * business really did (never by a click here), each a link to where it is done. Shown once
 * onboarding is done, until the owner dismisses it; the dismissal is kept by the server, so it
 * holds on every device. With all five done it shrinks to one line.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ChecklistItemId } from '@slotwise/shared/api';
import { NICHES } from '@slotwise/shared/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { formatTime } from '../../../lib/format.ts';
import { useResource, useSharedResource } from '../../../lib/resource.ts';
import './first-day-checklist.css';

const DISMISS_FAILED = 'Could not dismiss the checklist. Check your connection and try again.';

interface Item {
  label: string;
  hint: string;
  /** A dashboard page (and the section on it), or a page outside the dashboard, opened in a new tab. */
  to: { page: string } | { newTab: string };
}

function itemsFor(businessId: string, niche: string | null): Record<ChecklistItemId, Item> {
  // Every trade but Other starts with services priced for it (shared/src/trade-templates.ts).
  const prefilled = niche !== null && niche !== 'other' && (NICHES as readonly string[]).includes(niche);
  return {
    prices: {
      label: 'Check your prices',
      hint: prefilled
        ? 'We filled in starting services and prices for your trade. Make them yours.'
        : 'Add the services you offer, how long each takes and what it costs.',
      to: { page: '/dashboard/services#services-list' },
    },
    hours: {
      label: 'Set your hours',
      hint: `Customers can book only when you are open. You start open Monday to Friday, ${formatTime('10:00')} to ${formatTime('19:00')}.`,
      to: { page: '/dashboard/settings/hours' },
    },
    'booking-link': {
      label: 'Share your booking link',
      hint: 'No website needed: put your booking page on Instagram, your Google profile or in a text.',
      to: { page: '/dashboard/services#booking-page' },
    },
    embed: {
      label: 'Copy your embed code',
      hint: 'Have a website? One line on it adds the booking button.',
      to: { page: '/dashboard/services#embed-code' },
    },
    'test-booking': {
      label: 'Make a test booking',
      hint: 'Book yourself on a preview page with your booking button, as a customer would.',
      to: { newTab: `/demo?businessId=${encodeURIComponent(businessId)}` },
    },
  };
}

function ItemLink({ item }: { item: Item }): ReactNode {
  if ('page' in item.to) return <Link to={item.to.page}>{item.label}</Link>;
  return (
    <a href={item.to.newTab} target="_blank" rel="noopener">
      {item.label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export function FirstDayChecklist({ shown = true }: { shown?: boolean }) {
  useSignals();
  const profile = useSharedResource(businessProfile).data.value;
  // Not shown at all when it cannot be loaded: the overview says what went wrong with its own data.
  const checklist = useResource(
    () => client.dashboard.checklist(),
    () => 'Failed to load the first-day checklist.',
  );
  const [dismissing, setDismissing] = useState(false);

  // The test booking is made in another tab: coming back here shows it ticked.
  useEffect(() => {
    const onShow = () => {
      if (document.visibilityState === 'visible' && !checklist.loading.peek()) void checklist.refresh();
    };
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [checklist]);

  const data = checklist.data.value;
  // Loaded alongside the page's own data, drawn only once the page says so (overview-page.tsx).
  if (!shown || !profile?.onboarded || !data || data.dismissed) return null;

  async function dismiss() {
    setDismissing(true);
    try {
      checklist.set(await client.dashboard.dismissChecklist());
      // The button goes with the list: focus moves to the page's heading, not to the body.
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
    } catch {
      showToast(DISMISS_FAILED, 'error');
      setDismissing(false);
    }
  }

  const dismissButton = (
    <button type="button" className="btn btn--small first-day-dismiss" onClick={dismiss} disabled={dismissing}>
      Dismiss checklist
    </button>
  );
  const done = data.items.filter((i) => i.done).length;

  if (done === data.items.length)
    return (
      <section className="card first-day first-day--done" aria-labelledby="first-day-heading">
        <span className="first-day-mark" aria-hidden="true">
          ✓
        </span>
        <h2 id="first-day-heading" className="first-day-all-set">
          You're all set: customers can find you and book.
        </h2>
        {dismissButton}
      </section>
    );

  const items = itemsFor(profile.businessId, profile.niche);
  return (
    <section className="card first-day" aria-labelledby="first-day-heading">
      <div className="first-day-head">
        <div>
          <h2 id="first-day-heading">Your first day</h2>
          <p className="first-day-progress">
            {done} of {data.items.length} done
          </p>
        </div>
        {dismissButton}
      </div>
      <ul className="first-day-list">
        {data.items.map(({ id, done: isDone }) => (
          <li key={id} className={isDone ? 'first-day-item is-done' : 'first-day-item'}>
            <span className="first-day-mark" aria-hidden="true">
              {isDone ? '✓' : ''}
            </span>
            <div className="first-day-text">
              <span className="visually-hidden">{isDone ? 'Done: ' : 'To do: '}</span>
              <ItemLink item={items[id]} />
              {!isDone && <p className="first-day-hint">{items[id].hint}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
