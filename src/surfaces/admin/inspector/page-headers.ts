/**
 * What the page and its files are sent with. The page sets everything a client sent or the
 * gateway answered as text, never as markup; the policy is the second wall: only the page's own
 * scripts, styles and connections run, nothing inline, nothing from elsewhere, and no other site
 * may frame it. No referrer leaves it (the first load may carry `?token=`).
 */
export const pageHeaders: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}
