import { beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from './ui-store';

const attemptId = '0b8c3a52-6a0e-4e43-9b0e-3d2f5f0f6b11';
const session = {
  schoolId: 'https://as.example https://school.example',
  issuer: 'https://as.example',
  baseUrl: 'https://school.example',
  scopes: ['openid'],
  declinedScopes: [],
  expiresAt: 0,
};
const store = () => useUiStore.getState();

describe('UI store: sign-in attempts', () => {
  beforeEach(() => {
    store().showConnect({ clearSchool: true });
    store().beginAttempt();
  });

  it('keeps steps that arrive before the attempt id is known', () => {
    store().recordEvent({ type: 'signIn:progress', attemptId, step: 'discovering' });
    store().startWaiting(attemptId);
    store().recordEvent({ type: 'signIn:progress', attemptId, step: 'waiting_for_browser' });
    expect(store().attempts[attemptId]?.steps).toEqual(['discovering', 'waiting_for_browser']);
    expect(store().screen.name).toBe('waiting');
  });

  it('keeps the sign-in link that comes with waiting_for_browser, even before the id is known', () => {
    const authorizationUrl = 'https://as.example/oauth/authorize?state=s';
    store().recordEvent({ type: 'signIn:progress', attemptId, step: 'discovering' });
    store().recordEvent({
      type: 'signIn:progress',
      attemptId,
      step: 'waiting_for_browser',
      authorizationUrl,
    });
    store().startWaiting(attemptId);
    store().recordEvent({ type: 'signIn:progress', attemptId, step: 'exchanging' });
    expect(store().attempts[attemptId]?.authorizationUrl).toBe(authorizationUrl);
    expect(store().screen).toEqual({ name: 'waiting', attemptId });
  });

  it('shows the signed-in school when its attempt finishes, even before it was waited on', () => {
    store().recordEvent({ type: 'signIn:finished', attemptId, session });
    store().startWaiting(attemptId);
    expect(store().screen.name).toBe('signedIn');
    expect(store().selectedSchoolId).toBe(session.schoolId);
  });

  it('ignores the failure of an attempt the user already left', () => {
    store().startWaiting(attemptId);
    store().showConnect();
    const error = { code: 'cancelled', message: 'The sign-in was cancelled.' };
    store().recordEvent({ type: 'signIn:failed', attemptId, error });
    expect(store().screen.name).toBe('connect');
  });

  it('shows the failure of the attempt being waited on', () => {
    store().startWaiting(attemptId);
    const error = { code: 'access_denied', message: 'Access was not allowed.' };
    store().recordEvent({ type: 'signIn:failed', attemptId, error });
    expect(store().screen).toEqual({ name: 'failure', error });
  });

  it('leaves attempts alone on events that belong to no sign-in (sync, data changes)', () => {
    store().startWaiting(attemptId);
    store().recordEvent({ type: 'data:changed', schoolId: session.schoolId, areas: ['students'] });
    expect(Object.keys(store().attempts)).toEqual([]);
    expect(store().screen.name).toBe('waiting');
  });
});
