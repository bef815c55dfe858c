import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useStaffLogin } from '../api/staff-login';
import { AdminShell } from '../components/admin-shell';
import '../i18n';

/** /admin/login — staff sign-in; success → /admin/ (spec 01 §2). */
export function AdminLoginRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const navigate = useNavigate();
  const login = useStaffLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: boolean; password?: boolean }>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = { username: username.trim() === '', password: password === '' };
    setErrors(next);
    if (next.username || next.password) return;
    login.mutate({ username: username.trim(), password }, { onSuccess: () => void navigate('/admin/') });
  }

  return (
    <AdminShell>
      <section className="card admin-login">
        <h1 className="card__title">{t('admin.loginTitle')}</h1>
        <p className="card__text">{t('admin.loginDescription')}</p>
        <form className="form" noValidate onSubmit={onSubmit}>
          {login.error && <Alert>{problemText(login.error, language)}</Alert>}
          <TextField
            label={t('admin.username')}
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={errors.username ? t('validation.required') : null}
            data-testid="staff-username"
          />
          <TextField
            label={t('admin.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password ? t('validation.required') : null}
            data-testid="staff-password"
          />
          <Button
            type="submit"
            size="lg"
            className="form__submit"
            loading={login.isPending}
            data-testid="staff-submit"
          >
            {t('admin.submit')}
          </Button>
        </form>
      </section>
    </AdminShell>
  );
}
