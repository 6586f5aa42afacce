'use client';

import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { toast } from 'sonner';
import type { Auth, User } from 'firebase/auth';
import type { PasswordPolicy } from '@/features/site/schema';
import { CUSTOM_TOKEN_COOKIE, type AuthClientConfig } from '@/features/auth/config';
import { describeAuthError } from '@/features/auth/errors';
import { deleteCookie, readCookie } from '@/features/auth/client/cookies';
import { endServerSession, ensureServerSession, startServerSession } from '@/features/auth/client/session';

/** Spec 3: the authentication context, with its defaults null / false / true. */
export interface AuthState {
  user: User | null;
  isLoggedIn: boolean;
  isLoading: boolean;
}

export interface AuthContextValue extends AuthState {
  /** The site's Firebase Auth, once the SDK has loaded. */
  getAuth(): Promise<Auth>;
  passwordPolicy: PasswordPolicy;
  /** After any sign-in: posts the ID token so the server opens a fresh session of its own. */
  startSession(user: User, options?: { forceRefresh?: boolean }): Promise<void>;
  signOut(options?: { message?: string; redirectTo?: string | null }): Promise<void>;
  /** Shows a provider error (toast) and signs out when the error says so; returns what it showed. */
  handleError(error: unknown): ReturnType<typeof describeAuthError>;
}

const INITIAL: AuthState = { user: null, isLoggedIn: false, isLoading: true };
const AuthContext = createContext<AuthContextValue | null>(null);

/** How often a visible tab asks the provider whether the account still may be used. */
const ACCOUNT_CHECK_INTERVAL_MS = 60_000;

async function loadSdk(config: AuthClientConfig) {
  const [{ createSiteAuth }, sdk] = await Promise.all([
    import('@/features/auth/client/firebase-client'),
    import('firebase/auth'),
  ]);
  return { auth: createSiteAuth(config), sdk };
}

export function AuthProvider({
  config,
  passwordPolicy,
  children,
}: {
  config: AuthClientConfig;
  passwordPolicy: PasswordPolicy;
  children: ReactNode;
}) {
  const router = useRouter();
  const [state, setState] = useState<AuthState>(INITIAL);
  const sdkRef = useRef<ReturnType<typeof loadSdk> | null>(null);
  const getSdk = useCallback(() => (sdkRef.current ??= loadSdk(config)), [config]);
  const getAuth = useCallback(async () => (await getSdk()).auth, [getSdk]);

  const signOut = useCallback<AuthContextValue['signOut']>(
    async ({ message = 'ログアウトしました', redirectTo = '/' } = {}) => {
      const { auth, sdk } = await getSdk();
      await endServerSession();
      await sdk.signOut(auth);
      deleteCookie(CUSTOM_TOKEN_COOKIE);
      toast(message);
      if (redirectTo) router.push(redirectTo);
      router.refresh();
    },
    [getSdk, router],
  );

  const handleError = useCallback<AuthContextValue['handleError']>(
    (error) => {
      const described = describeAuthError(error);
      if (described.signOut) void signOut({ message: described.message, redirectTo: null });
      else if (!described.field && described.code !== 'auth/requires-recent-login')
        toast.error(described.message);
      return described;
    },
    [signOut],
  );

  // Spec 4, authentication on page load.
  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    let lastCheck = 0;
    let currentUser: User | null = null;
    // Asks the provider about the account: a disabled or expired one signs out here (spec 8).
    const checkAccount = async (user: User) => {
      lastCheck = Date.now();
      const { sdk } = await getSdk();
      await sdk.reload(user).catch((error: unknown) => {
        if (describeAuthError(error).signOut) handleError(error);
      });
    };
    const onVisible = () => {
      const user = currentUser;
      if (
        document.visibilityState === 'visible' &&
        user &&
        Date.now() - lastCheck > ACCOUNT_CHECK_INTERVAL_MS
      ) {
        void checkAccount(user);
      }
    };

    void (async () => {
      const { auth: siteAuth, sdk } = await getSdk();
      // 1. Wait for the provider's first authentication state (isLoading stays true meanwhile).
      await siteAuth.authStateReady();
      let user = siteAuth.currentUser;
      let signedInNow = false;
      // 2. No user, but a custom_token cookie: sign in with it; a failure leaves user null, silently.
      const customToken = user ? null : readCookie(CUSTOM_TOKEN_COOKIE);
      if (customToken) {
        try {
          user = (await sdk.signInWithCustomToken(siteAuth, customToken)).user;
          signedInNow = true;
        } catch {
          user = null;
        }
        deleteCookie(CUSTOM_TOKEN_COOKIE);
      }
      if (!active) return;
      // 3-4. Otherwise the provider's user; then isLoading is false.
      currentUser = user;
      setState({ user, isLoggedIn: user !== null, isLoading: false });
      unsubscribe = sdk.onAuthStateChanged(siteAuth, (next) => {
        currentUser = next;
        setState({ user: next, isLoggedIn: next !== null, isLoading: false });
      });
      document.addEventListener('visibilitychange', onVisible);
      if (user) {
        await (signedInNow ? startServerSession(user) : ensureServerSession(user)).catch(() => {});
        if (signedInNow) router.refresh();
        await checkAccount(user);
      }
    })().catch(() => {
      if (active) setState({ user: null, isLoggedIn: false, isLoading: false });
    });

    return () => {
      active = false;
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [getSdk, handleError, router]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      getAuth,
      passwordPolicy,
      startSession: (user, options) => startServerSession(user, options?.forceRefresh),
      signOut,
      handleError,
    }),
    [state, getAuth, passwordPolicy, signOut, handleError],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
