import type { Linter } from 'eslint';

/** Types of eslint.config.js, for the test that checks the import boundaries. */
export declare const importBoundaries: Linter.Config[];
declare const config: Linter.Config[];
export default config;
