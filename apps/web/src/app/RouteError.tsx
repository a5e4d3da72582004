import { useRouteError } from 'react-router';

/** A page that could not load (its lazy chunk gave up) or crashed: the router shows this instead, with a reload. */
export function RouteError() {
  console.error(useRouteError());
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
