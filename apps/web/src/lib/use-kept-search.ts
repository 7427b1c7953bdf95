import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * For a page kept alive (route metadata `keepAlive`) whose filters, page and open dialog live in the URL, which a menu
 * click replaces with the bare `path`: coming back that way restores the search the page last had.
 */
export function useKeptSearch(path: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const kept = useRef('');
  const returning = useRef(false);
  useEffect(() => {
    if (location.pathname !== path) return;
    if (returning.current) {
      returning.current = false;
      if (!location.search && kept.current) {
        navigate({ pathname: path, search: kept.current }, { replace: true });
        return;
      }
    }
    kept.current = location.search;
  }, [path, location.pathname, location.search, navigate]);
  // runs when the page is hidden (its effects are torn down while kept) and on unmount
  useEffect(
    () => () => {
      returning.current = true;
    },
    [],
  );
}
