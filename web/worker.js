// The page's Python, in a worker so that a long run never freezes the page and can be stopped:
// loads Pyodide and the project's wheels from this site, then answers the page's calls with what
// page.py returns. Messages in: {id, call, options, argument}; out: progress, ready, or {id, ...}.
//
// A first visit starts Python as usual, then keeps a memory snapshot of it, the page's Python
// imported, in the browser's cache under the site's version; a later visit starts from that
// snapshot. A snapshot of another version is not used; it, or one that does not start (another
// Pyodide, or broken), is deleted, and Python starts as usual.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const INDEX = new URL("pyodide/", self.location.href).href;
// Pyodide's 1.3 MB of JavaScript, loaded at once, while the cache is read: loadPyodide imports
// the same module, then ready (a failure here is loadPyodide's to say).
import(`${INDEX}pyodide.asm.mjs`).catch(() => null);
const SNAPSHOTS = "pyodide-snapshots"; // not "oracle-": the service worker empties those
let page = null;
let oracleConsole = null;

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response;
}

// The site's Python files (the wheels' files, as the build laid them out: an index of paths and
// sizes, and their bytes one after another, gzip-compressed) and page.py, fetched while Python
// starts.
async function fetchFiles() {
  const inflated = async (response) =>
    new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  const [index, packed, pageSource] = await Promise.all([
    fetchOk("site-packages.json").then((response) => response.json()),
    fetchOk("site-packages.gz").then(inflated),
    fetchOk("page.py").then((response) => response.text()),
  ]);
  return { index, bytes: new Uint8Array(packed), page: pageSource };
}

// Written from here: unzipping the wheels in Python took a fifth of a return visit.
async function installFiles(pyodide, fetched) {
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  const { index, bytes, page: pageSource } = await fetched;
  const folders = new Set(index.map(([path]) => path.slice(0, path.lastIndexOf("/"))));
  for (const folder of folders) pyodide.FS.mkdirTree(`${site}/${folder}`);
  let at = 0;
  for (const [path, size] of index) {
    pyodide.FS.writeFile(`${site}/${path}`, bytes.subarray(at, at + size), { canOwn: true });
    at += size;
  }
  pyodide.FS.writeFile(`${site}/page.py`, pageSource);
}

// Where this site version's snapshot is kept (a cache of its own, one entry per site version:
// `key`, once the site's version is fetched), and the one an earlier visit kept there (`kept`):
// read at once, so that Python starts from it while the version is fetched, and used only if it
// is this version's (`snapshot`).
async function snapshotPlace() {
  if (!("caches" in self)) return null;
  const cache = await caches.open(SNAPSHOTS);
  const key = fetchOk("version.json")
    .then((response) => response.json())
    .then(({ version }) => new URL(`snapshot/${version}`, INDEX).href);
  key.catch(() => null); // without the version, no snapshot is used or kept: said when kept
  const kept = await keptSnapshot(cache);
  const snapshot = kept && thisVersions(kept, key);
  return { cache, key, kept: kept?.key, snapshot };
}

async function thisVersions(kept, key) {
  if ((await key) !== kept.key) throw new Error("it was kept by another version of the site");
  return kept.snapshot;
}

// The one snapshot in the cache (keepSnapshot drops the others) and its key.
async function keptSnapshot(cache) {
  const [request] = await cache.keys();
  const response = request && (await cache.match(request));
  if (!response) return null;
  const snapshot = response.arrayBuffer();
  snapshot.catch(() => null); // a failed read is loadPyodide's to say, if it is used
  return { key: request.url, snapshot };
}

async function fromSnapshot(place, fetched) {
  if (!place?.snapshot) return null;
  try {
    const pyodide = await loadPyodide({ indexURL: INDEX, _loadSnapshot: place.snapshot });
    postMessage({ kind: "progress", step: 1 });
    // The files: a snapshot holds Python's memory, not its file system.
    await installFiles(pyodide, fetched);
    postMessage({ kind: "progress", step: 2 });
    page = pyodide.pyimport("page");
    page.version_text(); // a snapshot that restores but does not run counts as broken
    return pyodide;
  } catch (error) {
    console.warn(`the snapshot did not start (${error.message}); starting afresh`);
    page = null;
    await place.cache.delete(place.kept);
    return null;
  }
}

async function afresh(place, fetched) {
  const pyodide = await loadPyodide({ indexURL: INDEX, _makeSnapshot: place !== null });
  postMessage({ kind: "progress", step: 1 });
  await installFiles(pyodide, fetched);
  postMessage({ kind: "progress", step: 2 });
  page = pyodide.pyimport("page");
  return pyodide;
}

// The snapshot of a Python just started, for the next visits; the older versions' are dropped.
async function keepSnapshot(pyodide, place) {
  const snapshot = pyodide.makeMemorySnapshot();
  const key = await place.key;
  for (const old of await place.cache.keys()) await place.cache.delete(old);
  await place.cache.put(key, new Response(snapshot));
}

async function boot() {
  const fetched = fetchFiles();
  const place = await snapshotPlace().catch(() => null);
  const restored = await fromSnapshot(place, fetched);
  const pyodide = restored ?? (await afresh(place, fetched));
  oracleConsole = page.Console();
  return { pyodide, place, start: restored ? "snapshot" : "afresh" };
}

// Each call of the page: a run, a comparison, or the console's start and typed lines.
const CALLS = {
  run: (options) => page.run_json(options),
  compare: (options, mine) => page.compare_json(options, mine),
  explain: (options, line) => page.explain_json(options, line),
  consoleStart: () => JSON.stringify(oracleConsole.start()),
  consoleLine: (options, line) => oracleConsole.answer(line),
};

function answer({ id, call, options, argument }) {
  const made = options ? page.Options.callKwargs(options) : null;
  const started = performance.now();
  try {
    const result = JSON.parse(CALLS[call](made, argument));
    postMessage({ kind: "answer", id, result, ms: performance.now() - started });
  } catch (error) {
    postMessage({ kind: "answer", id, error: error.message });
  } finally {
    made?.destroy();
  }
}

const booted = boot().then(
  ({ pyodide, place, start }) => {
    postMessage({ kind: "ready", version: page.version_text(), start });
    if (start === "afresh" && place) {
      keepSnapshot(pyodide, place).then(
        () => postMessage({ kind: "snapshot", kept: true }),
        (error) => postMessage({ kind: "snapshot", kept: false, error: error.message }),
      );
    }
  },
  (error) => postMessage({ kind: "failed", error: error.message }),
);

self.onmessage = async ({ data }) => {
  await booted;
  if (page) answer(data);
  else postMessage({ kind: "answer", id: data.id, error: "the runtime did not load" });
};
