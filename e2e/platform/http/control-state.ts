import type Router from '@koa/router';
import { FALLBACK_ROUTE } from './fallback';
import { RateLimiter, type RateLimits } from './rate-limit';
import type { PlatformOptions } from '../types';
import type { AnswerShape, AnswerShaping, JsonValue } from '../control/answer-shape';

/**
 * How an injected fault answers:
 * - `'500'`, `'503'` (with Retry-After) and `'429'` (as the rate limiter, Retry-After: 1)
 *   answer at once; the request is not applied;
 * - `'drop'` destroys the connection before the handler runs (nothing applied, no answer);
 * - `'drop-after'` lets the handler run (a write is applied and committed), then destroys the
 *   connection instead of answering: a lost acknowledgement;
 * - `'drip'` lets the handler run and sends its status and headers at once, then its body
 *   one byte every DRIP_INTERVAL_MS: a school that answers, slowly enough to never finish.
 */
export type FaultKind = '500' | '503' | '429' | 'drop' | 'drop-after' | 'drip';

/** Which requests a fault rule applies to, how often, and for how long. */
type FaultScope = {
  /** 0..1; 1 fails every matching request, 0.25 every fourth. */
  rate: number;
  /** Only requests whose path starts with this fail (all non-control requests when absent). */
  pathPrefix?: string;
  /** Only requests with one of these methods (upper case) fail; every method when absent. */
  methods?: readonly string[];
  /** Stop after this many faults (the rule then clears itself); unlimited when absent. */
  count?: number;
};

/**
 * A fault rule: which share of matching requests fail, and how. Either one `kind` for every
 * fault, or (non-empty) `kinds` taken in turn (the 1st fault is `kinds[0]`, the 2nd
 * `kinds[1]`, wrapping around), so a mixed run repeats exactly.
 */
export type FaultRule = FaultScope &
  ({ kind: FaultKind; kinds?: undefined } | { kinds: readonly FaultKind[]; kind?: undefined });

/** One route's counts; `replayed` (present when not 0) counts Idempotent-Replayed answers. */
export type RouteCounts = { total: number; byStatus: Record<string, number>; replayed?: number };

/** Request counts by route and status, as `GET /__control/counters` answers them. */
export type CounterSnapshot = {
  total: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, RouteCounts>;
};

/**
 * Counts requests by `METHOD route` and by status. Besides HTTP codes a status may be
 * `dropped` (an injected `drop`: not applied), `dropped-after` (an injected `drop-after` whose
 * handler succeeded: applied, answer lost) or `dropped-after-<code>` (its handler failed with
 * that code: not applied). Answers replayed from an Idempotency-Key count under their status
 * and in `replayed` too, so the records a course, coupon or page POST created are
 * `201 + dropped-after - replayed`.
 */
export class RequestCounters {
  private total = 0;
  private readonly byStatus = new Map<string, number>();
  private readonly byRoute = new Map<
    string,
    { total: number; byStatus: Map<string, number>; replayed: number }
  >();

  /** Records one finished request; `replayed` when it answered a stored Idempotency-Key result. */
  record(method: string, route: string, status: string, replayed = false): void {
    this.total += 1;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const key = `${method} ${route}`;
    let entry = this.byRoute.get(key);
    if (!entry) {
      entry = { total: 0, byStatus: new Map(), replayed: 0 };
      this.byRoute.set(key, entry);
    }
    entry.total += 1;
    entry.byStatus.set(status, (entry.byStatus.get(status) ?? 0) + 1);
    if (replayed) entry.replayed += 1;
  }

