// @ts-check
/**
 * The API's feature walls (docs/ARCHITECTURE.md#features-and-their-walls): a feature under
 * apps/api/src/features is used only through its public surface (its `*.service.ts` files, plus
 * the few pure helpers named in the rule's `publicModules`), never its repository or other
 * internals; and no two features depend on each other, directly or through a third one.
 *
 * The wall holds from outside the features too: the app's entry points, lib/, plugins/, the
 * API's test helpers, bench/, cluster/ and e2e/ reach a feature through the same surface. Code
 * outside the features may also take what wires a feature into the app: its `*.routes.ts`
 * plugins and the workers and plugins named in `wiringModules` (the layers rule keeps lib/ and
 * plugins/ from importing a feature at all).
 *
 * A local rule rather than a plugin: `import/no-cycle` sees cycles between files, but the wall
 * is between features (accounts → sessions.service → accounts.repository is a file-level DAG
 * and still a feature cycle), and neither eslint-plugin-boundaries nor eslint-plugin-import-x
 * detects cycles between element groups. The feature graph is read from disk once per run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { importVisitors } from './import-sources.mjs';

const IMPORT_SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g;

/** @param {string} file @param {string} featuresDir */
const featureOf = (file, featuresDir) => {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [feature, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? feature : undefined;
};

/** @param {string} dir @returns {string[]} */
const sourceFilesUnder = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFilesUnder(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });

/** @type {Map<string, Map<string, Set<string>>>} featuresDir → feature → features it imports */
const graphs = new Map();

/** @param {string} featuresDir */
const featureGraph = (featuresDir) => {
  let graph = graphs.get(featuresDir);
  if (graph) return graph;
  graph = new Map();
  for (const file of sourceFilesUnder(featuresDir)) {
    // Tests may reach across features to arrange their data; production code may not.
    if (/\.test\.tsx?$/.test(file)) continue;
    const from = /** @type {string} */ (featureOf(file, featuresDir));
    const edges = graph.get(from) ?? new Set();
    graph.set(from, edges);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT_SPECIFIER)) {
      if (!specifier?.startsWith('.')) continue;
      const to = featureOf(path.resolve(path.dirname(file), specifier), featuresDir);
      if (to && to !== from) edges.add(to);
    }
  }
  graphs.set(featuresDir, graph);
  return graph;
};

/** A path of features from `start` to `goal`, or undefined. @param {Map<string, Set<string>>} graph @param {string} start @param {string} goal */
const pathBetween = (graph, start, goal) => {
  /** @type {Map<string, string | undefined>} */
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = /** @type {string} */ (queue.shift());
    if (current === goal) {
      const steps = [];
      for (let at = /** @type {string | undefined} */ (goal); at; at = cameFrom.get(at))
        steps.unshift(at);
      return steps;
    }
    for (const next of graph.get(current) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
};

/** @type {import('eslint').Rule.RuleModule} */
const featureWalls = {
  meta: {
    type: 'problem',
    docs: { description: 'Features are used only through services, and never in a cycle.' },
    schema: [
      {
        type: 'object',
        properties: {
          featuresDir: { type: 'string' },
          publicModules: { type: 'object', additionalProperties: { type: 'string' } },
          wiringModules: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['featuresDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      internal:
        "features/{{from}} may use features/{{to}} only through a *.service.ts file (or a public module named in eslint.config.js), not '{{module}}'.",
      outsideInternal:
        "{{from}} may use features/{{to}} only through a *.service.ts file, its *.routes.ts, or a module named in eslint.config.js, not '{{module}}': ask the feature's service, or name the module there with its reason.",
      cycle:
        'features/{{from}} imports features/{{to}}, which depends back on it ({{path}}): move the shared piece down into lib/ or pass it in.',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const featuresDir = path.resolve(context.cwd, options.featuresDir);
    const publicModules = new Set(Object.keys(options.publicModules ?? {}));
    const wiringModules = new Set(Object.keys(options.wiringModules ?? {}));
    const from = featureOf(context.filename, featuresDir);
    const isTest = /\.test\.tsx?$/.test(context.filename);
    const fromOutside = path.relative(context.cwd, context.filename).split(path.sep).join('/');

    return importVisitors((source) => {
      if (!source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.value);
      const to = featureOf(target, featuresDir);
      if (!to || to === from) return;
      const module = path
        .relative(featuresDir, target)
        .split(path.sep)
        .join('/')
        .replace(/\.(js|ts)$/, '');
      const isPublic = /\.service$/.test(module) || publicModules.has(module);
      if (!from) {
        const isWiring = /\.routes$/.test(module) || wiringModules.has(module);
        if (!isPublic && !isWiring) {
          context.report({
            node: source,
            messageId: 'outsideInternal',
            data: { from: fromOutside, to, module },
          });
        }
        return;
      }
      if (!isPublic) {
        context.report({ node: source, messageId: 'internal', data: { from, to, module } });
      }
      if (isTest) return;
      const back = pathBetween(featureGraph(featuresDir), to, from);
      if (back) {
        context.report({
          node: source,
          messageId: 'cycle',
          data: { from, to, path: [from, ...back].join(' → ') },
        });
      }
    });
  },
};

export default { rules: { 'feature-walls': featureWalls } };
