import { LoginDialog } from './login-dialog';
import { RegisterDialog } from './register-dialog';
import { PasswordDialog } from './password-dialog';
import { SocialConnectDialog } from './social-connect-dialog';

/** The four sign-in dialogs together: the lazy chunk behind AuthDialogs. */
export default function AuthDialogsAll() {
  return (
    <>
      <LoginDialog />
      <RegisterDialog />
      <PasswordDialog />
      <SocialConnectDialog />
    </>
  );
}
