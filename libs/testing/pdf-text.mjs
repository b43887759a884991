// Prints the text of the PDF read on stdin, by pdf.js (through pdf-parse). The API tests run it as a child
// process: pdf.js starts its worker with a dynamic import, which jest's module sandbox refuses.
import { PDFParse } from 'pdf-parse';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
process.stdout.write((await parser.getText()).text);
await parser.destroy();
