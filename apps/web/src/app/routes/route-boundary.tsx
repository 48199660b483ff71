import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

interface Props {
  /** A new value (the next page) clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey: string;
}

/**
 * A page that fails to load or render shows `RouteError` inside the shell (the header stays),
 * as the data router's `errorElement` did; moving to another page tries again.
 */
export class RouteBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
