import { Link } from 'react-router';
import { texts } from '#domain/texts/common.ts';
import { homeFor, useSession } from '#client/lib/use-session.ts';
import { LoginForm } from './login-form.tsx';
import { LogoutButton } from './logout-button.tsx';
import styles from './accounts.module.css';
import { NoBreak } from '#client/ui/keep-together.tsx';

/** Home section "connexion": the login form, or who is logged in with a way out. */
export function HomeLoginSection() {
  const session = useSession();
  const user = session.data?.user;
  if (!user) return <LoginForm variant="home" />;
  return (
    <div className={styles.feedback}>
      <p>
        {texts.loggedInAs}{' '}
        <strong>
          <NoBreak>{user.email}</NoBreak>
        </strong>
        . <Link to={homeFor(user.role)}>{user.role === 'admin' ? texts.goToAdmin : texts.goToEspaceClient}</Link>
      </p>
      <LogoutButton />
    </div>
  );
}
