/**
 * The control API of the stand-in platform: test-controlled latency, faults, rate limits,
 * token expiry/revocation, server-side edits and request counters.
 */
export {
  ControlState,
  RequestCounters,
  type CounterSnapshot,
  type FaultKind,
  type FaultRule,
  type RouteCounts,
} from '../http/control-state';
export {
  CONTROL_PREFIX,
  controlMiddleware,
  countingMiddleware,
  faultMiddleware,
} from './middleware';
export { createControlRouter } from './router';
