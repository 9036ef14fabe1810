// The error screen (ErrorScreen.tsx) in a chunk of its own, and the boundaries
// around it and around pages. Most pages never show it, so the entry holds
// only this: view.ts loads the screen before the first render of an error
// (server and hydration), a client navigation that fails loads it before
// showing the error, and a page that fails while rendering shows it as soon as
// it arrives. If this screen itself fails, or its code cannot be loaded, the
// boundary shows the last-resort text with a link home.
import { Component, type ReactNode } from 'react';
import type { ErrorState } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { onDemand, useOnDemand } from '../lib/on-demand.ts';
import { useAddress } from './Link.tsx';

export const errorScreen = onDemand(() => import('./ErrorScreen.tsx').then((mod) => mod.ErrorScreen));

export function ErrorPageFailed() {
  const home = useAddress('/');
  return (
    <section className="error-page container">
      <h1 className="error-page__title">{t('errors.errorPageFailed')}</h1>
      <p>
        <a href={home}>{t('errors.backHome')}</a>
      </p>
    </section>
  );
}

export function ErrorView({ error }: { error: ErrorState }) {
  const { value: ErrorScreen, failed } = useOnDemand(errorScreen);
  if (failed) return <ErrorPageFailed />;
  return <ErrorBoundary fallback={() => <ErrorPageFailed />}>{ErrorScreen ? <ErrorScreen error={error} /> : null}</ErrorBoundary>;
}

interface BoundaryProps {
  children: ReactNode;
  fallback: (error: unknown) => ReactNode;
  /** Changing the key resets the boundary (e.g. on navigation). */
  resetKey?: string;
}

export class ErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string | undefined }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('render failed') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string | undefined }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
