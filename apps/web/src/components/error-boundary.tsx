import { Component, type ReactNode } from 'react';
import { useLocation } from '../routing';

interface Props {
  /** What to draw instead of the children once one of them has thrown. */
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

/**
 * Catches what its children throw while drawing (a rejected page chunk included) and shows the
 * fallback instead, until the visitor goes to another path: the page there starts afresh.
 */
export function ErrorBoundary(props: Props) {
  return <LocationBoundary {...props} pathname={useLocation().pathname} />;
}

interface State {
  /** Set once a child threw; a box, since anything can be thrown, undefined included. */
  caught: { error: unknown } | null;
  /** The path the state belongs to. */
  pathname: string;
}

class LocationBoundary extends Component<Props & { pathname: string }, State> {
  state: State = { caught: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { caught: null, pathname: props.pathname };
  }

  render() {
    return this.state.caught ? this.props.fallback(this.state.caught.error) : this.props.children;
  }
}
