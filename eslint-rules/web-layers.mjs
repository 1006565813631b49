// @ts-check
/**
 * The web app's layers (decision 018, docs/ARCHITECTURE.md#the-web-app), in the order code may depend on them:
 *
 *   packages/shared, lib/, components/, config/   →   features/*   →   app/
 *
 * Shared code never imports a feature or app/; a feature never imports another feature or
 * app/. What two features both need goes down into lib/ or components/; what composes features
 * (the dashboard shell and its dialogs, the overview page, the routes, the store) lives in app/,
 * which hands down what shared code may call but not import (the session refresh rides on the
 * store's thunk argument). Tests and testing/ may reach app/ to render the real app.
 *
 * A local rule, as the API's walls are: `import/no-restricted-paths` zones would say the same
 * with one zone a pair of features, to be kept in step with every new feature folder.
 */
import path from 'node:path';
import { importVisitors } from './import-sources.mjs';

/** @param {string} relative a path below the app's src folder @returns {string} */
const layerOf = (relative) => {
  const [top, second] = relative.split(path.sep);
  if (top === 'features' && second) return `features/${second}`;
  if (top === 'app' || top === 'testing') return top;
  if (top === 'lib' || top === 'components' || top === 'config') return 'shared';
  return 'entry';
};

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'lib/ and components/ → features/* → app/; no feature imports another.' },
    schema: [
      {
        type: 'object',
        properties: { srcDir: { type: 'string' } },
        required: ['srcDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      sharedUp:
        "{{from}} is shared code and may not import '{{module}}': move the piece it needs down into lib/ or components/, or let app/ pass it in.",
      crossFeature:
        "{{from}} may not import another feature ('{{module}}'): move what both need into lib/ or components/, or compose the two in app/.",
      featureUp:
        "{{from}} may not import '{{module}}' from app/: app/ composes features, not the other way round (the store's hooks and reducer are in lib/store/).",
    },
  },
  create(context) {
    const srcDir = path.resolve(context.cwd, context.options[0]?.srcDir ?? '.');
    const fromRelative = path.relative(srcDir, context.filename);
    if (fromRelative.startsWith('..')) return {};
    const from = layerOf(fromRelative);
    const isTest = /\.test\.tsx?$/.test(context.filename) || from === 'testing';

    return importVisitors((source) => {
      if (!source.value.startsWith('.')) return;
      const targetRelative = path.relative(
        srcDir,
        path.resolve(path.dirname(context.filename), source.value),
      );
      const to = layerOf(targetRelative);
      const module = targetRelative.split(path.sep).join('/');
      const data = { from: fromRelative.split(path.sep).join('/'), module };
      const isUpward = to === 'app' || to === 'entry' || to === 'testing';
      if (from === 'shared' && (to.startsWith('features/') || (isUpward && !isTest))) {
        context.report({ node: source, messageId: 'sharedUp', data });
      } else if (from.startsWith('features/') && to.startsWith('features/') && to !== from) {
        context.report({ node: source, messageId: 'crossFeature', data });
      } else if (from.startsWith('features/') && isUpward && !isTest) {
        context.report({ node: source, messageId: 'featureUp', data });
      }
    });
  },
};

export default { rules: { layers } };
