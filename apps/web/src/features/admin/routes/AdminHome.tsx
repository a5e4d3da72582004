import { Link } from 'react-router';
import { AdminLayout, navFor, useStaffUser } from '../components/AdminLayout';

/** /admin: the back office's start, a link to each of its sections. */
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
        {navFor(user.papel)
          .filter((item) => item.home)
          .map((item) => (
            <li key={item.to}>
              <Link to={item.to}>{item.home}</Link>
            </li>
          ))}
      </ul>
    </section>
  );
}
