// Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of dist, so the server hands browsers the
// compressed bytes without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = new URL("../dist/", import.meta.url).pathname;
const TEXT = /\.(js|css|html|svg|json)$/;
/** Below this a compressed copy saves less than its own request overhead. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let raw = 0;
let brotli = 0;
for (const path of files(dist)) {
  if (!TEXT.test(path)) continue;
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  brotli += br.length;
}
console.log(`compressed dist: ${(raw / 1024).toFixed(0)} KB of text, ${(brotli / 1024).toFixed(0)} KB as Brotli`);
