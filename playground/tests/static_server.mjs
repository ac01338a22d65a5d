// A static file server on 127.0.0.1 for the browser tests (and for trying the site without Python).
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";

const types = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".xml": "application/xml",
  ".png": "image/png",
};

// `root`: a folder, or {"/prefix/": folder, ...} (the longest matching prefix serves).
export function serve(root, port = 0) {
  const mounts = Object.entries(typeof root === "string" ? { "/": root } : root).sort(
    (a, b) => b[0].length - a[0].length,
  );
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    const [prefix, folder] = mounts.find(([p]) => path.startsWith(p)) ?? ["/", mounts.at(-1)[1]];
    let file = join(folder, path.slice(prefix.length));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!existsSync(file)) return response.writeHead(404).end("not found");
    response.writeHead(200, { "Content-Type": types[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
