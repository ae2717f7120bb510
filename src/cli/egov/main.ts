import { Command, CommanderError } from 'commander';
import { consumeCommands } from './commands/consume';
import { historyCommand } from './commands/history';
import { maintenanceCommands } from './commands/maintenance';
import { pkiCommand } from './commands/pki';
import { produceCommand } from './commands/produce';
import { describeFailure, EXIT_USAGE } from './failure';

/** `npx egov <command>`: the platform's command line for integrators and operators (docs/cli.md). */
const program = new Command('egov')
  .description('The eGov integration platform from the command line: produce and consume events, read an aggregate\'s history, replay read models, back up, issue development certificates. Connection settings: docs/cli.md.')
  .showHelpAfterError('(add --help for usage)')
  .exitOverride();
for (const command of [produceCommand(), ...consumeCommands(), historyCommand(), ...maintenanceCommands(), pkiCommand()]) {
  program.addCommand(command.showHelpAfterError('(add --help for usage)').exitOverride());
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // commander printed the message (or the help) already
    process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
  } else {
    const { line, exitCode } = describeFailure(error);
    process.stderr.write(`egov: ${line}\n`);
    process.exitCode = exitCode;
  }
}
