/** The document's introduction (info.description): what holds for every operation. */
export const PLATFORM_GUIDE = `Every HTTP API of the platform on this bridge: the CloudEvents exchange (\`/ce\`), the services
(each under its own path prefixes) and the operations endpoints. The event types that travel through the
exchange, with their payload schemas, are in the AsyncAPI document at \`/api/v1/asyncapi.json\`.

**Identity.** Every call is made over mutual TLS: the client presents a certificate of the platform's CA
whose subject is a client of the registry. An operation's security roles name the registry right it needs
(\`<service>:<right>\`, the registry's \`"rights": { "<service>": [...] }\`). A caller that cannot be
identified gets 401 (the exchange: 400 without a certificate); an identified caller without the right 403.

**Problems.** Every refusal is \`application/problem+json\` (RFC 7807, the \`PlatformProblem\` schema)
with a \`traceId\` to quote; its \`type\` is \`https://httpstatuses.io/<status>\`, one type per status, and
\`errors\` names the fields at fault. Every operation may answer 429 over the client's rate limit and
503 when the event log cannot store events, both with \`Retry-After\`.

**Conventions.** The paths, members and codes of the seeds' services are kept as the public guides write
them (misspellings included). The platform's own APIs follow the platform's REST conventions: JSON
objects, cursor paging (\`cursor\` and \`limit\`; \`nextCursor\` empty at the end), dates in RFC 3339 with
an offset, no personal data in URLs.`;
