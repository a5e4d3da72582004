import { Link } from '../../../lib/router';
import { AdminLayout, useStaffUser } from '../components/AdminLayout';

/** /admin: the back office's start (the partner, FAQ and lead lists of spec 002 §2 come with their screens). */
export default function AdminHome() {
  return (
    <AdminLayout>
      <Welcome />
    </AdminLayout>
  );
}

function Welcome() {
  const user = useStaffUser();
  return (
    <section className="admin-panel" aria-labelledby="admin-welcome">
      <h1 id="admin-welcome" className="admin-panel__title">
        Olá, {user.username}
      </h1>
      <p>Bem-vindo ao painel administrativo do portal de negociação.</p>
      <ul className="admin-home__links">
        <li>
          <Link to="/admin/parceiros">Lista de parceiros</Link>
        </li>
        <li>
          <Link to="/admin/alterar-senha">Alterar a sua senha</Link>
        </li>
      </ul>
    </section>
  );
}
