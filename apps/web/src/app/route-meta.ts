import type { ComponentType } from 'react';
import { type UIMatch, useMatches } from 'react-router';

export type LayoutName = 'staff' | 'chatroom' | 'patient' | 'default' | 'none';

/** Pages kept mounted (hidden in <Activity>) while the user is elsewhere; spec §2. */
export type KeepAliveName =
  | 'CreateOrderDetail'
  | 'SubstituteOrderDetail'
  | 'CustomerPage'
  | 'ChatRoom'
  | 'BroadcastColumn';

export interface LayoutTransition {
  /** CSS animation played when this route's layout is entered from another layout. */
  name: 'fade' | 'slide';
}

/** What a route says about itself; read by the router, the layouts, the guards and the breadcrumb. */
export interface RouteMeta {
  /** Chinese page title: the document title and the breadcrumb item. */
  title: string;
  /** Layout the page renders in; none given → 'default'. */
  layout?: LayoutName;
  layoutTransition?: LayoutTransition | false;
  keepAlive?: KeepAliveName;
  /** Default layout only: show a breadcrumb above the page. */
  breadcrumb?: boolean;
  /** Default layout only: show a back navigator bar with the title. */
  navigator?: boolean;
  /** Default layout only: the page one level up (breadcrumb link, navigator fallback). */
  parent?: string;
  /** An empty container path (e.g. /marketManage): renders an empty area inside its layout. */
  container?: boolean;
  /**
   * The page works on the current pharmacy (its server contracts need the pharmacyid header): with none chosen, the
   * router renders 请先选择药店 in its place (`RequirePharmacy`), so no call goes out. A role outside any pharmacy
   * that may open the path (the operator on 用药人, 会员数据) is let through: `needsPharmacyChoice` in guards.ts.
   */
  pharmacyScoped?: boolean;
}

/** A failed check yields a 404 'Page Not Found: {path}' unless it returns its own status or message. */
export type RouteValidate = (
  params: Record<string, string | undefined>,
  url: URL,
) => boolean | { statusCode?: number; statusMessage?: string };

export interface AppRouteDef extends RouteMeta {
  path: string;
  /** The lazily loaded page module; a container has none. */
  page?: () => Promise<{ default: ComponentType }>;
  validate?: RouteValidate;
}

export interface RouteHandle {
  meta: RouteMeta;
}

export const layoutOf = (meta: Pick<RouteMeta, 'layout'> | undefined): LayoutName => meta?.layout ?? 'default';

export function metaOfMatch(match: UIMatch | undefined): RouteMeta | undefined {
  return (match?.handle as RouteHandle | undefined)?.meta;
}

/** The meta of the deepest matched route that has one. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const meta = metaOfMatch(matches[i]);
    if (meta) return meta;
  }
  return undefined;
}
