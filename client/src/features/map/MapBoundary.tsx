import { Component, type ReactNode } from 'react';

// Keeps the page usable when the map cannot run (its chunk failed to load, or Leaflet threw).
export class MapBoundary extends Component<
  { fallback: ReactNode; children: ReactNode; onFail?: () => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('map failed', error);
    this.props.onFail?.();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
