import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { loadChunk } from '../lib/load-chunk';

/**
 * A lazy route's loader: the module's page component, named. One helper, so the built route
 * table (in every page's first bundle) spells each of its many loaders in a few bytes.
 */
export const page =
  <Module extends Record<Name, ComponentType>, Name extends string>(
    load: () => Promise<Module>,
    name: Name,
  ) =>
  () =>
    loadChunk(load).then((module) => ({ Component: module[name] }));

export const redirectTo = (to: string): RouteObject['element'] => <Navigate to={to} replace />;
