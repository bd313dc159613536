/**
 * What a region shows while its data loads, instead of the word "Loading...": a few grey
 * blocks shaped like what is coming, so the page does not jump when it arrives. The blocks
 * shimmer unless the person asked for reduced motion (skeleton.css). Screen readers hear
 * "Loading..." from visually hidden text, and the region says it is busy (aria-busy).
 *
 * Shapes: `text` lines of a paragraph; `form` a label and a field per row, then a button;
 * `list` rows of items, as a list of services or bookings; `tiles` a grid of choices; `page`
 * a heading and two cards, for a whole page still on its way; `bars` a label and a horizontal bar per
 * row, shortening, as a funnel or a ranking; `chart` a chart's columns of bars above its axis.
 */
import './skeleton.css';

export type SkeletonShape = 'text' | 'form' | 'list' | 'tiles' | 'page' | 'bars' | 'chart';

/** Line widths that read as a paragraph rather than a bar chart. */
const TEXT_WIDTHS = ['100%', '92%', '76%', '88%', '60%'];
/** A chart's columns: uneven, as data is. */
const COLUMN_HEIGHTS = ['45%', '70%', '55%', '85%', '60%', '95%', '40%', '75%', '65%', '50%', '80%', '58%'];

function Block({ className = '', width, height }: { className?: string; width?: string; height?: string }) {
  return <span className={`skeleton-block ${className}`} style={width || height ? { width, height } : undefined} />;
}

function shapeBlocks(shape: SkeletonShape, rows: number) {
  const each = Array.from({ length: rows }, (_, i) => i);
  switch (shape) {
    case 'form':
      return (
        <>
          {each.map((i) => (
            <span key={i} className="skeleton-field">
              <Block className="skeleton-label" />
              <Block className="skeleton-input" />
            </span>
          ))}
          <Block className="skeleton-button" />
        </>
      );
    case 'list':
      return each.map((i) => (
        <span key={i} className="skeleton-item">
          <Block width="55%" />
          <Block width="35%" />
        </span>
      ));
    case 'tiles':
      return (
        <span className="skeleton-tiles">
          {each.map((i) => (
            <Block key={i} className="skeleton-tile" />
          ))}
        </span>
      );
    case 'bars':
      return each.map((i) => (
        <span key={i} className="skeleton-bar-row">
          <Block className="skeleton-bar-label" />
          <Block className="skeleton-bar" width={`${Math.max(20, 100 - i * 22)}%`} />
        </span>
      ));
    case 'chart':
      return (
        <span className="skeleton-columns">
          {each.map((i) => (
            <Block key={i} className="skeleton-column" height={COLUMN_HEIGHTS[i % COLUMN_HEIGHTS.length]} />
          ))}
        </span>
      );
    case 'page':
      return (
        <>
          <Block className="skeleton-heading" />
          <Block className="skeleton-card" />
          <Block className="skeleton-card" />
        </>
      );
    default:
      return each.map((i) => <Block key={i} width={TEXT_WIDTHS[i % TEXT_WIDTHS.length]} />);
  }
}

export function Skeleton({
  shape = 'text',
  rows = 3,
  className = '',
}: {
  shape?: SkeletonShape;
  /** How many lines, fields, items, tiles, bars or columns. */
  rows?: number;
  className?: string;
}) {
  return (
    <div className={`skeleton skeleton--${shape} ${className}`.trim()} aria-busy="true">
      {/* The words the spec shows while loading (docs/product.md#screens), for screen readers. */}
      <span className="visually-hidden">Loading...</span>
      <span className="skeleton-blocks" aria-hidden="true">
        {shapeBlocks(shape, rows)}
      </span>
    </div>
  );
}
