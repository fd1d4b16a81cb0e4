import {
  contract,
  type Channel,
  type ErrorCode,
  type ErrorDetails,
  type Result,
} from '../shared/contract';
import { SIGN_IN_SCOPES } from '../shared/scope-catalog';
import type { LogSink } from './adapters';
import { baseUrlOf } from './auth/auth-service';
import type { HandlerOf } from './handler-of';
import type { Services } from './services';
import { createEntityHandlers, createEnrollmentHandlers } from './workspace/entity-handlers';
import { createJobHandlers } from './workspace/job-handlers';
import { createOutboxHandlers } from './workspace/outbox-handlers';
import { createSyncHandlers } from './workspace/sync-handlers';
import { failureOf, logTextOf } from './failures';
import { isFileErrorCode } from '../shared/file-errors';
import { PlatformError } from './platform/errors';

export type Handlers = { [C in Channel]: HandlerOf<C> };

/** The handler table: one function per channel, shared by the Electron and web hosts. */
export function createHandlers(services: Services): Handlers {
  const { auth, signIns, schools } = services;
  const current = async () => ({
    sessions: await auth.signedIn(),
    tokensPersist: auth.tokensPersist,
    keyringAvailable: services.keyringAvailable,
    pendingRevocations: await auth.pendingRevocations(),
  });
  // SECURITY: never a silent loss; the unsent edits go only when the owner said so.
  const refuseIfUnsent = async (schoolId: string) => {
    if ((await schools.outboxStatus(schoolId).catch(() => undefined))?.count)
      throw new PlatformError('unsent_changes');
  };
  return {
    'session:current': current,
    // The app always asks who is signing in (name and e-mail) besides what the user chose.
    'session:signIn': ({ school, scopes }) => signIns.start(school, [...SIGN_IN_SCOPES, ...scopes]),
    'session:grantMore': async ({ schoolId, scopes }) => {
      const session = await auth.session(schoolId);
      return signIns.start(session.baseUrl, [...new Set([...session.scopes, ...scopes])]);
    },
    'session:cancel': ({ attemptId }) => Promise.resolve({ cancelled: signIns.cancel(attemptId) }),
    'session:signOut': async ({ schoolId, discardUnsent }) => {
      if (!discardUnsent) await refuseIfUnsent(schoolId);
      const result = await auth.signOut(schoolId);
      if (result.revoked) return { revoked: true };
      // A code, worded by the renderer; the school's own detail was logged by the revocation.
      return { revoked: false, pending: result.pending, code: result.error.code };
    },
    'schools:recent': () => Promise.resolve(auth.recentSchools()),
    'schools:forget': async ({ school }) => {
      const baseUrl = baseUrlOf(school);
      for (const session of await auth.signedIn())
        if (session.baseUrl === baseUrl) await refuseIfUnsent(session.schoolId);
      return auth.forgetSchool(baseUrl);
    },
    'settings:language': () => Promise.resolve({ chosen: services.settings.language ?? null }),
    'settings:setLanguage': ({ language }) => {
      services.settings.language = language ?? undefined;
      services.languageChanged(services.settings.language);
      return Promise.resolve({ chosen: services.settings.language ?? null });
    },
    'settings:setKeepSignedInWithoutKeyring': ({ allowed }) => {
      auth.setPersistWithoutKeyring(allowed);
      return Promise.resolve({ tokensPersist: auth.tokensPersist });
    },
    ...createEntityHandlers(schools),
    ...createEnrollmentHandlers(schools),
    ...createJobHandlers(schools, services.jobs, services.saveFile),
    ...createSyncHandlers(schools),
    ...createOutboxHandlers(schools),
  };
}

const fail = (code: ErrorCode, details?: ErrorDetails) =>
  ({ ok: false, error: { code, ...(details ? { details } : {}) } }) as const;

/**
 * The one wrapper every request passes through, in both hosts.
 * SECURITY: it refuses senders the host did not vouch for, unknown channels and requests that
 * do not match the contract; answers are parsed with the contract too, so nothing but the
 * declared fields (never a token) leaves core. Nothing throws raw across the bridge.
 */
export async function handle(
  handlers: Handlers,
  channel: unknown,
  request: unknown,
  context: { trustedSender: boolean; log?: LogSink },
): Promise<Result<unknown>> {
  if (!context.trustedSender) return fail('forbidden');
  if (typeof channel !== 'string' || !Object.hasOwn(contract, channel))
    return fail('unknown_channel');
  const name = channel as Channel;
  const parsed = contract[name].request.safeParse(request);
  if (!parsed.success) {
    // A rule of the contract that says what to fix (a field's own sentence, in the platform's
    // words the renderer reads back into a rule), by field; the code alone otherwise.
    const first = parsed.error.issues[0];
    const rule = first?.code === 'custom' ? first.message : undefined;
    return fail(
      'invalid_request',
      rule ? { fields: { [first!.path.map(String).join('.')]: rule } } : undefined,
    );
  }
  try {
    const data: unknown = await (handlers[name] as (r: unknown) => Promise<unknown>)(parsed.data);
    return { ok: true, data: contract[name].response.parse(data) };
  } catch (error) {
    const known = failureOf(error);
    // This computer's own files failed: the owner reads the code's sentence, the log the system's words.
    if (known && isFileErrorCode(known.code))
      context.log?.error(`${name} failed (${known.code}): ${logTextOf(error)}`);
    if (known) return { ok: false, error: known };
    context.log?.error(`${name} failed (internal): ${logTextOf(error)}`);
    return fail('internal');
  }
}
