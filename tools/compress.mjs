// Write a .br (brotli 11) and a .gz (gzip 9) twin beside each file, for precompressed hosting.
// Usage: node tools/compress.mjs <cache folder> <file>...
// Node's own zlib does both (no extra dependency); results are cached by content hash, since
// brotli 11 takes a while on the wasm. A twin not smaller than its file is not written.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const [cache, ...files] = process.argv.slice(2);
mkdirSync(cache, { recursive: true });
const make = {
  br: (data) => brotliCompressSync(data, { params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  } }),
  gz: (data) => gzipSync(data, { level: 9 }),
};
let saved = 0;
for (const file of files) {
  const data = readFileSync(file);
  const hash = createHash("sha256").update(data).digest("hex");
  for (const [suffix, compress] of Object.entries(make)) {
    const cached = join(cache, `${hash}.${suffix}`);
    if (!existsSync(cached)) writeFileSync(cached, compress(data));
    const twin = readFileSync(cached);
    if (twin.length < data.length) {
      writeFileSync(`${file}.${suffix}`, twin);
      if (suffix === "br") saved += data.length - twin.length;
    } else {
      rmSync(`${file}.${suffix}`, { force: true });
    }
  }
}
console.log(`compressed ${files.length} files (brotli saves ${(saved / 1e6).toFixed(1)} MB)`);
