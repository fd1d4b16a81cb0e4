import { scopeLabel } from '../words/scope-words';

/**
 * Scopes in plain words beside the scope's own name, which is what the school's consent page
 * and its help pages use.
 */
export function ScopeList({
  scopes,
  className,
}: {
  scopes: readonly string[];
  className?: string;
}) {
  return (
    <ul className={`scope-list ${className ?? ''}`}>
      {scopes.map((scope) => (
        <li key={scope} className="scope-item">
          <span>{scopeLabel(scope)}</span> <code className="scope-code">{scope}</code>
        </li>
      ))}
    </ul>
  );
}
