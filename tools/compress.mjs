// Write a .br (brotli 11) and a .gz (gzip 9) twin beside each file, for precompressed hosting.
// Usage: node tools/compress.mjs <cache folder> <file>...
//        node tools/compress.mjs --price <cache folder> <file>...   (bench/startup.py)
// Node's own zlib does both (no extra dependency); results are cached by content hash, since
// brotli 11 takes a while on the wasm. A twin not smaller than its file is not written.
// --price writes nothing beside the files: it prints {file: {br, gzip6}}, each file's size at
// brotli 11 and at gzip 6 (what a host compressing on the fly typically sends).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const price = process.argv[2] === "--price";
const [cache, ...files] = process.argv.slice(price ? 3 : 2);
mkdirSync(cache, { recursive: true });
const make = {
  br: (data) => brotliCompressSync(data, { params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  } }),
  gz: (data) => gzipSync(data, { level: 9 }),
  gz6: (data) => gzipSync(data, { level: 6 }),
};

function compressed(data, suffix) {
  const hash = createHash("sha256").update(data).digest("hex");
  const cached = join(cache, `${hash}.${suffix}`);
  if (!existsSync(cached)) writeFileSync(cached, make[suffix](data));
  return readFileSync(cached);
}

if (price) {
  const sizes = {};
  for (const file of files) {
    const data = readFileSync(file);
    sizes[file] = { br: compressed(data, "br").length, gzip6: compressed(data, "gz6").length };
  }
  process.stdout.write(JSON.stringify(sizes));
  process.exit(0);
}
let saved = 0;
for (const file of files) {
  const data = readFileSync(file);
  for (const suffix of ["br", "gz"]) {
    const twin = compressed(data, suffix);
    if (twin.length < data.length) {
      writeFileSync(`${file}.${suffix}`, twin);
      if (suffix === "br") saved += data.length - twin.length;
    } else {
      rmSync(`${file}.${suffix}`, { force: true });
    }
  }
}
console.log(`compressed ${files.length} files (brotli saves ${(saved / 1e6).toFixed(1)} MB)`);
