'use client';

import {
  createContext,
  use,
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useRouter } from 'next/navigation';
import type { Auth, User } from 'firebase/auth';
import type { PasswordPolicy } from '@/features/site';
import { CUSTOM_TOKEN_COOKIE, type AuthClientConfig } from '@/features/auth/config';
import { describeAuthError } from '@/features/auth/errors';
import { withTimeout } from '@/lib/timeout';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth/timeouts';
import { deleteCookie, readCookie } from '@/features/auth/client/cookies';
import { showToast, wantToaster } from '@/components/ui/lazy-toast';
import { safeNextPath } from '@/lib/paths';
import {
  SessionError,
  endServerSession,
  ensureServerSession,
  signInHint,
  startServerSession,
  type SessionOptions,
} from '@/features/auth/client/session';

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
  /**
   * After any sign-in: posts the ID token so the server opens a fresh session of its own; `proof`, a solved sign-up
   * challenge, for a new account (the account step).
   */
  startSession(user: User, options?: SessionOptions): Promise<void>;
  /** Opens a server session only if this browser has none for the user. */
  ensureSession(user: User): Promise<void>;
  signOut(options?: { message?: string; redirectTo?: string | null }): Promise<void>;
  /** Shows a provider error (toast) and signs out when the error says so; returns what it showed. */
  handleError(error: unknown): ReturnType<typeof describeAuthError>;
  /**
   * Resolves once the page-load run and any account check in flight are over. A password change must wait for
   * it: a check still carrying the old token would be answered "expired" after the change and sign the user out.
   */
  accountChecksSettled(): Promise<void>;
}

const INITIAL: AuthState = { user: null, isLoggedIn: false, isLoading: true };
const AuthContext = createContext<AuthContextValue | null>(null);

/** How often a visible tab asks the provider whether the account still may be used. */
const ACCOUNT_CHECK_INTERVAL_MS = 60_000;

/**
 * Whether this browser may have someone signed in to the site: our sign-in hint, or a custom_token cookie to sign in
 * with. Without either, the visitor is signed out, and the SDK (tens of kilobytes) is loaded only once a form asks
 * for it, so that a public page never waits for it nor downloads it.
 */
