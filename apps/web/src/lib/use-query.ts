/**
 * TanStack Query's own `useQuery`. The console once had its own hook here (a `QueryObserver` whose notifications
 * re-rendered in `startTransition`); measured again it bought nothing (list rows are already deferred by `ListPage`),
 * so it is gone (docs/front-end-performance.md). Feature API files may import `useQuery` from
 * `@tanstack/react-query` directly; this re-export keeps the existing imports working until they do.
 */
export { useQuery } from '@tanstack/react-query';
