import { z } from 'zod';
import { schoolId } from './school-id';
import { fieldSentence } from './field-errors';
import { LANGUAGES } from './languages';
import { SIGN_OUT_UNCONFIRMED, type AuthErrorCode } from './auth-errors';
import type { BridgeErrorCode } from './bridge-errors';
import { CHOOSABLE_SCOPES } from './scope-catalog';
import type { PlatformErrorCode } from './platform-errors';
import type { FileErrorCode } from './file-errors';
import type { HOST_STOPPED } from './host-stopped';
import { workspaceContract } from './workspace-contract';
import { outboxContract, outboxStatus } from './outbox-contract';
import { syncContract } from './sync-contract';
import { syncStatus } from './sync-status';
import { ENTITY_NAMES } from './entity-names';

/**
 * The one contract between the renderer and the main side: each channel `domain:action` with
 * zod schemas for its request and response. Both hosts (Electron IPC and the web host's
 * HTTP bridge) serve exactly this table, and the renderer's API is derived from it.
 */

const schoolAddress = z.string().trim().min(1, fieldSentence('school_address_empty')).max(2048);
const scopeList = z
  .array(z.enum(CHOOSABLE_SCOPES as [string, ...string[]]))
  .max(CHOOSABLE_SCOPES.length);
const attemptId = z.string().uuid();
const empty = z.object({}).strict();

/** A signed-in school as the renderer sees it: never a token. */
export const sessionSummary = z.object({
  /** How requests name this school (its issuer and resource). */
  schoolId: z.string(),
  /** The school's authorization server. */
  issuer: z.string(),
  baseUrl: z.string(),
  sub: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  role: z.string().optional(),
  /** The school's subdomain on the platform: the name the app shows for the school. */
  schoolSubdomain: z.string().optional(),
  /** The school's own name (its resource metadata's `resource_name`), when it sends one. */
  schoolName: z.string().optional(),
  scopes: z.array(z.string()),
  /** Scopes that were asked for but not granted (declined at consent). */
  declinedScopes: z.array(z.string()),
  expiresAt: z.number(),
});
export type SessionSummaryView = z.infer<typeof sessionSummary>;

/**
 * A sign-in answers with its id at once, before the school is found, so it can be cancelled
 * from the first step; the authorization URL comes later with the `waiting_for_browser` event.
 */
const signInStarted = z.object({ attemptId });

/**
 * A sign-out the school has not yet confirmed (its revocation is retried): shown as a notice
 * until the school confirms. Never a token.
 */
export const pendingRevocation = z.object({
  schoolId: z.string(),
  baseUrl: z.string(),
  /** When the owner signed out, ms since the epoch. */
  since: z.number(),
  /** False when it is kept in memory only (no keyring): it cannot be retried after quitting. */
  survivesRestart: z.boolean(),
});
export type PendingRevocationView = z.infer<typeof pendingRevocation>;

