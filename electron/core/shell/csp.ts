/**
 * The Content-Security-Policy of the renderer. Scripts and everything else load only from the app's own
 * origin; no inline scripts, no eval, no plugins, no framing, no form posts. Styles allow inline attributes
 * because Svelte sets style attributes for transitions. `connect` adds the browser host's WebSocket.
 */
export function contentSecurityPolicy(options: { connect?: readonly string[] } = {}): string {
  const connect = ["'self'", ...(options.connect ?? [])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