  /** A JSON-ready copy. */
  snapshot(): CounterSnapshot {
    return {
      total: this.total,
      byStatus: Object.fromEntries(this.byStatus),
      byRoute: Object.fromEntries(
        [...this.byRoute].map(([key, entry]): [string, RouteCounts] => [
          key,
          {
            total: entry.total,
            byStatus: Object.fromEntries(entry.byStatus),
            // Only when not 0, so the answer of a route without replays keeps its old shape.
            ...(entry.replayed > 0 ? { replayed: entry.replayed } : {}),
          },
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
 * The test-controlled state of one platform instance: latency, faults, rate limits, request
 * counters and the shape of record answers. The control API changes it; the fault, counting,
 * rate-limit and answer-shape middleware read it on every request.
 */
export class ControlState implements AnswerShaping {
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
  private readonly defaultDocumentedOnly: boolean;
  private shape: AnswerShape;
  /** Raw field values by `table/id`, answered over the stored record. */
  private readonly rawFields = new Map<string, Record<string, JsonValue>>();

  constructor(
    options: Pick<PlatformOptions, 'rateLimit' | 'rateWindowMs' | 'documentedFieldsOnly'>,
    now: () => number = Date.now,
  ) {
    this.defaultRateLimit = options.rateLimit;
    this.rateLimiter = new RateLimiter(options.rateLimit, now, options.rateWindowMs);
    this.defaultDocumentedOnly = options.documentedFieldsOnly ?? false;
    this.shape = { documentedOnly: this.defaultDocumentedOnly, extraFields: {} };
  }

  /** How record answers are shaped (see answer-shape.ts). */
  get answerShape(): AnswerShape {
    return this.shape;
  }

  /** Sets the answer shape; omitted members take their defaults (all fields, no extras). */
  setAnswerShape(shape: Partial<AnswerShape>): void {
    this.shape = { documentedOnly: false, extraFields: {}, ...shape };
  }

  /** Answers `fields` as they are for one record from now on (an empty object clears them). */
  setRawFields(table: string, id: string, fields: Record<string, JsonValue>): void {
    if (Object.keys(fields).length === 0) this.rawFields.delete(`${table}/${id}`);
    else this.rawFields.set(`${table}/${id}`, fields);
  }

  rawFieldsOf(table: string, id: string): Record<string, JsonValue> | undefined {
    return this.rawFields.get(`${table}/${id}`);
  }

  /** True when some record has raw fields set. */
  hasRawFields(): boolean {
    return this.rawFields.size > 0;
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
   * Decides whether this request fails, and how. Deterministic, so tests repeat exactly: each
   * matching request adds `rate` to a credit and fails when the credit reaches 1. With rate
   * 0.5 the 2nd, 4th, 6th... matching requests fail; with rate 1 all of them. A rule with
   * `kinds` gives its faults those kinds in turn.
   */
  nextFault(path: string, method: string): FaultKind | undefined {
    const rule = this.rule;
    if (!rule || rule.rate <= 0) return undefined;
    if (rule.pathPrefix && !path.startsWith(rule.pathPrefix)) return undefined;
    if (rule.methods && !rule.methods.includes(method.toUpperCase())) return undefined;
    this.credit += rule.rate;
    // The epsilon absorbs float error (0.1 added ten times is 0.9999999999999999).
    if (this.credit < 1 - 1e-9) return undefined;
    this.credit -= 1;
    const kind = rule.kinds ? rule.kinds[this.faultsSent % rule.kinds.length] : rule.kind;
    this.faultsSent += 1;
    if (rule.count !== undefined && this.faultsSent >= rule.count) this.setFault(null);
    return kind;
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

  /**
   * Clears latency, faults, counters and raw fields, and restores the rate limit and the
   * answer shape the server started with.
   */
  reset(): void {
    this.latencyMs = 0;
    this.latencyPathPrefix = undefined;
    this.setFault(null);
    this.counters.reset();
    this.rateLimiter.setLimits(this.defaultRateLimit);
    this.shape = { documentedOnly: this.defaultDocumentedOnly, extraFields: {} };
    this.rawFields.clear();
  }

  /** What `GET /__control/state` answers. */
  snapshot(): {
    latencyMs: number;
    latencyPathPrefix: string | null;
    fault: FaultRule | null;
    rateLimit: RateLimits;
    answerShape: AnswerShape & { rawRecords: number };
  } {
    return {
      latencyMs: this.latencyMs,
      latencyPathPrefix: this.latencyPathPrefix ?? null,
      fault: this.rule,
      rateLimit: this.rateLimiter.current,
      answerShape: { ...this.shape, rawRecords: this.rawFields.size },
    };
  }
}
