/**
 * The overview's reviews (docs/decisions/027): the average of the ratings customers gave after a
 * review request, and the latest ones with their private comments. Nothing until the first rating.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { client } from '../../../lib/api.ts';
import { formatDay } from '../../../lib/format.ts';
import { useResource } from '../../../lib/resource.ts';

const stars = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}`;

export function ReviewsCard() {
  useSignals();
  const reviews = useResource(
    () => client.dashboard.reviews(),
    () => 'Failed to load your reviews.',
  );
  const data = reviews.data.value;
  if (!data || data.count === 0) return null;
  return (
    <section className="section" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Reviews</h2>
      <div className="card reviews-card">
        <p className="reviews-average">
          <span className="reviews-average__value">{data.average?.toFixed(1)}</span>
          {` out of 5, from ${data.count} ${data.count === 1 ? 'rating' : 'ratings'}`}
        </p>
        <ul className="reviews-list">
          {data.recent.map((r) => (
            <li key={`${r.firstName}-${r.date}-${r.rating}-${r.comment ?? ''}`}>
              <span className="reviews-stars" role="img" aria-label={`${r.rating} out of 5`}>
                {stars(r.rating)}
              </span>{' '}
              <span>{`${r.firstName}, ${r.serviceName}, ${formatDay(r.date)}`}</span>
              {r.comment && <p className="reviews-comment">{r.comment}</p>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
