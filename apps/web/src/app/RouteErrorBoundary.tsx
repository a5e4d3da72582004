import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Catches a route that could not load (lazy chunk gave up) or crashed, and offers a reload. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="conteudo" className="status-page">
        <h1 className="status-page__title">Não foi possível abrir esta página</h1>
        <p>A conexão pode estar lenta ou instável. Tente novamente em alguns instantes.</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Tentar novamente
        </button>
        <a className="status-page__link" href="/">
          Voltar para a página inicial
        </a>
      </main>
    );
  }
}
