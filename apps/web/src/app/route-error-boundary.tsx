import { Component, type ReactNode } from 'react';
import { RootErrorScreen } from './root-error-screen';

interface Props {
  /** A move to another page clears the error, as a full page load would. */
  pathname: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** The page being shown: where the error, if any, happened. */
  at: string;
}

/** Any screen that fails to render, or whose code fails to load, shows the root error screen instead. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, at: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps({ pathname }: Props, { at }: State): Partial<State> | null {
    if (pathname === at) return null;
    return { error: undefined, at: pathname };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RootErrorScreen error={this.state.error} />;
  }
}
