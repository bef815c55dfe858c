import { useEffect, useRef } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { useAuthDialogStore } from '../stores/auth-dialog-store';

const CODE = /^[0-9]{4}$/;

/**
 * Links into the sign-in dialogs (spec 01 §2): /login opens the login dialog on the home page;
 * /code/:code, /?code= and /product/...?code= (the password e-mail) open the change-password dialog
 * at the new-password step with the code filled in.
 */
export function AuthUrlEffects() {
  const navigate = useNavigate();
  const location = useLocation();
  const onLogin = Boolean(useMatch('/login'));
  const open = useAuthDialogStore((s) => s.open);
  const shownOnLogin = useRef(false);
  const codeRoute = useMatch('/code/:code');
  const pathCode = codeRoute?.params.code ?? null;
  const queryCode = new URLSearchParams(location.search).get('code');
  const onCodePage = location.pathname === '/' || location.pathname.startsWith('/product/');

  useEffect(() => {
    if (!onLogin) {
      shownOnLogin.current = false;
      return;
    }
    if (open === 'login') {
      shownOnLogin.current = true;
      return;
    }
    if (!shownOnLogin.current) {
      useAuthDialogStore.getState().openLogin();
      return;
    }
    // the login dialog was closed on /login: back to the home page's own address
    if (open === null) void navigate('/', { replace: true });
  }, [onLogin, open, navigate]);

  useEffect(() => {
    const code = pathCode ?? (onCodePage ? queryCode : null);
    if (code === null) return;
    if (CODE.test(code)) useAuthDialogStore.getState().openPassword({ code });
    // the code leaves the address bar (and history) once it is in the dialog
    if (pathCode !== null) {
      void navigate('/', { replace: true });
    } else {
      const params = new URLSearchParams(location.search);
      params.delete('code');
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    }
  }, [pathCode, queryCode, onCodePage, location.pathname, location.search, navigate]);

  return null;
}
