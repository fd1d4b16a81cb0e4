import type { AppEvent, Contract, Result } from '../../../src/shared/contract';
import { handle, type Handlers } from '../../../src/core/handlers';
import { startClientHarness, type ClientHarness } from './client-harness';
import { DEFAULT_RETRY_POLICY } from '../../../src/core/platform/retry';
import type { PlatformOptions } from '../../platform/types';
import { createJobHandlers } from '../../../src/core/workspace/job-handlers';
import { JobRegistry } from '../../../src/core/jobs/job-registry';
import type { z } from 'zod';

/** The `job:progress` events of one job, in the order they came. */
export type ProgressEvent = Extract<AppEvent, { type: 'job:progress' }>;

/**
 * The long operations' handlers on a real stand-in: Schools on the harness's minted
 * token (the session layer is the only thing replaced: its tests live in core/auth), a real
 * JobRegistry whose events are kept, and calls through `handle()`, so requests and answers
 * are checked against the contract as in the app.
 */
export type JobHarness = ClientHarness & {
  /** The stand-in's school key (issuer and resource are both its URL). */
  schoolId: string;
  events: ProgressEvent[];
  jobs: JobRegistry;
  /** Runs on every progress event (after it is recorded), e.g. to cancel mid-way. */
  onProgress: ((event: ProgressEvent) => void) | undefined;
  call<C extends keyof Contract>(
    channel: C,
    request: z.input<Contract[C]['request']>,
  ): Promise<Result<z.output<Contract[C]['response']>>>;
  /** Like `call`, for an answer that must be ok. */
  data<C extends keyof Contract>(
    channel: C,
    request: z.input<Contract[C]['request']>,
  ): Promise<z.output<Contract[C]['response']>>;
};

/** Starts a stand-in (rate limit off unless asked) and the job handlers on it. */
export async function startJobHarness(options: Partial<PlatformOptions> = {}): Promise<JobHarness> {
  const harness = await startClientHarness(options);
  const schoolId = `${harness.platform.url} ${harness.platform.url}`;
  // The session layer is the only thing replaced: the network client on a minted token
  // stands behind the SchoolData seam (its local-first side is tested in core/data).
  const client = harness.client({ retry: { ...DEFAULT_RETRY_POLICY } });
  const schools = { for: () => Promise.resolve(client) };
  const result = harness as JobHarness;
  result.schoolId = schoolId;
  result.events = [];
  result.onProgress = undefined;
  result.jobs = new JobRegistry((event) => {
    if (event.type !== 'job:progress') return;
    result.events.push(event);
    result.onProgress?.(event);
  });
  const handlers = createJobHandlers(schools, result.jobs) as unknown as Handlers;
  result.call = (channel, request) =>
    handle(handlers, channel, request, { trustedSender: true }) as never;
  result.data = async (channel, request) => {
    const answer = await result.call(channel, request);
    if (!answer.ok) throw new Error(`${String(channel)}: ${answer.error.code}`);
    return answer.data;
  };
  return result;
}
