import { Component, type ReactNode } from 'react';
import { RootErrorScreen } from './root-error-screen';

interface Props {
  /** The location's key: any move, also to the same path again, clears the error. */
  locationKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** The location being shown: where the error, if any, happened. */
  at: string;
}

/** Any screen that fails to render, or whose code fails to load, shows the root error screen instead. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, at: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps({ locationKey }: Props, { at }: State): Partial<State> | null {
    if (locationKey === at) return null;
    return { error: undefined, at: locationKey };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RootErrorScreen error={this.state.error} />;
  }
}
