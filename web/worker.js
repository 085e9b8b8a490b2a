// The page's Python, in a worker so that a long run never freezes the page and can be stopped:
// loads Pyodide and the project's wheels from this site, then answers the page's calls with what
// page.py returns. Messages in: {id, call, options, argument}; out: progress, ready, or {id, ...}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

let page = null;
let oracleConsole = null;

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response;
}

async function installWheels(pyodide) {
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  const names = await (await fetchOk("wheels.json")).json();
  for (const name of names) {
    const data = await (await fetchOk(`wheels/${name}`)).arrayBuffer();
    pyodide.unpackArchive(data, "wheel", { extractDir: site });
  }
  pyodide.FS.writeFile(`${site}/page.py`, await (await fetchOk("page.py")).text());
}

async function boot() {
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", self.location.href).href });
  postMessage({ kind: "progress", step: 1 });
  await installWheels(pyodide);
  postMessage({ kind: "progress", step: 2 });
  page = pyodide.pyimport("page");
  oracleConsole = page.Console();
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
  () => postMessage({ kind: "ready", version: page.version_text() }),
  (error) => postMessage({ kind: "failed", error: error.message }),
);

self.onmessage = async ({ data }) => {
  await booted;
  if (page) answer(data);
  else postMessage({ kind: "answer", id: data.id, error: "the runtime did not load" });
};
