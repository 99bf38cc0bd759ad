// What a failed attempt records as its `error` (docs/webhooks.md, "Deliveries and retries"):
// a fixed sentence per kind of failure, never the error's own message, which names the
// address a host resolved to ("connect ECONNREFUSED 10.0.0.5:443"). A host refused for its
// addresses and a host that does not resolve read alike, as at registration, so deliveries
// tell nothing of the network the platform runs in.
/** The error of an attempt whose host does not resolve to public addresses only. */
export const REFUSED_TARGET = 'refused: the host does not resolve to public addresses only';

/** The sentence of each network error code (Node's `error.code`). */
const BY_CODE: Record<string, string> = {
  ENOTFOUND: REFUSED_TARGET,
  EAI_AGAIN: REFUSED_TARGET,
  EAI_FAIL: REFUSED_TARGET,
  EAI_NODATA: REFUSED_TARGET,
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was closed before an answer',
  EPIPE: 'the connection was closed before an answer',
  ECONNABORTED: 'the connection was closed before an answer',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the host is unreachable',
  EHOSTDOWN: 'the host is unreachable',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the TLS certificate does not name the host',
};

/**
 * The recorded text of a failed request: a fixed sentence for its kind, with Node's error code
 * (a constant such as CERT_HAS_EXPIRED) when there is no sentence for it; never addresses.
 * `noAnswer` is the sentence of a request that timed out.
 */
export function failureText(error: Error & { code?: unknown }, noAnswer: string): string {
  if (error.name === 'PrivateTargetError') return REFUSED_TARGET;
  if (error.name === 'AbortError' || error.name === 'TimeoutError' || error.code === 'ETIMEDOUT') return noAnswer;
  const code = typeof error.code === 'string' && /^[A-Z0-9_]{1,60}$/.test(error.code) ? error.code : undefined;
  if (code && BY_CODE[code]) return BY_CODE[code];
  if (code?.startsWith('HPE_')) return `the answer is not valid HTTP (${code})`;
  if (code && /CERT|TLS|SSL/.test(code)) return `the TLS connection failed (${code})`;
  if (error.message === 'socket hang up') return BY_CODE.ECONNRESET;
  return code ? `the request failed (${code})` : 'the request failed';
}