function maySignIn(tenantId: string): boolean {
  return signInHint.get(tenantId) !== null || readCookie(CUSTOM_TOKEN_COOKIE) !== null;
}

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
  const { apiKey, authDomain, projectId, tenantId, emulatorUrl } = config;
  const [state, setState] = useState<AuthState>(INITIAL);
  const sdkRef = useRef<ReturnType<typeof loadSdk> | null>(null);
  // Lets the page-load run of a signed-out visitor go on once something loads the SDK (a sign-in, a sign-up).
  const sdkRequested = useRef<() => void>(() => {});
  // Every refresh of the layout brings a new config object with the same values: the SDK, and the page-load run
  // below, must not start again for it.
  const getSdk = useCallback(() => {
    const sdk = (sdkRef.current ??= loadSdk({ apiKey, authDomain, projectId, tenantId, emulatorUrl }));
    sdkRequested.current();
    return sdk;
  }, [apiKey, authDomain, projectId, tenantId, emulatorUrl]);
  const getAuth = useCallback(async () => (await getSdk()).auth, [getSdk]);

  const startSession = useCallback<AuthContextValue['startSession']>(
    async (user, options) => {
      await startServerSession(user, options);
      signInHint.set(tenantId, user.uid);
    },
    [tenantId],
  );
  const ensureSession = useCallback<AuthContextValue['ensureSession']>(
    async (user) => {
      await ensureServerSession(user);
      signInHint.set(tenantId, user.uid);
    },
    [tenantId],
  );

  const signOut = useCallback<AuthContextValue['signOut']>(
    async ({ message = 'ログアウトしました', redirectTo = '/' } = {}) => {
      signInHint.clear(tenantId);
      const { auth, sdk } = await getSdk();
      await endServerSession();
      await sdk.signOut(auth);
      deleteCookie(CUSTOM_TOKEN_COOKIE);
      showToast((toast) => toast(message));
      if (redirectTo) router.push(safeNextPath(redirectTo, '/'));
      router.refresh();
    },
    [getSdk, router, tenantId],
  );

  // The provider dropped the user by itself (disabled, deleted or expired, spec 8): end the server session too,
  // and tell the member why. The hint goes only once that is done, so that a page left meanwhile hands it on.
  const dropping = useRef(false);
  const pendingChecks = useRef<Promise<unknown>>(Promise.resolve());
  const accountChecksSettled = useCallback(async () => {
    await pendingChecks.current.catch(() => {});
  }, []);
  const onDropped = useCallback(async () => {
    if (dropping.current) return;
    dropping.current = true;
    const account = await endServerSession();
    signInHint.clear(tenantId);
    dropping.current = false;
    const code = account === 'disabled' ? 'auth/user-disabled' : 'auth/user-token-expired';
    showToast((toast) => toast(describeAuthError({ code }).message));
    router.refresh();
  }, [router, tenantId]);

  const handleError = useCallback<AuthContextValue['handleError']>(
    (error) => {
      const described = describeAuthError(error);
      if (described.signOut) void signOut({ message: described.message, redirectTo: null });
      else if (!described.field && described.code !== 'auth/requires-recent-login')
        showToast((toast) => toast.error(described.message));
      return described;
    },
    [signOut],
  );

  // The load below runs once per page load; these read the latest callbacks without re-running it.
  const onUserDropped = useEffectEvent(() => void onDropped());
  const onProviderError = useEffectEvent((error: unknown) => handleError(error));
  const openSession = useEffectEvent((user: User, fresh: boolean) =>
    fresh ? startSession(user) : ensureSession(user),
  );
  const refusedBySite = useEffectEvent((message: string) => signOut({ message, redirectTo: null }));
  const refreshPage = useEffectEvent(() => router.refresh());

  // Spec 4, authentication on page load.
  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    let lastCheck = 0;
    let currentUser: User | null = null;

    // Asks the provider about the account. A disabled or expired one is signed out by the SDK itself, which the
    // listener below turns into onDropped().
    const checkAccount = (user: User) => {
      lastCheck = Date.now();
      const check = (async () => {
        const { auth, sdk } = await getSdk();
        // Bounded: a password change waits for this check (accountChecksSettled), and a timeout signs nobody out.
        await withTimeout(sdk.reload(user), IDENTITY_TIMEOUT_MS.browser, 'reload').catch((error: unknown) => {
          if (describeAuthError(error).signOut && auth.currentUser) onProviderError(error);
        });
      })();
      pendingChecks.current = Promise.allSettled([pendingChecks.current, check]);
      return check;
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

    // A signed-out visitor (spec 4's steps 3-4 with no user) is answered at once, without the SDK; the run below
    // waits until a form loads it, and then listens to the provider as for everyone else. A child's effect may
    // have asked for the SDK already (they run before this one).
    const signedOut = !maySignIn(tenantId) && sdkRef.current === null;
    if (signedOut) setState({ user: null, isLoggedIn: false, isLoading: false });
    // A member's pages may report on load (a session refused, an account dropped).
    else wantToaster();

    const load = async () => {
      const { auth, sdk } = await getSdk();
      // 1. Wait for the provider's first authentication state (isLoading stays true meanwhile).
      await auth.authStateReady();
      let user = auth.currentUser;
      let signedInNow = false;
      // 2. No user, but a custom_token cookie: sign in with it; a failure leaves user null, silently.
      const customToken = user ? null : readCookie(CUSTOM_TOKEN_COOKIE);
      if (customToken) {
        try {
          // isLoading stays true meanwhile: a provider that does not answer must not hold the header forever.
          const credential = sdk.signInWithCustomToken(auth, customToken);
          user = (await withTimeout(credential, IDENTITY_TIMEOUT_MS.browser, 'signInWithCustomToken')).user;
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
      // Fires at once with the current user, then at every change.
      unsubscribe = sdk.onAuthStateChanged(auth, (next) => {
        currentUser = next;
        setState({ user: next, isLoggedIn: next !== null, isLoading: false });
        if (!next && signInHint.get(tenantId)) onUserDropped();
      });
      document.addEventListener('visibilitychange', onVisible);
      if (!user) return;
      try {
        await openSession(user, signedInNow);
        if (signedInNow) refreshPage();
      } catch (error) {
        // The server refuses this user (another tenant's, revoked...): do not stay half signed in.
        if (error instanceof SessionError && error.status === 401) {
          await refusedBySite(error.message);
          return;
        }
      }
      await checkAccount(user);
    };
    const start = () => {
      sdkRequested.current = () => {};
      pendingChecks.current = load().catch(() => {
        if (active) setState({ user: null, isLoggedIn: false, isLoading: false });
      });
    };
    if (signedOut) sdkRequested.current = start;
    else start();

    return () => {
      active = false;
      sdkRequested.current = () => {};
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [getSdk, tenantId]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      getAuth,
      passwordPolicy,
      startSession,
      ensureSession,
      signOut,
      handleError,
      accountChecksSettled,
    }),
    [state, getAuth, passwordPolicy, startSession, ensureSession, signOut, handleError, accountChecksSettled],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
