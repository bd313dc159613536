/**
 * What the data router gave each level of the route table, in declarative mode: an error
 * boundary showing the error view, and a page-shaped skeleton while a lazy page's chunk arrives.
 */
import { Component, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Skeleton } from '../components/skeleton.tsx';
import { ErrorView } from './error-view.tsx';

interface BoundaryProps {
  /** The history entry's key: every navigation makes a new one, even to the same address. */
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  locationKey: string;
  failed: boolean;
  error: unknown;
}

/**
 * A render error beneath it, or a lazy chunk that failed to load, shows the error view in
 * its place until the next navigation, as the data router's errorElement did. (A chunk
 * that failed stays failed until Reload, there as here: the browser keeps a failed import.)
 * It resets through derived state rather than a key on the location: a key would remount
 * everything beneath it, the dashboard's top bar included, on every navigation.
 */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { locationKey: this.props.locationKey, failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.locationKey === state.locationKey) return null;
    return { locationKey: props.locationKey, failed: false, error: undefined };
  }

  override render() {
    return this.state.failed ? <ErrorView error={this.state.error} /> : this.props.children;
  }
}

/** The error boundary and the lazy-page fallback around one level of routes. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary locationKey={key}>
      <Suspense fallback={<Skeleton shape="page" />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}
