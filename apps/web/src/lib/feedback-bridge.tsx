import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { bindFeedback, unbindFeedback } from './feedback';
import { configureHttp } from './http';

/**
 * Mount once inside antd's <App> and the router: toasts and dialogs then follow the app's theme and locale,
 * and the HTTP layer's login redirects navigate without reloading the page.
 */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    // Outside an <App>, useApp() yields empty objects: keep antd's static functions then.
    if (typeof message.error === 'function' && typeof modal.confirm === 'function') bindFeedback({ message, modal });
    configureHttp({ navigate: (to) => navigate(to) });
    return () => {
      unbindFeedback();
      configureHttp({ navigate: (to) => window.location.assign(to) });
    };
  }, [message, modal, navigate]);
  return null;
}
