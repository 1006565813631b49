import type { Executor } from '../../db/client';
import { openSummary as readOpenSummary } from './support.repository';

/** The overview's support figures: open conversations and since when the oldest has waited. */
export const openSummary = (tx: Executor) => readOpenSummary(tx);
