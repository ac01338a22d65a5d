// The worker's corpus resources (rule pictures, samples, tilesets): fetched when a model first names them,
// the files whose name (or folder) is a value of the text's file, sample, tileset or tiles attributes. A
// load that fails with some fetched is tried again with them all (a resource the names missed).
const namesResources = (xml) => /\b(file|sample|tileset|tiles)\s*=/.test(xml);

export class Resources {
  constructor(mj) {
    this.mj = mj;
    this.list = null; // corpus/resources.json, once read
    this.fetched = new Set();
  }

  // Every resource is fetched already (or the text names none).
  done(xml) {
    return !namesResources(xml) || this.fetched.size === this.list?.length;
  }

  async ensure(xml, all = false) {
    if (this.done(xml)) return;
    this.list ??= await (await fetch("corpus/resources.json")).json();
    const names = new Set();
    for (const [, value] of xml.matchAll(/\b(?:file|sample|tileset|tiles)\s*=\s*["']([^"']*)["']/g))
      for (const part of value.split("/")) names.add(part);
    const named = (path) =>
      path
        .replace(/\.[^./]*$/, "")
        .split("/")
        .slice(1)
        .some((part) => names.has(part));
    const wanted = this.list.filter((path) => !this.fetched.has(path) && (all || named(path)));
    await Promise.all(
      wanted.map(async (path) => {
        this.fetched.add(path);
        this.mj.addResource(path, new Uint8Array(await (await fetch(`corpus/resources/${path}`)).arrayBuffer()));
      }),
    );
  }

  // mj.load, after fetching the resources the text names (and once more with them all if it fails).
  async load(xml, options) {
    await this.ensure(xml);
    try {
      return this.mj.load(xml, options);
    } catch (e) {
      if (this.done(xml)) throw e;
      await this.ensure(xml, true);
      return this.mj.load(xml, options);
    }
  }
}
