import { execFile } from 'node:child_process';
import { join } from 'node:path';

/**
 * The text of a PDF, read back by an independent parser (pdf.js, through pdf-parse) in a plain Node process
 * (`pdf-text.mjs`): pdf.js starts its worker with a dynamic import, which jest's module sandbox refuses.
 */
export async function pdfText(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  // From src/ under ts-jest and from dist/ when built: the script sits beside both.
  const child = execFile(process.execPath, [join(__dirname, '..', 'pdf-text.mjs')]);
  const output = new Promise<string>((resolve, reject) => {
    let text = '';
    let errors = '';
    child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`pdf-text: ${errors}`))));
  });
  child.stdin?.end(Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)));
  return output;
}
