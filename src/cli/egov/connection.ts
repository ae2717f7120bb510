import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { EgovClient } from '../../sdk/index';

export type ConnectionFlags = { url?: string; ca?: string; cert?: string; key?: string; client?: string; dataDir?: string };

/** The connection flags every command that talks to the platform takes; `defaultClient` is the development client it uses by default. */
export function withConnectionOptions(command: Command, defaultClient: string): Command {
  return command
    .option('--url <url>', 'the platform (env EGOV_URL; default https://localhost:8443)')
    .option('--client <id>', `a development client whose certificate is in <data-dir>/pki/clients (env EGOV_CLIENT; default ${defaultClient})`)
    .option('--cert <file>', 'client certificate, PEM (env EGOV_CERT; default that of --client)')
    .option('--key <file>', 'client key, PEM (env EGOV_KEY; default that of --client)')
    .option('--ca <file>', 'CA certificate of the server, PEM (env EGOV_CA; default <data-dir>/pki/ca.crt)')
    .option('--data-dir <dir>', 'the development platform data directory, for the default files (env DATA_DIR; default ./data)');
}

/** Flags first, then the environment, then the development platform's own files. */
export function connect(flags: ConnectionFlags, defaultClient: string, env = process.env): EgovClient {
  const pki = join(resolve(flags.dataDir ?? env.DATA_DIR ?? 'data'), 'pki');
  const client = flags.client ?? env.EGOV_CLIENT ?? defaultClient;
  const fromClient = flags.client !== undefined;
  return new EgovClient({
    url: flags.url ?? env.EGOV_URL ?? `https://localhost:${env.PORT ?? 8443}`,
    ca: flags.ca ?? env.EGOV_CA ?? join(pki, 'ca.crt'),
    cert: flags.cert ?? (fromClient ? undefined : env.EGOV_CERT) ?? join(pki, 'clients', `${client}.crt`),
    key: flags.key ?? (fromClient ? undefined : env.EGOV_KEY) ?? join(pki, 'clients', `${client}.key`),
  });
}
