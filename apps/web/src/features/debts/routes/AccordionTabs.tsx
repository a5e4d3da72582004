import { Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { logStep } from '../../../lib/analytics';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { usePartner } from '../../../lib/partner';
import { preloadRouteWhenIdle } from '../../../lib/route-preload';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useEndSession } from '../api/debts';
import { DebtsTemplate, useDebtor } from '../components/DebtsTemplate';
import { clearExternalEntry } from '../lib/external-entry';
import { type MenuTile, menuTiles } from '../lib/menu-tiles';
import { forgetAgreementMade, leavingOffersPanel, panelOptions } from '../lib/receive-call';
import { DEBT_STEPS } from '../lib/steps';

// The menu is a chunk of its own, without the forms' libraries (zod, react-hook-form) that the leaving panel and the
// other debtor screens need: the panel loads when it opens, and the other screens (with the panel) once the menu is
// idle, so that a tap on a tile does not wait on the network. The build checks that the menu's scripts hold no zod.
const ReceiveCallPanel = lazyWithRetry(() =>
  import('../components/receive-call/ReceiveCallPanel').then((m) => ({ default: m.ReceiveCallPanel })),
);

function TileText({ tile }: { tile: MenuTile }) {
  return (
    <>
      <span className="tile__title">{tile.title}</span>
      {tile.caption && <span className="tile__caption">{tile.caption}</span>}
    </>
  );
}

function MainMenu() {
  const config = usePartner();
  const debtor = useDebtor();
  const navigate = useNavigate();
  const leaving = useEndSession();
  const [offering, setOffering] = useState(false);
  const leavingOptions = offering ? panelOptions(config, 'leaving') : null;

  useEffect(() => {
    logStep(config, DEBT_STEPS.mainMenu, 'Acessou o menu principal', debtor.pesCpfCnpj);
  }, [config, debtor.pesCpfCnpj]);

  useEffect(() => preloadRouteWhenIdle('/minhas-dividas'), []);

  // Spec 001 §2 Sair: the session ends and the person goes to the partner landing; first, where the partner wants it
  // (flgReceberLigacao) and they made no agreement here, the receive-call panel, closed to leave.
  // A double tap on Sair ends the session once.
  const leave = useSingleFlight(async () => {
    setOffering(false);
    await leaving.mutateAsync();
    forgetAgreementMade();
    clearExternalEntry();
    navigate('/', { replace: true });
  });

  function chooseLeave() {
    if (leavingOffersPanel(config, debtor.pesCpfCnpj)) setOffering(true);
    else void leave();
  }

  return (
    <nav aria-label="Menu principal">
      {leavingOptions && (
        <Suspense fallback={<p role="status">Carregando…</p>}>
          <ReceiveCallPanel reason="leaving" options={leavingOptions} onClose={leave} />
        </Suspense>
      )}
      <ul className="tiles" data-testid="menu-tiles">
        {menuTiles(config).map((tile) => {
          return (
            <li key={tile.id}>
              {tile.path ? (
                <Link to={tile.path} className="tile" data-testid={`tile-${tile.id}`}>
                  <TileText tile={tile} />
                </Link>
              ) : (
                <button
                  type="button"
                  className="tile tile--button"
                  onClick={chooseLeave}
                  disabled={leaving.isPending}
                  data-testid={`tile-${tile.id}`}
                >
                  <TileText tile={tile} />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** AccordionTabs (spec 001 §2): the main menu after identification, at /menu and /menu/:cpf. */
export default function AccordionTabs() {
  return (
    <DebtsTemplate title="Menu" back="landing">
      <MainMenu />
    </DebtsTemplate>
  );
}
