/**
 * A CMS link as an in-app path: only same-origin relative paths are followed (spec §5: external URLs need
 * explicit opt-in, dangerous protocols are refused); anything else goes nowhere.
 */
export function safeLink(link: string | null | undefined): string {
  if (!link?.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) return '#';
  // The seed's home links name the category with `category=`; the list's filter is `category_id`.
  return link.replace(/([?&])category=(\d+)(?=&|$)/, '$1category_id=$2');
}
