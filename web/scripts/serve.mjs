// A tiny static server for web/dist/ on 127.0.0.1 (the browser tests and the benchmark use it;
// `node scripts/serve.mjs [PORT]` serves the built site by hand). Like a production server set up
// for precompressed files, it answers with a file's .br or .gz beside it when the browser
// accepts that encoding.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
};

/** The encodings tried, best first, with their files' suffixes. */
const ENCODINGS = [["br", ".br"], ["gzip", ".gz"]];

/** Serves `dir` on 127.0.0.1:`port` (0: any free port); resolves to its URL and a closer. */
export function serve(dir, port = 0) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = normalize(join(dir, path === "/" ? "index.html" : path));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    const accepted = String(req.headers["accept-encoding"] ?? "");
    for (const [encoding, suffix] of ENCODINGS) {
      if (!accepted.includes(encoding)) continue;
      try {
        const body = await readFile(file + suffix);
        res.writeHead(200, { "content-type": type, "content-encoding": encoding, vary: "accept-encoding" });
        res.end(body);
        return;
      } catch {
        // Not precompressed: the next encoding, or the file as it is.
      }
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": type });
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address();
      resolve({ url: `http://127.0.0.1:${bound}/`, close: () => server.close() });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
  const { url } = await serve(dist, Number(process.argv[2] ?? 8080));
  console.log(`serving ${dist} at ${url}`);
}
