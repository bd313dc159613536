/**
 * What a region shows while its data loads, instead of the word "Loading...": a few grey
 * blocks shaped like what is coming, so the page does not jump when it arrives. The blocks
 * shimmer unless the person asked for reduced motion (skeleton.css). Screen readers hear
 * "Loading..." from visually hidden text, and the region says it is busy (aria-busy).
 *
 * Shapes: `text` lines of a paragraph; `form` a label and a field per row, then a button;
 * `list` rows of items, as a list of services or bookings; `tiles` a grid of choices; `page`
 * a heading and two cards, for a whole page still on its way.
 */
import './skeleton.css';

export type SkeletonShape = 'text' | 'form' | 'list' | 'tiles' | 'page';

/** Line widths that read as a paragraph rather than a bar chart. */
const TEXT_WIDTHS = ['100%', '92%', '76%', '88%', '60%'];

function Block({ className = '', width }: { className?: string; width?: string }) {
  return <span className={`skeleton-block ${className}`} style={width ? { width } : undefined} />;
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
  /** How many lines, fields, items or tiles. */
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
