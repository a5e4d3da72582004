import { Link } from 'react-router';
import { AdminLayout, AdminTitle, navFor, useStaffUser } from '../components/AdminLayout';

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
      <AdminTitle id="admin-welcome">Olá, {user.username}</AdminTitle>
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
