import type Router from '@koa/router';
import { FALLBACK_ROUTE } from '../api/fallback';
import { RateLimiter, type RateLimits } from '../api/rate-limit';
import type { PlatformOptions } from '../types';

/** How an injected fault answers: a 500, a 503 (with Retry-After), or no answer at all. */
export type FaultKind = '500' | '503' | 'drop';

/** A fault rule: which share of matching requests fail, and how. */
export type FaultRule = {
  /** 0..1; 1 fails every matching request, 0.25 every fourth. */
  rate: number;
  kind: FaultKind;
  /** Only requests whose path starts with this fail (all non-control requests when absent). */
  pathPrefix?: string;
  /** Stop after this many faults (the rule then clears itself); unlimited when absent. */
  count?: number;
};

/** Request counts by route and status, as `GET /__control/counters` answers them. */
export type CounterSnapshot = {
  total: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, { total: number; byStatus: Record<string, number> }>;
};

/** Counts requests by `METHOD route` and by status. */
export class RequestCounters {
  private total = 0;
  private readonly byStatus = new Map<string, number>();
  private readonly byRoute = new Map<string, { total: number; byStatus: Map<string, number> }>();

  /** Records one finished request; `status` is a code or `dropped`. */
  record(method: string, route: string, status: string): void {
    this.total += 1;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const key = `${method} ${route}`;
    let entry = this.byRoute.get(key);
    if (!entry) {
      entry = { total: 0, byStatus: new Map() };
      this.byRoute.set(key, entry);
    }
    entry.total += 1;
    entry.byStatus.set(status, (entry.byStatus.get(status) ?? 0) + 1);
  }

  /** A JSON-ready copy. */
  snapshot(): CounterSnapshot {
    return {
      total: this.total,
      byStatus: Object.fromEntries(this.byStatus),
      byRoute: Object.fromEntries(
        [...this.byRoute].map(([key, entry]) => [
          key,
          { total: entry.total, byStatus: Object.fromEntries(entry.byStatus) },
        ]),
      ),
    };
  }

  reset(): void {
    this.total = 0;
    this.byStatus.clear();
    this.byRoute.clear();
  }
}

/**
 * The test-controlled state of one platform instance: latency, faults, rate limits and
 * request counters. The control API changes it; the fault, counting and rate-limit
 * middleware read it on every request.
 */
export class ControlState {
  latencyMs = 0;
  /** Only requests under this prefix are delayed (all non-control requests when absent). */
  latencyPathPrefix: string | undefined;
  readonly rateLimiter: RateLimiter;
  readonly counters = new RequestCounters();
  private rule: FaultRule | null = null;
  private credit = 0;
  private faultsSent = 0;
  private readonly defaultRateLimit: RateLimits;
  private readonly routers: Router[] = [];

  constructor(options: { rateLimit: PlatformOptions['rateLimit'] }, now: () => number = Date.now) {
    this.defaultRateLimit = options.rateLimit;
    this.rateLimiter = new RateLimiter(options.rateLimit, now);
  }

  /** Lets the counters group this router's requests by route template (`/courses/:id`). */
  registerRoutes(router: Router): void {
    this.routers.push(router);
  }

  /**
   * The route template of a request, resolved before routing runs, so a request failed or
   * dropped by an injected fault is counted under the same key as a served one. Requests no
   * registered router knows (OAuth, static files) are keyed by their path.
   */
  routeOf(method: string, path: string): string {
    for (const router of this.routers) {
      const layer = router
        .match(path, method)
        .pathAndMethod.find(
          (l) => l.methods.length > 0 && l.name !== FALLBACK_ROUTE && typeof l.path === 'string',
        );
      if (layer) return String(layer.path);
    }
    return path;
  }

  /** The fault rule in force, if any. */
  get fault(): FaultRule | null {
    return this.rule;
  }

  /** Sets (or clears, with null) the fault rule and restarts its counter. */
  setFault(rule: FaultRule | null): void {
    this.rule = rule;
    this.credit = 0;
    this.faultsSent = 0;
  }

  /**
   * Decides whether this request fails. Deterministic, so tests repeat exactly: each
   * matching request adds `rate` to a credit and fails when the credit reaches 1. With rate
   * 0.5 the 2nd, 4th, 6th... matching requests fail; with rate 1 all of them.
   */
  nextFault(path: string): FaultKind | undefined {
    const rule = this.rule;
    if (!rule || rule.rate <= 0) return undefined;
    if (rule.pathPrefix && !path.startsWith(rule.pathPrefix)) return undefined;
    this.credit += rule.rate;
    // The epsilon absorbs float error (0.1 added ten times is 0.9999999999999999).
    if (this.credit < 1 - 1e-9) return undefined;
    this.credit -= 1;
    this.faultsSent += 1;
    if (rule.count !== undefined && this.faultsSent >= rule.count) this.setFault(null);
    return rule.kind;
  }

  /** Delay for a request to `path`, in ms. */
  latencyFor(path: string): number {
    if (this.latencyMs <= 0) return 0;
    if (this.latencyPathPrefix && !path.startsWith(this.latencyPathPrefix)) return 0;
    return this.latencyMs;
  }

  /** Changes the rate limits (null = off) and starts every client on a fresh window. */
  setRateLimit(limits: RateLimits): void {
    this.rateLimiter.setLimits(limits);
  }

  /** Clears latency, faults and counters and restores the rate limit the server started with. */
  reset(): void {
    this.latencyMs = 0;
    this.latencyPathPrefix = undefined;
    this.setFault(null);
    this.counters.reset();
    this.rateLimiter.setLimits(this.defaultRateLimit);
  }

  /** What `GET /__control/state` answers. */
  snapshot(): {
    latencyMs: number;
    latencyPathPrefix: string | null;
    fault: FaultRule | null;
    rateLimit: RateLimits;
  } {
    return {
      latencyMs: this.latencyMs,
      latencyPathPrefix: this.latencyPathPrefix ?? null,
      fault: this.rule,
      rateLimit: this.rateLimiter.current,
    };
  }
}
