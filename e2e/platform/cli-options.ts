import { parseArgs } from 'node:util';
import type { PlatformOptions } from './types';

/** The command line of `npm run platform`. */
export const usage = `Usage: npm run platform -- [--port <n>] [--data <dir>] [--students <n>] [--seed <n>]
       [--control] [--client-id-metadata-documents] [--access-token-ttl <s>] [--code-ttl <s>]
       [--rate-limit <reads>/<writes> | off] [--long-descriptions <n>] [--big-curriculum <n>]
       [--documented-fields-only] [--second-school]

  --long-descriptions <n>  the first n courses get 20,000-character descriptions
  --big-curriculum <n>     the first n courses get 20 sections x 60 lectures
                           (both start with Intro to Watercolour; more than the demo's 36
                           courses adds courses; on a new data folder only)
  --documented-fields-only records carry only the fields the platform documents
  --second-school          also serve a second school on the same authorization server,
                           at <url>/schools/second (its own data)`;

/** Parses the command line into platform options; throws a plain-words error on bad input. */
export function parseOptions(argv: string[]): Partial<PlatformOptions> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      students: { type: 'string' },
      seed: { type: 'string' },
      control: { type: 'boolean' },
      'client-id-metadata-documents': { type: 'boolean' },
      'access-token-ttl': { type: 'string' },
      'code-ttl': { type: 'string' },
      'rate-limit': { type: 'string' },
      'documented-fields-only': { type: 'boolean' },
      'second-school': { type: 'boolean' },
      'long-descriptions': { type: 'string' },
      'big-curriculum': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) throw new HelpRequested();
  const int = (name: string, value: string | undefined, min: number): number | undefined => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min)
      throw new Error(`--${name} must be a whole number of at least ${min}.`);
    return n;
  };
  const options: Partial<PlatformOptions> = {};
  const set = <K extends keyof PlatformOptions>(key: K, value: PlatformOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  set('port', int('port', values.port, 0));
  set('dataDir', values.data);
  set('students', int('students', values.students, 0));
  set('seed', int('seed', values.seed, 0));
  set('control', values.control);
  set('clientIdMetadataDocuments', values['client-id-metadata-documents']);
  set('accessTokenTtl', int('access-token-ttl', values['access-token-ttl'], 1));
  set('authorizationCodeTtl', int('code-ttl', values['code-ttl'], 1));
  set('documentedFieldsOnly', values['documented-fields-only']);
  set('secondSchool', values['second-school']);
  set('longDescriptions', int('long-descriptions', values['long-descriptions'], 0));
  set('bigCurriculum', int('big-curriculum', values['big-curriculum'], 0));
  const rate = values['rate-limit'];
  if (rate === 'off') options.rateLimit = null;
  else if (rate !== undefined) {
    const [reads, writes] = rate.split('/');
    options.rateLimit = {
      reads: int('rate-limit reads', reads, 1) ?? 0,
      writes: int('rate-limit writes', writes, 1) ?? 0,
    };
  }
  return options;
}

/** Thrown for --help, so the caller prints the usage and exits 0. */
export class HelpRequested extends Error {}
