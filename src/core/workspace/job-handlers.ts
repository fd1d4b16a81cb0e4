import type { z } from 'zod';
import type { Contract } from '../../shared/contract';
import type { JobRegistry } from './jobs';
import type { PlatformClients } from './platform-clients';

type HandlerOf<C extends keyof Contract> = (
  request: z.infer<Contract[C]['request']>,
) => Promise<z.input<Contract[C]['response']>>;

export type JobChannel =
  'coupons:generate' | 'students:import' | 'enrollments:bulkEnroll' | 'export:csv' | 'jobs:cancel';

/** PLACEHOLDER being replaced by the long-operations work in this same change. */
export function createJobHandlers(
  _clients: PlatformClients,
  _jobs: JobRegistry,
): { [C in JobChannel]: HandlerOf<C> } {
  const notYet = () => Promise.reject(new Error('not built yet'));
  return {
    'coupons:generate': notYet,
    'students:import': notYet,
    'enrollments:bulkEnroll': notYet,
    'export:csv': notYet,
    'jobs:cancel': () => Promise.resolve({ cancelled: false }),
  };
}
