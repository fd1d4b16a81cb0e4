import { exitUnlessNodeIsCurrent } from '../../src/core/node-runtime';
import { startPlatform } from './server';
import { HelpRequested, parseOptions, usage } from './cli-options';
import { SECOND_SCHOOL_PATH } from './schools';
import type { PlatformOptions } from './types';

/** `npm run platform`: starts the stand-in and prints `Platform ready at <url>` once it serves. */
async function main(): Promise<void> {
  exitUnlessNodeIsCurrent();
  let options: Partial<PlatformOptions>;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (error instanceof HelpRequested) {
      console.log(usage);
      process.exit(0);
    }
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  const started = Date.now();
  const platform = await startPlatform(options);
  const took = `${Date.now() - started} ms`;
  console.log(
    platform.seeded
      ? `Created a demo school with ${platform.seeded.students} students in ${platform.dataDir} (${took})`
      : `Opened the school in ${platform.dataDir} (${took})`,
  );

  // The handlers go in before the ready line: whoever reads that line may stop us at once.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    platform.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('The platform did not stop cleanly:', (error as Error).message);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (options.secondSchool) console.log(`Second school at ${platform.url}${SECOND_SCHOOL_PATH}`);
  console.log(`Platform ready at ${platform.url}`);
}

main().catch((error: unknown) => {
  console.error(`The platform could not start: ${(error as Error).message}`);
  process.exit(1);
});
