/**
 * Sync of each signed-in school's local copy: the rate limiter and reachability in front of
 * the school's transport (`linkSchool`), one area's pull, and the school's SchoolSync.
 */
export { RateLimiter, PLATFORM_RATE_LIMITS, withPriority, type RateLimits } from './rate-limiter';
export {
  Reachability,
  reportingTransport,
  isNoAnswer,
  systemTimers,
  type NetworkHint,
  type ReachabilityOptions,
  type ReachabilityState,
  type Timers,
} from './reachability';
export { linkSchool, type SchoolLink } from './school-link';
export { pollingNetworkHint } from './network-hint';
export type { PageAnswer, PageQuery, PageSource, SyncRecord } from './page-walk';
export { readAreaMeta, type AreaMeta, type SyncMirror } from './area-state';
export { pullArea, type PullProgress } from './pull';
export { SchoolSync } from './school-sync';
export {
  DEFAULT_SCHEDULE,
  readableAreas,
  type SchoolSyncOptions,
  type SyncSchedule,
} from './school-sync-options';
