import type { ApiTransport } from '../platform/retry';
import { RateLimiter, withPriority, type RateLimits } from './rate-limiter';
import { Reachability, reportingTransport, type ReachabilityOptions } from './reachability';

/** The transports of one school, all sharing its rate limiter and its reachability. */
export type SchoolLink = {
  limiter: RateLimiter;
  reachability: Reachability;
  /** For the screen's requests (the default priority). */
  screen: ApiTransport;
  /** For sync: waits behind every screen request. */
  background: ApiTransport;
  /** Sets the probe reachability runs while the school does not answer. */
  setProbe(probe: (signal: AbortSignal) => Promise<unknown>): void;
  /** Rejects what still waits for its turn and stops the probe. */
  close(): void;
};

/**
 * Puts one school's rate limiter and reachability in front of its transport (in the app,
 * `authTransport(auth, schoolId)`): every request waits for its turn, and what it learns marks
 * the school online or unreachable. Build one per school and every PlatformClient of that
 * school on its transports, so they share one budget. The probe is set afterwards because it
 * is usually a request of a client built on `background`, e.g.
 * `link.setProbe((signal) => syncClient.page('courses', { page: 1, perPage: 1, signal }))`.
 */
export function linkSchool(
  transport: ApiTransport,
  options: { limits?: Partial<RateLimits> } & Omit<ReachabilityOptions, 'probe'> = {},
): SchoolLink {
  const { limits, ...reachabilityOptions } = options;
  // Until a probe is set, a probe that resolves marks the school online at once.
  let probe: (signal: AbortSignal) => Promise<unknown> = () => Promise.resolve();
  const reachability = new Reachability({
    ...reachabilityOptions,
    probe: (signal) => probe(signal),
  });
  // Real time for the limiter: its pacing runs on p-queue's own timers anyway.
  const limiter = new RateLimiter(limits);
  const screen = reportingTransport(limiter.wrap(transport), reachability);
  return {
    limiter,
    reachability,
    screen,
    background: withPriority(screen, 'background'),
    setProbe(next) {
      probe = next;
    },
    close() {
      limiter.close();
      reachability.close();
    },
  };
}
