import type { z } from 'zod';
import type { Channel, Contract } from '../shared/contract';

/**
 * The function that answers one channel: it receives the request as the contract parsed it
 * and answers what the contract's response schema accepts.
 */
export type HandlerOf<C extends Channel> = (
  request: z.infer<Contract[C]['request']>,
) => Promise<z.input<Contract[C]['response']>>;
