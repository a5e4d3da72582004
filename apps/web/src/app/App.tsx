import type { CookieChoice, PartnerConfig } from '@portal/domain';
import { Suspense, useEffect, useState } from 'react';
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
import { CookieBanner, ServerConsentContext } from './CookieBanner';
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
const Faq = debtScreen('Faq');
const TalkToUs = debtScreen('TalkToUs');
registerRoutePreload('/menu', loadDebtScreens);
const loadAdminScreens = () => import('../features/admin/screens');
const adminScreen = (name: keyof Awaited<ReturnType<typeof loadAdminScreens>>) =>
  lazyWithRetry(() => loadAdminScreens().then((m) => ({ default: m[name] })));
const StaffLogin = adminScreen('StaffLogin');
const AdminHome = adminScreen('AdminHome');
const ChangePassword = adminScreen('ChangePassword');
const ListPartners = adminScreen('ListPartners');
const ListQuestions = adminScreen('ListQuestions');
const PostPartners = adminScreen('PostPartners');
const UpdatePartner = adminScreen('UpdatePartner');
const PostQuestions = adminScreen('PostQuestions');
const UpdateQuestions = adminScreen('UpdateQuestions');
const ListLeads = adminScreen('ListLeads');
const Dashboard = adminScreen('Dashboard');
const ListPrivacyRequests = adminScreen('ListPrivacyRequests');
const ListJobApplications = adminScreen('ListJobApplications');
const WorkWithUs = lazyWithRetry(() =>
  import('../features/jobs/screens').then((m) => ({ default: m.WorkWithUs })),
);
const SendProposal = lazyWithRetry(() =>
  import('../features/leads/screens').then((m) => ({ default: m.SendProposal })),
);
const TermsLGPD = lazyWithRetry(() =>
  import('../features/legal/screens').then((m) => ({ default: m.TermsLGPD })),
);
const MyData = lazyWithRetry(() =>
  import('../features/my-data/screens').then((m) => ({ default: m.MyData })),
);
const loadCreditorScreens = () => import('../features/creditors/screens');
const RegisterCreditor = lazyWithRetry(() =>
  loadCreditorScreens().then((m) => ({ default: m.RegisterCreditor })),
);
const CreditorSignUp = lazyWithRetry(() =>
  loadCreditorScreens().then((m) => ({ default: m.CreditorSignUp })),
);
const PrivacyPortal = lazyWithRetry(() =>
  import('../features/privacy/screens').then((m) => ({ default: m.PrivacyPortal })),
);

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
  { path: '/duvidas', element: <Faq /> },
  { path: '/fale-conosco', element: <TalkToUs /> },
  // Spec 002 §2 TermsLGPD; ?aba=politicaDePrivacidade opens the second tab.
  { path: '/politica-de-privacidade', element: <TermsLGPD /> },
  // Issue 6 item 1 (beyond the spec): the identified person's export and erasure.
  { path: '/meus-dados', element: <MyData /> },
  // Spec 002 §2: RegisterCreditor, and the sign-up wizard its e-mailed link opens (:id is the lead's code).
  { path: '/seja-parceiro', element: <RegisterCreditor /> },
  { path: '/cadastre-sua-empresa', element: <CreditorSignUp /> },
  { path: '/cadastre-sua-empresa/:id', element: <CreditorSignUp /> },
  // Spec 000 §2 PrivacyPortal; ?aba=politicaDePrivacidade or seusDireitos opens another tab.
  { path: '/portal-de-privacidade', element: <PrivacyPortal /> },
  // Spec 002 §2 WorkWithUs: partners without workWithUsMenu are sent to the landing page.
  { path: '/trabalhe-conosco', element: <WorkWithUs /> },
  // Spec 002 §3 Lead: the creditor-lead form with the CEP lookup.
  { path: '/envie-sua-proposta', element: <SendProposal /> },
  // Spec 002 §2: /login and /logout are the same staff login screen; /admin and its children need a staff token.
  { path: '/login', element: <StaffLogin /> },
  { path: '/logout', element: <StaffLogin /> },
  { path: '/admin', element: <AdminHome /> },
  { path: '/admin/alterar-senha', element: <ChangePassword /> },
  { path: '/admin/parceiros', element: <ListPartners /> },
  { path: '/admin/cadastrar-parceiro', element: <PostPartners /> },
  { path: '/admin/atualizar-parceiro/:identificador/:id', element: <UpdatePartner /> },
  { path: '/admin/duvidas', element: <ListQuestions /> },
  { path: '/admin/cadastrar-duvida', element: <PostQuestions /> },
  { path: '/admin/atualizar-duvida/:codigo', element: <UpdateQuestions /> },
  { path: '/admin/leads', element: <ListLeads /> },
  // The operations dashboard (issue 5 item 6, beyond the spec).
  { path: '/admin/painel', element: <Dashboard /> },
  { path: '/admin/privacidade', element: <ListPrivacyRequests /> },
  { path: '/admin/candidaturas', element: <ListJobApplications /> },
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

/**
 * The page for the path. With `deferRoutes` the first render is only the loading text, as the server rendered
 * it for a lazy screen (which cannot render there), so hydration adopts that markup; the screen follows at once.
 */
function AppRoutes({ deferRoutes }: { deferRoutes: boolean }) {
  const { pathname } = useLocation();
  const [deferred, setDeferred] = useState(deferRoutes);
  useEffect(() => setDeferred(false), []);
  return (
    <RouteErrorBoundary key={pathname}>
      {deferred ? (
        <RouteFallback />
      ) : (
        <Suspense fallback={<RouteFallback />}>
          <Routes routes={ROUTES} />
        </Suspense>
      )}
    </RouteErrorBoundary>
  );
}

interface AppProps {
  /** Server rendering: the partner configuration, the path to render and the visitor's cookie choice. */
  server?: { config: PartnerConfig; pathname: string; consent: CookieChoice };
  /** The page's server markup is the loading text of a lazy screen (see AppRoutes). */
  deferRoutes?: boolean;
}

export function App({ server, deferRoutes = false }: AppProps) {
  const page = (
    <>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <ScrollToTop />
      <AppRoutes deferRoutes={deferRoutes} />
      <ServerConsentContext.Provider value={server?.consent}>
        <CookieBanner />
      </ServerConsentContext.Provider>
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
