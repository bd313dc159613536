/**
 * A crew's day as a list of stops in driving order (docs/decisions/054): each with its time,
 * customer, address, service and the drive there; the owner may pin a job that may move so the
 * suggestion keeps its time. Shared by the owner's and the crew's route pages.
 */
import type { DayRoute, RouteOrder } from '@slotwise/shared/api';
import { driveWords, fixedWords, startWords } from '../route-words.ts';

export function RouteStops({
  order,
  timeFormat,
  label,
  pinned,
  onPin,
  before,
}: {
  order: RouteOrder;
  timeFormat: DayRoute['timeFormat'];
  /** The list's accessible name ("Booked order", "Suggested order"). */
  label: string;
  /** With onPin: a "Keep this time" switch on each job that may move. */
  pinned?: ReadonlySet<string>;
  onPin?: (bookingId: string, pin: boolean) => void;
  /** The booked day, to show "was 10:00 AM" beside a time the suggestion changes. */
  before?: RouteOrder;
}) {
  return (
    <ol className="route-stops" aria-label={label}>
      {order.stops.map((stop, i) => {
        const was = before?.stops.find((s) => s.bookingId === stop.bookingId);
        const changed = was && was.time.startTime !== stop.time.startTime;
        const fixed = fixedWords(stop.fixed);
        const pinnable = onPin && (stop.fixed === null || stop.fixed === 'pinned');
        return (
          <li key={stop.bookingId} className="route-stop">
            <p className="route-drive muted">{driveWords(stop.drive)}</p>
            <div className="route-card">
              <p className="route-time">
                <span className="route-number" aria-hidden="true">
                  {i + 1}
                </span>
                <strong>{startWords(stop, timeFormat)}</strong>
                {changed && was ? <span className="route-was"> (was {startWords(was, timeFormat)})</span> : null}
              </p>
              <p>
                <strong>{stop.customerName}</strong> · {stop.serviceName}
              </p>
              <p className="muted">{stop.address ?? 'No address'}</p>
              {fixed && !pinnable ? <p className="route-fixed">{fixed}</p> : null}
              {pinnable ? (
                <label className="route-pin">
                  <input
                    type="checkbox"
                    checked={pinned?.has(stop.bookingId) ?? false}
                    onChange={(e) => onPin(stop.bookingId, e.currentTarget.checked)}
                  />{' '}
                  Keep this time
                </label>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The day's directions: one link, or several when the day has more stops than a link carries. */
export function DirectionsLinks({
  links,
  name = 'Directions for the day',
}: {
  links: readonly string[];
  /** The link's words: the suggestion's say so, to tell them from the booked day's. */
  name?: string;
}) {
  if (links.length === 0) return null;
  return (
    <p className="route-directions">
      {links.map((href, i) => (
        <a key={href} className="btn" href={href} target="_blank" rel="noopener noreferrer">
          {links.length === 1 ? name : `${name}, part ${i + 1} of ${links.length}`}
          <span className="visually-hidden"> (opens Google Maps in a new tab)</span>
        </a>
      ))}
    </p>
  );
}
