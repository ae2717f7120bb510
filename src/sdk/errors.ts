/** RFC 7807 problem details as the platform answers them. */
export type Problem = {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  traceId?: string;
  errors?: Record<string, string[]>;
};

/** Statuses after which the same request may succeed later: the SDK retries these with back-off. */
const TRANSIENT_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/** The platform refused a request: its status and problem details. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
    /** seconds from a Retry-After header, if any */
    readonly retryAfterSeconds?: number,
  ) {
    super(problemSentence(status, problem));
    this.name = 'ProblemError';
  }

  get transient(): boolean {
    return TRANSIENT_STATUSES.has(this.status);
  }
}

function problemSentence(status: number, problem: Problem): string {
  const head = `${status} ${problem.title ?? 'refused'}`;
  const detail = problem.detail ? `: ${problem.detail}` : '';
  const fields = Object.entries(problem.errors ?? {})
    .slice(0, 3)
    .map(([field, messages]) => `${field} ${messages.join(', ')}`);
  const trace = problem.traceId ? ` (trace ${problem.traceId})` : '';
  return `${head}${detail}${fields.length > 0 ? ` [${fields.join('; ')}]` : ''}${trace}`;
}

/** Certificate checks that fail the same way every time: retrying cannot help. */
const CERTIFICATE_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The platform could not be reached, or the TLS handshake failed. */
export class ConnectionError extends Error {
  readonly code: string | undefined;

  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    const code = codeOf(cause);
    super(connectionSentence(url, code, cause), { cause });
    this.name = 'ConnectionError';
    this.code = code;
  }

  /** A certificate problem, on either side: the same request fails again. */
  get transient(): boolean {
    return !(this.code && (CERTIFICATE_CODES.has(this.code) || this.code.startsWith('ERR_SSL_')));
  }
}

function codeOf(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 3; depth += 1, current = current.cause as typeof current) {
    if (typeof current.code === 'string' && !current.code.startsWith('UND_ERR')) return current.code;
  }
  return typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : undefined;
}

function connectionSentence(url: string, code: string | undefined, cause: unknown): string {
  const origin = new URL(url).origin;
  if (code === 'ECONNREFUSED') return `cannot reach ${origin}: connection refused (is the platform running?)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `cannot reach ${origin}: host not found`;
  if (code && CERTIFICATE_CODES.has(code)) return `the server certificate of ${origin} is not trusted by the given CA (${code})`;
  if (code?.startsWith('ERR_SSL_')) return `${origin} refused the TLS handshake: is the client certificate from the platform's CA? (${code})`;
  const message = cause instanceof Error ? cause.message : String(cause);
  return `cannot reach ${origin}: ${message}${code && !message.includes(code) ? ` (${code})` : ''}`;
}
