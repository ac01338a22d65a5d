// A problem in a model, a resource, a file or a limit: where it is and what. The library words it
// (`text` is its "file:line: detail") and says what kind it is (`kind`: "model", "missing_file", "io",
// "limit", "memory", "internal") and which setting would fix it (`setting`: "size", "steps", "maxCells",
// "maxStates"... or null); this only carries it.
export class MjError extends Error {
  constructor({ kind = "model", file = "", line = 0, detail = "", text = detail, setting = null }) {
    super(text);
    this.name = "MjError";
    Object.assign(this, { kind, file, line, detail, setting });
  }
}
