// Entry of the auth audience's lazy chunk: router.tsx loads this module once for every sign-in page.
import { AccountCreatedPage } from './account-created-page';
import { AuthLayout } from './auth-layout';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';
import { SignOutPage } from './sign-out-page';
import { SignupPage } from './signup-page';
import { UnauthorizedPage } from './unauthorized-page';
import { UnsubscribePage } from './unsubscribe-page';

export const authChunk = {
  Layout: AuthLayout,
  Login: LoginPage,
  Signup: SignupPage,
  AccountCreated: AccountCreatedPage,
  ForgotPassword: ForgotPasswordPage,
  ResetPassword: ResetPasswordPage,
  Unauthorized: UnauthorizedPage,
  SignOut: SignOutPage,
  Unsubscribe: UnsubscribePage,
};
