import type { PartnerConfig } from '@portal/domain';
import { Suspense, useEffect } from 'react';
import { FeedbackProvider } from '../components/ui/feedback';
import { LandPageParceiro } from '../features/landing/routes/LandPageParceiro';
import { lazyWithRetry } from '../lib/lazy-with-retry';
import { registerRoutePreload } from '../lib/route-preload';
import {
  BrowserRouter,
  Navigate,
  type RouteDefinition,
  Routes,
  StaticRouter,
  useLocation,
} from '../lib/router';
import { CookieBanner } from './CookieBanner';
import { PartnerGate } from './PartnerGate';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// The landing page is in the entry chunk (it is the LCP route); the identification screens share one lazy chunk
// (features/identification/screens.ts), which the landing page also uses for its login panel; the debtor-area
// screens another (features/debts/screens.ts), fetched while the login is being checked.
const loadScreens = () => import('../features/identification/screens');
type ScreenName = Exclude<keyof Awaited<ReturnType<typeof loadScreens>>, 'LoginPanel'>;
const screen = (name: ScreenName) => lazyWithRetry(() => loadScreens().then((m) => ({ default: m[name] })));
registerRoutePreload('/confirmar-dados', loadScreens);
const ConfirmBirthday = screen('ConfirmBirthday');
const Register = screen('Register');
const ConfirmUser = screen('ConfirmUser');
const VerifyToken = screen('VerifyToken');
const ResetPhone = screen('ResetPhone');
const NewPhone = screen('NewPhone');
const loadDebtScreens = () => import('../features/debts/screens');
const debtScreen = (name: keyof Awaited<ReturnType<typeof loadDebtScreens>>) =>
  lazyWithRetry(() => loadDebtScreens().then((m) => ({ default: m[name] })));
const AccordionTabs = debtScreen('AccordionTabs');
const MyDebits = debtScreen('MyDebits');
registerRoutePreload('/menu', loadDebtScreens);
const loadAdminScreens = () => import('../features/admin/screens');
const adminScreen = (name: keyof Awaited<ReturnType<typeof loadAdminScreens>>) =>
  lazyWithRetry(() => loadAdminScreens().then((m) => ({ default: m[name] })));
const StaffLogin = adminScreen('StaffLogin');
const AdminHome = adminScreen('AdminHome');
const ChangePassword = adminScreen('ChangePassword');

const ROUTES: RouteDefinition[] = [
  { path: '/', element: <LandPageParceiro /> },
  { path: '/confirmar-dados', element: <ConfirmBirthday /> },
  { path: '/cadastro', element: <Register /> },
  { path: '/primeiro-acesso', element: <ConfirmUser /> },
  { path: '/verificar-token', element: <VerifyToken /> },
  { path: '/esqueci-telefone', element: <ResetPhone /> },
  { path: '/novo-telefone', element: <NewPhone /> },
  { path: '/menu', element: <AccordionTabs /> },
  { path: '/menu/:cpf', element: <AccordionTabs /> },
  { path: '/minhas-dividas', element: <MyDebits /> },
  { path: '/minhas-dividas/:cpf', element: <MyDebits /> },
  // Spec 002 §2: /login and /logout are the same staff login screen; /admin and its children need a staff token.
  { path: '/login', element: <StaffLogin /> },
  { path: '/logout', element: <StaffLogin /> },
  { path: '/admin', element: <AdminHome /> },
  { path: '/admin/alterar-senha', element: <ChangePassword /> },
  { path: '/admin/:pagina', element: <Navigate to="/admin" replace /> },
  // Spec 002 §2: any unknown path shows the landing page.
  { path: '*', element: <Navigate to="/" replace /> },
];

function RouteFallback() {
  return (
    <p className="boot" role="status">
      Carregando…
    </p>
  );
}

/** A new route starts at the top (hash links on the landing page keep their own scrolling). */
function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path on purpose
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<RouteFallback />}>
        <Routes routes={ROUTES} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

interface AppProps {
  /** Server rendering: the partner configuration and the path to render (entry-server.tsx). */
  server?: { config: PartnerConfig; pathname: string };
}

export function App({ server }: AppProps) {
  const page = (
    <>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <ScrollToTop />
      <AppRoutes />
      <CookieBanner />
    </>
  );
  return (
    <FeedbackProvider>
      <PartnerGate initialConfig={server?.config}>
        {/* The same tree renders on the server and hydrates in the browser; only the router's source differs. */}
        {server ? (
          <StaticRouter pathname={server.pathname}>{page}</StaticRouter>
        ) : (
          <BrowserRouter>{page}</BrowserRouter>
        )}
      </PartnerGate>
    </FeedbackProvider>
  );
}
