/**
 * The date step's month (packages/ui month-grid.tsx, which the reschedule page shows too), fed by
 * the store: a free day chosen loads its times; a full day tapped is reported to the funnel
 * (funnel.ts), so the owner's insights count the days wanted.
 */
import { MonthGrid as Grid } from '@slotwise/ui/month-grid.tsx';
import type { Store } from '../state.ts';

export function MonthGrid({ store }: { store: Store }) {
  const month = store.month.value;
  const answer = store.days.value;
  // The server's today and horizon bound the navigation: no month before this one, none past the last bookable day.
  return (
    <Grid
      month={month}
      days={answer?.month === month ? answer.days : null}
      chosen={store.date.value}
      first={answer ? answer.today.slice(0, 7) : month}
      last={answer ? answer.lastDay.slice(0, 7) : month}
      titleId="sw-month-title"
      showMonth={(m) => void store.showMonth(m)}
      choose={(d) => void store.setDate(d)}
      tapFull={(d) => store.tapFull(d)}
    />
  );
}
