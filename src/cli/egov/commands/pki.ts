import { Command } from 'commander';

export type PkiFlags = { dataDir?: string; force?: boolean };

export function pkiCommand(): Command {
  return new Command('pki')
    .summary('issue a development client certificate for a registry entry')
    .description(
      'Issues a certificate and key for a client of the registry (REGISTRY_FILE, default <data-dir>/clients.json) from the ' +
        'development CA in <data-dir>/pki, with the common name the registry names it by, into <data-dir>/pki/clients/. ' +
        'The platform trusts it at once; a client added to the registry needs a restart of the platform to be known.',
    )
    .argument('<clientId>', 'the registry entry')
    .option('--data-dir <dir>', 'the development platform data directory (env DATA_DIR; default ./data)')
    .option('--force', 'replace a certificate the client already has')
    // loaded when run: the registry's schema and node-forge would slow every other command's start
    .action(async (clientId: string, flags: PkiFlags) => (await import('./pki-issue')).issueCertificate(clientId, flags));
}
