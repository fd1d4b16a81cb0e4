import { scopeLabel } from '../scopes';

type Props = { scopes: readonly string[]; declined?: boolean };

/**
 * Scopes in plain words beside the scope's own name, which is what the school's consent page
 * and its help pages use. Declined scopes lead with "Not granted:" so the state is in the
 * text itself, not only in the highlight colour.
 */
export function ScopeList({ scopes, declined = false }: Props) {
  return (
    <ul className={`scope-list ${declined ? 'declined' : ''}`}>
      {scopes.map((scope) =>
        declined ? (
          <li key={scope} className="scope-item">
            <span>
              Not granted: <code>{scope}</code>
            </span>{' '}
            <span className="scope-code">({scopeLabel(scope)})</span>
          </li>
        ) : (
          <li key={scope} className="scope-item">
            <span>{scopeLabel(scope)}</span> <code className="scope-code">{scope}</code>
          </li>
        ),
      )}
    </ul>
  );
}
