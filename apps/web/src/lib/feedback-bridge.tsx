import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { configureHttp } from './http';

/** Mount once inside the router: the HTTP layer's login redirects then navigate without reloading the page. */
export function FeedbackBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    configureHttp({ navigate: (to) => navigate(to) });
    return () => configureHttp({ navigate: (to) => window.location.assign(to) });
  }, [navigate]);
  return null;
}
