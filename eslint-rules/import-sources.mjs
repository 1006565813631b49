// @ts-check
/**
 * Every way a module names another, for the wall rules (api-feature-walls, api-layers,
 * web-layers): a wall that saw only `import … from` would let the same dependency through as a
 * re-export, a lazy `import()`, a type written `import('…').T`, `import x = require('…')` or a
 * `declare module '…'` augmentation. TypeScript-only shapes exist only under the TypeScript
 * parser; under espree those visitors simply never fire.
 */

/**
 * The string literal naming the module, for each node shape that names one.
 * @param {any} node
 * @returns {import('estree').Literal | undefined}
 */
const sourceOf = (node) => {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportNamedDeclaration':
    case 'ExportAllDeclaration':
    case 'ImportExpression':
      return node.source ?? undefined;
    case 'TSImportType':
      // typescript-eslint 8 gives `source`; older versions only `argument` (a literal type).
      return node.source ?? node.argument?.literal;
    case 'TSExternalModuleReference':
      return node.expression;
    case 'TSModuleDeclaration':
      return node.id?.type === 'Literal' ? node.id : undefined;
    default:
      return undefined;
  }
};

/**
 * ESLint visitors that call `check` with each literal module name a file writes.
 * @param {(source: import('estree').Literal & { value: string }) => void} check
 * @returns {import('eslint').Rule.RuleListener}
 */
export const importVisitors = (check) => {
  /** @param {any} node */
  const visit = (node) => {
    const source = sourceOf(node);
    if (source?.type === 'Literal' && typeof source.value === 'string') {
      check(/** @type {import('estree').Literal & { value: string }} */ (source));
    }
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
    TSImportType: visit,
    TSExternalModuleReference: visit,
    TSModuleDeclaration: visit,
  };
};
