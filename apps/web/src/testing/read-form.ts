import { File as NodeFile } from 'node:buffer';

/**
 * `request.formData()` for the MSW handlers of upload tests. Node 24's fetch builds each file
 * part of a multipart body with the global `File`, then asserts it is an instance of Node's own
 * `File`; under jsdom the global is jsdom's, so the parse of any form with a file throws (Node
 * 20's fetch did not check). The global is Node's own again only for the parse: the components
 * under test make their files with jsdom's, as a browser would.
 */
export async function readForm(request: Request): Promise<FormData> {
  const body = await request.arrayBuffer();
  const copy = new Response(body, { headers: request.headers });
  const jsdomFile = globalThis.File;
  globalThis.File = NodeFile as unknown as typeof File;
  try {
    return await copy.formData();
  } finally {
    globalThis.File = jsdomFile;
  }
}
