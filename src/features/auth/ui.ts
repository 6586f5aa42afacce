// Public entry of the auth feature: React components and hooks; nothing here reaches server-only code, so client components may import it.
// Other folders import the feature only through its entries (decision 0030).

export { SessionError } from './client/session';
export { AuthAction } from './components/auth-action';
export { AuthCard, DonePanel } from './components/auth-card';
export { AuthProvider, useAuth } from './components/auth-provider';
export { ChangeEmailForm } from './components/change-email-form';
export { ChangePasswordForm } from './components/change-password-form';
export { HeaderAuthLinks } from './components/header-auth-links';
export { PasswordResetForm } from './components/password-reset-form';
export { SignInForm } from './components/sign-in-form';
export { SignOutButton } from './components/sign-out-button';
export { type SignUpProofState, useSignUpProof } from './components/use-sign-up-proof';
