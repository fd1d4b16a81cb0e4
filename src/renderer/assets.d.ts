// Vite bundles CSS imports; TypeScript only needs to know they are side-effect modules.
declare module '*.css';
