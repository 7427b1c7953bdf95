import { USER_STORE_KEY } from '@pharmacy/shared';
import { useDeferredValue, useEffect, useState, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { FeedbackBridge } from '../lib/feedback-bridge';
import { useSessionStore } from '../lib/session-store';
import { BuildUpdateWatcher } from './build-update-watcher';
import { BootFallback, ErrorPage } from './error-pages';
import { fatalErrorStore } from './errors';
import { guardDecision } from './guards';
import { useRouteMeta } from './route-meta';
import { useFinishSignOut } from './sign-out';

export const APP_TITLE = '药房平台运营后台';

/** Loads the persisted session when the root view mounts (spec §4) and again when another tab changes it. */
function useHydratedSession(): boolean {
  // Always false on the first render: guards decide only after this mount has loaded the persisted session.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    const unsubscribe = useSessionStore.persist.onFinishHydration(() => setHydrated(true));
    useSessionStore.getState().hydrateSession();
    if (useSessionStore.persist.hasHydrated()) setHydrated(true);
    const onStorage = (e: StorageEvent) => {
      if (e.key === USER_STORE_KEY) useSessionStore.getState().hydrateSession();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return hydrated;
}

function useDocumentTitle() {
  const title = useRouteMeta()?.title;
  useEffect(() => {
    document.title = title ? `${title} - ${APP_TITLE}` : APP_TITLE;
  }, [title]);
}

/** The root route: hydrates the session, applies the route guards, shows fatal errors, hosts shell services. */
export function RootView() {
  const location = useLocation();
  const navigation = useNavigation();
  // The console's first real render (layout, menu, page) happens once the session is loaded; deferring it makes it a
  // transition, which React renders in slices instead of one long synchronous task.
  const hydrated = useDeferredValue(useHydratedSession());
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  const userInfo = useSessionStore((s) => s.userInfo);
  const fatal = useSyncExternalStore(fatalErrorStore.subscribe, fatalErrorStore.get, fatalErrorStore.get);
  useDocumentTitle();
  useFinishSignOut(location.pathname);

  let content: React.ReactNode;
  if (fatal) content = <ErrorPage error={fatal} onReset={fatalErrorStore.clear} />;
  else if (!hydrated) content = <BootFallback />;
  else {
    const decision = guardDecision(location, { isLoggedIn, userInfo });
    content = decision.kind === 'allow' ? <Outlet /> : <Navigate to={decision.to} replace />;
  }

  return (
    <>
      <FeedbackBridge />
      <BuildUpdateWatcher />
      {navigation.state === 'loading' ? (
        <div className="nav-progress" role="progressbar" aria-label="页面加载中" />
      ) : null}
      {content}
    </>
  );
}