export const contract = {
  'session:current': {
    request: empty,
    response: z.object({
      sessions: z.array(sessionSummary),
      /** Whether tokens are kept on disk (encrypted) or in memory only. */
      tokensPersist: z.boolean(),
      /**
       * False where tokens stay in memory for want of a keyring unless the owner opts in
       * (safeStorage `basic_text`, on Linux). True with a keyring, and in the web host, whose
       * own key file keeps them on disk by design.
       */
      keyringAvailable: z.boolean(),
      /** Sign-outs whose revocation the school has not confirmed yet, oldest first. */
      pendingRevocations: z.array(pendingRevocation),
    }),
  },
  'session:signIn': {
    request: z.object({ school: schoolAddress, scopes: scopeList }).strict(),
    response: signInStarted,
  },
  'session:grantMore': {
    request: z.object({ schoolId, scopes: scopeList.min(1) }).strict(),
    response: signInStarted,
  },
  'session:cancel': {
    request: z.object({ attemptId }).strict(),
    response: z.object({ cancelled: z.boolean() }),
  },
  'session:signOut': {
    /**
     * `discardUnsent`: the owner chose to drop the changes not yet sent to the school; without
     * it, a school with unsent changes refuses with `unsent_changes`.
     */
    request: z.object({ schoolId, discardUnsent: z.boolean().optional() }).strict(),
    /**
     * `revoked`: the school confirmed Schooldesk's access is cancelled. Otherwise `pending`
     * says whether it is retried (a notice shows until the school confirms) or was refused for
     * good, and `code` says which, for the renderer to word (`errors:<code>`).
     */
    response: z.object({
      revoked: z.boolean(),
      pending: z.boolean().optional(),
      code: z.enum(SIGN_OUT_UNCONFIRMED).optional(),
    }),
  },
  'schools:recent': {
    request: empty,
    response: z.array(z.string()),
  },
  'schools:forget': {
    /**
     * "Forget this school": signs out of it (refused with `unsent_changes` while changes wait
     * to be sent), tries a pending revocation one last time, and removes its registration,
     * cached settings, recent-schools entry and local copy. `revoked` is false when the school
     * never confirmed the cancellation; `schoolIds` are the keys whose caches to drop.
     */
    request: z.object({ school: schoolAddress }).strict(),
    response: z.object({ revoked: z.boolean(), schoolIds: z.array(z.string()) }),
  },
  'settings:language': {
    /** The language the owner chose in Account; null: follow the system's. */
    request: empty,
    response: z.object({ chosen: z.enum(LANGUAGES).nullable() }),
  },
  'settings:setLanguage': {
    request: z.object({ language: z.enum(LANGUAGES).nullable() }).strict(),
    response: z.object({ chosen: z.enum(LANGUAGES).nullable() }),
  },
  'settings:setKeepSignedInWithoutKeyring': {
    request: z.object({ allowed: z.boolean() }).strict(),
    response: z.object({ tokensPersist: z.boolean() }),
  },
  ...workspaceContract,
  ...syncContract,
  ...outboxContract,
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type RequestOf<C extends Channel> = z.input<Contract[C]['request']>;
export type ResponseOf<C extends Channel> = z.infer<Contract[C]['response']>;
export const CHANNELS = Object.keys(contract) as Channel[];

export type ErrorCode =
  AuthErrorCode | BridgeErrorCode | PlatformErrorCode | FileErrorCode | typeof HOST_STOPPED;

/** What a failure may add to its sentence, so the renderer can offer a way forward. */
export type ErrorDetails = {
  /**
   * validation_failed: the platform's message per field (its words, which the renderer reads
   * back into a rule); invalid_request: the contract's rule the request broke, by field.
   */
  fields?: Record<string, string>;
  /** precondition_failed: the record as it is now on the server, and its ETag. */
  current?: unknown;
  currentEtag?: string;
  /** insufficient_scope: the scopes the platform asked for. */
  missingScopes?: string[];
};

/**
 * A coded failure: codes cross the bridge, not sentences. The renderer writes its sentence in
 * the owner's language (`errors:<code>`), with `details` for a way forward.
 */
export type ResultError = { code: ErrorCode; details?: ErrorDetails };

/** What every channel answers: data, or a coded error with a sentence. Nothing throws raw. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: ResultError };

/** Events pushed from the main side over the one event channel. */
export const appEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('signIn:progress'),
    attemptId,
    step: z.enum([
      'discovering',
      'registering',
      'waiting_for_browser',
      'browser_opened',
      'browser_failed',
      'exchanging',
      'signed_in',
    ]),
    /** With `waiting_for_browser`, `browser_opened` and `browser_failed`: the link to show. */
    authorizationUrl: z.string().url().optional(),
  }),
  z.object({ type: z.literal('signIn:finished'), attemptId, session: sessionSummary }),
  z.object({
    type: z.literal('signIn:failed'),
    attemptId,
    error: z.object({ code: z.string() }),
  }),
  z.object({ type: z.literal('session:changed'), sessions: z.array(sessionSummary) }),
  /** A long operation's progress: rows done (succeeded or not) of the total. */
  z.object({
    type: z.literal('job:progress'),
    jobId: z.uuid(),
    done: z.int().min(0),
    total: z.int().min(0),
    failed: z.int().min(0),
  }),
  /** A school's sync status changed (reachability, progress, an area synced). */
  z.object({ type: z.literal('sync:status'), status: syncStatus }),
  /** A school's outbox changed (an edit saved here, sent, parked or discarded). */
  z.object({ type: z.literal('outbox:status'), status: outboxStatus }),
  /** Sync brought news for these areas of a school: lists and records showing them refresh. */
  z.object({
    type: z.literal('data:changed'),
    schoolId: z.string(),
    areas: z.array(z.enum(ENTITY_NAMES)),
  }),
  /**
   * Said by the web host's bridge itself, never by core: its event stream found the host
   * stopped (the connection refused), or answering again.
   */
  z.object({ type: z.literal('host:state'), stopped: z.boolean() }),
]);
export type AppEvent = z.infer<typeof appEvent>;

export { EVENT_CHANNEL } from './event-channel';
