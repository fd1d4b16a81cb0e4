/**
 * Placeholder page until the app shells arrive. It shows the version when a bridge is
 * present (Electron preload) and nothing otherwise, so it renders in any host.
 */
export function App() {
  const version = window.schooldesk?.version;
  return (
    <main className="placeholder">
      <h1>Schooldesk</h1>
      <p>Admin client for your school.</p>
      {version ? <p className="version">Version {version}</p> : null}
    </main>
  );
}
