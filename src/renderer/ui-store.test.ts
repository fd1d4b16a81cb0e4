import { beforeEach, describe, expect, it } from 'vitest';
import { showToast, useToastStore } from './toast-store';
import { routeOf, useUiStore } from './ui-store';
import { recordDeleted } from './records/record-deleted';

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

describe('UI store: each school keeps its own place', () => {
  const A = 'https://as.example https://a.example';
  const B = 'https://as.example https://b.example';

  beforeEach(() => {
    useUiStore.setState({ views: {}, selectedSchoolId: undefined, screen: { name: 'home' } });
    useToastStore.setState({ toasts: [] });
  });

  it('shows nothing of one school in another, and finds the first as it was left', () => {
    store().selectSchool(A);
    store().openRecord('courses', 'course-of-a');
    store().setListView(A, 'courses', { query: 'water', scrollTop: 800 });
    store().selectSchool(B);
    expect(routeOf(store())).toEqual({ area: 'courses' });
    expect(store().views[B]?.lists).toEqual({});
    store().openArea('students');
    store().selectSchool(A);
    expect(routeOf(store())).toEqual({ area: 'courses', recordId: 'course-of-a' });
    expect(store().views[A]?.lists.courses).toEqual({
      query: 'water',
      filters: {},
      scrollTop: 800,
    });
    store().selectSchool(B);
    expect(routeOf(store())).toEqual({ area: 'students' });
  });

  it('keeps each area’s sort per school when the owner goes to another area and back', () => {
    store().selectSchool(A);
    store().setListView(A, 'courses', {
      query: 'water',
      sort: '-name',
      filters: { featured: true },
      scrollTop: 800,
    });
    store().openArea('students');
    store().setListView(A, 'students', { sort: 'email' });
    store().openArea('courses');
    // The sort only orders; a kept search or filter would hide records nobody remembers hiding.
    expect(store().views[A]?.lists.courses).toEqual({
      query: '',
      sort: '-name',
      filters: {},
      scrollTop: 0,
    });
    expect(store().views[A]?.lists.students?.sort).toBe('email');
    store().selectSchool(B);
    expect(store().views[B]?.lists).toEqual({});
    store().selectSchool(A);
    expect(store().views[A]?.lists.courses?.sort).toBe('-name');
  });

  it('opens a school signed in with "Add another school" without the record open in the first', () => {
    store().selectSchool(A);
    store().openRecord('courses', 'course-of-a');
    store().showConnect({ clearSchool: true });
    store().beginAttempt();
    store().startWaiting(attemptId, { fromConnect: true });
    store().recordEvent({ type: 'signIn:progress', attemptId, step: 'discovering' });
    store().recordEvent({ type: 'signIn:progress', attemptId, step: 'waiting_for_browser' });
    expect(store().screen.name).toBe('waiting');
    store().recordEvent({
      type: 'signIn:finished',
      attemptId,
      session: { ...session, schoolId: B },
    });
    expect(store().screen.name).toBe('signedIn');
    expect(store().selectedSchoolId).toBe(B);
    expect(routeOf(store())).toEqual({ area: 'courses' });
    expect(store().views[A]?.route).toEqual({ area: 'courses', recordId: 'course-of-a' });
  });

  it('drops the toasts of the school it leaves (an Undo acts on its own school only)', () => {
    store().selectSchool(A);
    showToast('Course saved.', { action: { label: 'Undo', run: () => undefined } });
    store().selectSchool(B);
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});

describe('UI store: a mistyped address stays on Connect', () => {
  beforeEach(() => {
    store().showConnect({ clearSchool: true });
    store().setSchool('https://shcool.example');
    store().beginAttempt();
  });

  it('shows a school that cannot be found as an error on the field, keeping what was typed', () => {
    store().startWaiting(attemptId, { fromConnect: true });
    expect(store().screen).toEqual({ name: 'connect', attemptId });
    store().recordEvent({ type: 'signIn:progress', attemptId, step: 'discovering' });
    const error = { code: 'network_error', message: 'Schooldesk could not reach the school.' };
    store().recordEvent({ type: 'signIn:failed', attemptId, error });
    expect(store().screen).toEqual({ name: 'connect', addressError: error });
    expect(store().draft.school).toBe('https://shcool.example');
  });

  it('moves to Waiting once the school is found, and a later failure is the Failure screen', () => {
    store().startWaiting(attemptId, { fromConnect: true });
    store().recordEvent({ type: 'signIn:progress', attemptId, step: 'discovering' });
    store().recordEvent({ type: 'signIn:progress', attemptId, step: 'registering' });
    expect(store().screen).toEqual({ name: 'waiting', attemptId });
    const error = { code: 'network_error', message: 'Schooldesk could not reach the school.' };
    store().recordEvent({ type: 'signIn:failed', attemptId, error });
    expect(store().screen).toEqual({ name: 'failure', error });
  });

  it('shows any other failure while finding the school on the Failure screen', () => {
    store().startWaiting(attemptId, { fromConnect: true });
    const error = { code: 'insecure_endpoint', message: 'Refused.' };
    store().recordEvent({ type: 'signIn:failed', attemptId, error });
    expect(store().screen).toEqual({ name: 'failure', error });
  });
});

describe('UI store: toasts never act on what is gone or out of view', () => {
  const A = 'https://as.example https://a.example';
  const undo = { label: 'Undo', run: () => undefined };

  beforeEach(() => {
    useUiStore.setState({ views: {}, selectedSchoolId: undefined, screen: { name: 'home' } });
    useToastStore.setState({ toasts: [] });
    store().selectSchool(A);
  });

  const messages = () => useToastStore.getState().toasts.map((t) => t.message);

  it('ends the Undo of a record when its record is deleted, and those of an area left', () => {
    showToast('Course saved.', {
      action: undo,
      about: { schoolId: A, entity: 'courses', id: 'c1' },
    });
    showToast('Course 2 saved.', {
      action: undo,
      about: { schoolId: A, entity: 'courses', id: 'c2' },
    });
    showToast('Saved elsewhere.');
    recordDeleted({ schoolId: A, entity: 'courses', id: 'c1' });
    expect(messages()).toEqual(['Course 2 saved.', 'Saved elsewhere.']);
    store().openArea('courses');
    expect(messages()).toEqual(['Course 2 saved.', 'Saved elsewhere.']);
    store().openArea('students');
    expect(messages()).toEqual(['Saved elsewhere.']);
  });

  it('lets confirmations fade and keeps errors until they are dismissed', () => {
    showToast('Course saved.');
    showToast('The school refused.', { tone: 'error' });
    const [saved, refused] = useToastStore.getState().toasts;
    expect(saved!.timeoutMs).toBeLessThanOrEqual(6_000);
    expect(refused!.timeoutMs).toBe(Infinity);
  });
});
