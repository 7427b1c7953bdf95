import { isSitePath } from '@pharmacy/shared';

/**
 * A CMS link as an in-app path: only site paths (the shared rule of message links and the login redirect) are
 * followed (spec §5: external URLs need explicit opt-in, dangerous protocols are refused); anything else goes nowhere.
 */
export function safeLink(link: string | null | undefined): string {
  if (!isSitePath(link)) return '#';
  // The seed's home links name the category with `category=`; the list's filter is `category_id`.
  return link.replace(/([?&])category=(\d+)(?=&|$)/, '$1category_id=$2');
}
