/**
 * The cookie that carries the admin token for the inspector's page: a browser cannot send a
 * header with its page loads and its event stream, so the page is opened once with `?token=` and
 * the token travels in this cookie from then on. Named by the port, since browsers share cookies
 * between the ports of one host and two servers may have different tokens.
 */
export function adminCookieName(url: string): string {
  const { port, protocol } = new URL(url)
  return `llm-gateway-mock-admin-${port || (protocol === 'https:' ? '443' : '80')}`
}
