import type { ResultError } from '../shared/contract';
import { ScopeRequiredError } from './auth/authorized-request';
import { AuthError, authLogText } from './auth/errors';
import { ConflictError, PlatformError, ValidationError } from './platform/errors';
import { fileFailureCode } from './store/file-failure';

/**
 * Turns a known failure into the coded result the renderer words: its code plus what the
 * renderer needs to offer a way forward (field messages, the server's
 * version on a conflict, the missing scopes). Technical detail stays out of the sentence.
 * Answers undefined for anything unexpected, which the caller logs and reports as internal.
 */
export function failureOf(error: unknown): ResultError | undefined {
  if (error instanceof ScopeRequiredError)
    return {
      code: 'insufficient_scope',
      details: { missingScopes: error.missingScopes },
    };
  if (error instanceof AuthError) return { code: error.code };
  if (error instanceof ValidationError)
    return {
      code: 'validation_failed',
      details: { fields: error.fields },
    };
  if (error instanceof ConflictError)
    return {
      code: 'precondition_failed',
      details: {
        current: error.current,
        ...(error.currentEtag ? { currentEtag: error.currentEtag } : {}),
      },
    };
  if (error instanceof PlatformError) return { code: error.code };
  const file = fileFailureCode(error);
  if (file) return { code: file };
  return undefined;
}

/** Zod's issues, as a ZodError carries them (found by shape: zod's own class may differ per copy). */
type Issues = { issues: { path: PropertyKey[]; message: string }[] };

/** How many of a ZodError's issues a log line names. */
const ISSUES_LOGGED = 3;

/**
 * A failure as one readable log line: zod's issues as "path: message" (never its JSON dump),
 * an AuthError's code and detail, else the message's first line.
 */
export function logTextOf(error: unknown): string {
  const issues = (error as Partial<Issues> | null)?.issues;
  if (Array.isArray(issues)) {
    const named = issues
      .slice(0, ISSUES_LOGGED)
      .map((issue) => `${issue.path.map(String).join('.') || '(answer)'}: ${issue.message}`);
    const more = issues.length > ISSUES_LOGGED ? `; and ${issues.length - ISSUES_LOGGED} more` : '';
    return `did not match what Schooldesk expects (${named.join('; ')}${more})`;
  }
  return authLogText(error).split('\n')[0]!;
}
