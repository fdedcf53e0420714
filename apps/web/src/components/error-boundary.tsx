import { Component, type ReactNode } from 'react';
import { useHistoryEntry } from '../routing';

interface Props {
  /** What to draw instead of the children once one of them has thrown. */
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

/**
 * Catches what its children throw while drawing (a rejected page chunk included) and shows the
 * fallback instead, until the next navigation (a link, Back, a changed query): the page drawn
 * then starts afresh.
 */
export function ErrorBoundary(props: Props) {
  return <NavigationBoundary {...props} entry={useHistoryEntry()} />;
}

interface State {
  /** Set once a child threw; a box, since anything can be thrown, undefined included. */
  caught: { error: unknown } | null;
  /** The history entry the state belongs to (each navigation makes or restores another). */
  entry: unknown;
}

class NavigationBoundary extends Component<Props & { entry: unknown }, State> {
  state: State = { caught: null, entry: this.props.entry };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: { entry: unknown }, state: State): Partial<State> | null {
    return props.entry === state.entry ? null : { caught: null, entry: props.entry };
  }

  render() {
    return this.state.caught ? this.props.fallback(this.state.caught.error) : this.props.children;
  }
}
