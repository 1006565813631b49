import type { CodeSplittingGroup } from 'rolldown';

/** A Rolldown `codeSplitting` group: the dashboard's first screen in one chunk (decision 074). */
export function dashboardChunkGroup(): CodeSplittingGroup;

/** A Rolldown `codeSplitting` group: the entry's static imports in one chunk (decision 074). */
export function appChunkGroup(): CodeSplittingGroup;
