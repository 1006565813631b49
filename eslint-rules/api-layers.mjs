// @ts-check
/**
 * The API's layers (docs/ARCHITECTURE.md#features-and-their-walls, decision 057), in the order
 * code may depend on them:
 *
 *   lib/, db/, adapters/, config.ts, types/   the foundation: helpers, schema, ports, settings
 *   app-context.ts                            the context type services take (types only)
 *   plugins/                                  app-wide hooks: auth, errors, limits, headers
 *   features/*                                routes, services, repositories (walls between
 *                                             them: api-feature-walls.mjs)
 *   app.ts, server.ts, worker.ts, …           what builds and starts the app
 *
 * A file imports its own layer or a lower one, never a higher one; what a lower layer needs
 * from a higher one is handed down when the app is built (the auth plugin is given the sessions
 * feature's token check by app.ts). Test files (`*.test.ts`) may import any layer. Production
 * code never imports the API's test code (apps/api/test/), so none of it can reach dist/. And
 * code outside the API (bench/, cluster/, e2e/) reaches it only through its harness module,
 * never a private file by relative path.
 */
import path from 'node:path';
import { importVisitors } from './import-sources.mjs';

/** Each layer, lowest first, with the top-level names under src it holds. */
const LAYERS = [
  {
    name: 'the foundation (lib/, db/, adapters/, config.ts)',
    holds: ['lib', 'db', 'adapters', 'types', 'config'],
  },
  { name: 'app-context.ts', holds: ['app-context'] },
  { name: 'plugins/', holds: ['plugins'] },
  { name: 'features/', holds: ['features'] },
];
/** Everything else at the top of src: app.ts, server.ts, worker.ts, runtime.ts, the seeds. */
const ENTRY_POINTS = 'the entry points (app.ts, server.ts, worker.ts…)';

/** @param {string} relative a path below src @returns {number} its layer's rank, lowest first */
const rankOf = (relative) => {
  const top = (relative.split(path.sep)[0] ?? '').replace(/\.(d\.)?[cm]?[jt]sx?$/, '');
  const rank = LAYERS.findIndex((layer) => layer.holds.includes(top));
  return rank === -1 ? LAYERS.length : rank;
};

/** @param {number} rank */
const layerName = (rank) => LAYERS[rank]?.name ?? ENTRY_POINTS;

/** @param {string} from @param {string} to */
const isInside = (from, to) => {
  const relative = path.relative(from, to);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
};

/** @param {string} file */
const shown = (file) => file.split(path.sep).join('/');

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'lib/, db/, adapters/, config.ts → app-context.ts → plugins/ → features/ → the entry points.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          apiDir: { type: 'string' },
          harnessModule: { type: 'string' },
        },
        required: ['apiDir', 'harnessModule'],
        additionalProperties: false,
      },
    ],
    messages: {
      up: "{{from}} is in {{fromLayer}} and may not import '{{module}}' from {{toLayer}}: the API's layers run lib/, db/, adapters/, config.ts → app-context.ts → plugins/ → features/ → the entry points. Move the piece down, or let the layer above hand it in.",
      testCode:
        "{{from}} is production code and may not import the test code '{{module}}': it would ship in dist/. Move what both need into src/, or pass it in from the test.",
      private:
        "{{from}} may not reach into the API ('{{module}}'): bench/, cluster/ and e2e/ import only {{harnessModule}} (apps/api/test/harness-exports.ts); export what you need from there.",
    },
  },
  create(context) {
    const { apiDir: apiOption, harnessModule } = context.options[0] ?? {};
    const apiDir = path.resolve(context.cwd, apiOption);
    const srcDir = path.join(apiDir, 'src');
    const file = context.filename;
    const from = shown(path.relative(context.cwd, file));

    if (!isInside(apiDir, file)) {
      // bench/, cluster/, e2e/: only the harness module, by its package name.
      return importVisitors((source) => {
        const specifier = source.value;
        const isApiPackage =
          specifier === '@karta/api' ||
          (specifier.startsWith('@karta/api/') && specifier !== harnessModule);
        const isRelativeIntoApi =
          specifier.startsWith('.') &&
          isInside(apiDir, path.resolve(path.dirname(file), specifier));
        if (isApiPackage || isRelativeIntoApi) {
          context.report({
            node: source,
            messageId: 'private',
            data: { from, module: specifier, harnessModule },
          });
        }
      });
    }
    // The API's own test code (apps/api/test/) and config files sit above every layer.
    if (!isInside(srcDir, file)) return {};
    const isTest = /\.test\.ts$/.test(file);
    const fromRank = rankOf(path.relative(srcDir, file));

    return importVisitors((source) => {
      if (!source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source.value);
      const module = shown(path.relative(apiDir, target));
      if (!isInside(srcDir, target)) {
        if (!isTest && isInside(apiDir, target)) {
          context.report({ node: source, messageId: 'testCode', data: { from, module } });
        }
        return;
      }
      if (isTest) return;
      const toRank = rankOf(path.relative(srcDir, target));
      if (toRank > fromRank) {
        context.report({
          node: source,
          messageId: 'up',
          data: {
            from,
            module,
            fromLayer: layerName(fromRank),
            toLayer: layerName(toRank),
          },
        });
      }
    });
  },
};

export default { rules: { layers } };
