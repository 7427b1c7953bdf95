import { Activity, type ReactElement, useRef } from 'react';
import { useMatches, useOutlet } from 'react-router';
import { type KeepAliveName, metaOfMatch } from './route-meta';

/**
 * The layout's outlet, keeping pages marked `keepAlive` mounted once visited: the current page is visible, visited
 * keep-alive pages stay rendered inside a hidden <Activity> (state and DOM kept, effects torn down until shown
 * again). Sockets, polling and unread counters therefore belong to the shell, never to a kept page.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const matches = useMatches();
  const active = metaOfMatch(matches[matches.length - 1])?.keepAlive;
  const cache = useRef(new Map<KeepAliveName, ReactElement>());

  // The visible keep-alive page always gets the latest element (new search params, new route context).
  if (active && outlet) cache.current.set(active, outlet);

  return (
    <>
      {[...cache.current].map(([name, element]) => (
        <Activity key={name} mode={name === active ? 'visible' : 'hidden'} name={name}>
          {element}
        </Activity>
      ))}
      {active ? null : outlet}
    </>
  );
}
