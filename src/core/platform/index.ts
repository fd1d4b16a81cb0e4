/**
 * The platform's business API client: typed, zod-validated, paged onto any offset/limit,
 * retrying what is safe to retry. Hosts build one per school with `authTransport`.
 */
export { authTransport } from './auth-transport';
export {
  ConflictError,
  isPlatformError,
  PlatformError,
  RateLimitedError,
  ValidationError,
  type PlatformErrorCode,
} from './errors';
export {
  MAX_PER_PAGE,
  PlatformClient,
  type ListQuery,
  type ListResult,
  type PlatformClientOptions,
  type Versioned,
  type WritableOf,
} from './platform-client';
export {
  DEFAULT_RETRY_POLICY,
  type ApiRequestInit,
  type ApiTransport,
  type RetryPolicy,
} from './retry';
export * from './schemas';
