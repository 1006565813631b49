// Generates packages/client/src/schema.ts, the TypeScript types of the API's OpenAPI document
// (`npm run contract` runs it right after writing the document):
//   node packages/client/scripts/generate.mjs <openapi.json> <schema.ts>
// openapi-typescript's Node API rather than its CLI, for the one option the CLI lacks: a file
// part (`type: string, format: binary`) becomes a Blob, so a multipart body is typed with the
// bytes a client really sends (the CLI would type it as a string).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const [source, target] = process.argv.slice(2);
if (!source || !target) {
  console.error('usage: generate.mjs <openapi.json> <schema.ts>');
  // 2: a wrong command line, as create-admin.ts answers one; nothing was written.
  process.exit(2);
}

const started = performance.now();
const BLOB = ts.factory.createTypeReferenceNode('Blob');
const NULL = ts.factory.createLiteralTypeNode(ts.factory.createNull());

const ast = await openapiTS(readFileSync(source, 'utf8'), {
  // openapi-typescript's own lint, without example validation: its bundled Redocly core (1.x)
  // reads OpenAPI 3.0's boolean `exclusiveMinimum` as 3.1's number and warns on every positive
  // amount. `npm run contract:check` lints the document with the current Redocly CLI instead.
  redocly: await createConfig(
    {
      rules: {
        'operation-operationId-unique': { severity: 'error' },
        'no-invalid-media-type-examples': 'off',
      },
    },
    { extends: ['minimal'] },
  ),
  transform(schema) {
    if (schema.format !== 'binary') return undefined;
    return schema.nullable ? ts.factory.createUnionTypeNode([BLOB, NULL]) : BLOB;
  },
});

// Written whole, then renamed: the type check never reads half a file.
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(`${target}.tmp`, astToString(ast));
renameSync(`${target}.tmp`, target);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Client types: ${path.relative(process.cwd(), target)} (${seconds} s)`);
