import { type CommandIo, lifecycleCommands } from './lifecycle-commands';
import { pixCommands } from './pix-commands';

// `npm run payments -- <command>`: the payment commands, each in the file of its area.

const COMMANDS = [...lifecycleCommands, ...pixCommands];

/** Runs the named command; 2 with the usage for an unknown one. */
export async function runPaymentsCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const command = COMMANDS.find((c) => c.name === args[0]);
  if (!command) {
    io.stderr.write(
      `uso: npm run payments -- <comando>\n${COMMANDS.map((c) => `  ${c.usage}`).join('\n')}\n`,
    );
    return 2;
  }
  return command.run(args.slice(1), io);
}
