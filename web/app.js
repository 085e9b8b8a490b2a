// The page: hands every button to the Python side (page.py, in worker.js), which runs the same
// functions as the command lines. Nothing here knows a rule of a game; this file only moves text
// between the page and Python.

const $ = (id) => document.getElementById(id);
const ORACLE = "space_defender_2";
const STOPPED = "stopped";
const STEPS = ["Loading the Python runtime", "Installing the oracle", "Importing the oracle", "Ready"];
const app = {
  worker: null, // the Python side (worker.js)
  ready: false,
  calls: new Map(), // id -> the promise of a call waiting for its answer
  next: 0,
  loadStarted: 0,
  games: [],
  tests: [],
  mine: null, // the bytes of a dropped or chosen output file
  history: [], // the console's typed lines
  back: 0,
  offline: null, // the service worker's registration, once asked for
  listing: null, // the promise of the page's lists in and its controls filled
};

// Each step's end is kept (ms since the page opened) for `make bench`: data-step1 .. data-step3.
function progress(step, detail = "") {
  if (step > 0) $("status").dataset[`step${step}`] = performance.now().toFixed(1);
  $("progress").value = step;
  $("status-text").textContent = STEPS[step] + (detail ? ` ${detail}` : "…");
}

function seconds(ms) {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function game(name = $("game").value) {
  return app.games.find((entry) => entry.name === name);
}

// Bytes as base64, a chunk at a time (outputs can be hundreds of kilobytes).
function toBase64(bytes) {
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(text);
}

// What the user pasted, as the bytes their program would print: UTF-8, or one byte per character
// for the BASIC games (their transcripts are latin-1; any other character is a "?").
function pastedBytes(text) {
  if (game().encoding !== "latin-1") return new TextEncoder().encode(text);
  return Uint8Array.from(text, (char) => (char.charCodeAt(0) > 0xff ? 0x3f : char.charCodeAt(0)));
}

function options() {
  return {
    game: $("game").value,
    script: $("script").value,
    mode: $("mode").value,
    start: $("start").value,
    end: $("end").value,
    seed: $("seed").value,
  };
}

// Ask the worker: a promise of page.py's answer ({result, ms}), rejected with its error.
function call(name, argument, withOptions = true) {
  const id = ++app.next;
  return new Promise((resolve, reject) => {
    app.calls.set(id, { resolve, reject });
    app.worker.postMessage({ id, call: name, options: withOptions ? options() : null, argument });
  });
}

// A failure of the page itself (not of the script): said in the page, never only in the console.
function showFailure(error) {
  $("errors").hidden = false;
  $("errors").textContent = `The page failed, please report it: ${error.message}`;
}

async function runScript() {
  $("run").disabled = true;
  $("stop").hidden = false;
  $("run-time").textContent = "running…";
  $("download").hidden = true;
  $("download").removeAttribute("href");
  try {
    const { result, ms } = await call("run");
    $("output").textContent = result.text;
    $("why").hidden = true;
    $("errors").hidden = !result.errors;
    $("errors").textContent = result.errors ? `exit status ${result.status}: ${result.errors}` : "";
    $("download").href = `data:application/octet-stream;base64,${result.bytes}`;
    $("download").hidden = false;
    $("run-time").textContent = `ran in ${seconds(ms)}`;
    $("run-time").dataset.ms = ms.toFixed(1);
  } catch (error) {
    $("output").textContent = "";
    $("run-time").textContent = "";
    if (error.message === STOPPED) $("run-time").textContent = "stopped";
    else showFailure(error);
  } finally {
    $("output").dataset.state = "done";
    $("stop").hidden = true;
    $("run").disabled = !app.ready;
  }
}

async function compareOutputs() {
  $("compare").disabled = true;
  try {
    const mine = app.mine ?? pastedBytes($("mine").value);
    showDifference((await call("compare", toBase64(mine))).result);
  } catch (error) {
    showFailure(error);
  } finally {
    $("compare").disabled = !app.ready;
  }
}

function cell(row, text, className = "") {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function showDifference(found) {
  const body = $("sbs").tBodies[0];
  body.replaceChildren();
  $("compare-result").hidden = false;
  $("compare-result").dataset.same = found.same;
  if (found.same) {
    $("where").textContent = "Same bytes: your output is the oracle's.";
    $("compare-why").hidden = true;
    $("compare-cause").hidden = true;
    $("report").textContent = "";
    return;
  }
  $("where").textContent = `First difference at ${found.where}.`;
  showCause($("compare-cause"), found.cause);
  showWhy($("compare-why"), found.why);
  $("where").dataset.line = found.line;
  $("where").dataset.column = found.column;
  $("report").textContent = found.report;
  for (const line of found.rows) {
    const row = body.insertRow();
    if (line.header) {
      row.className = "hunk";
      cell(row, line.header).colSpan = 4;
      continue;
    }
    row.className = line.differs ? "differs" : "";
    cell(row, line.left_number || "", "number");
    piecesCell(row, line.left_pieces);
    cell(row, line.right_number || "", "number");
    piecesCell(row, line.right_pieces);
  }
}

// A side's line in its pieces (page.py's `side_by_side`), what differs from its paired line marked.
function piecesCell(row, pieces) {
  const td = cell(row, "", "text");
  td.replaceChildren(
    ...pieces.map(([text, changed]) => {
      if (!changed) return text;
      const mark = document.createElement("mark");
      mark.textContent = text;
      return mark;
    }),
  );
  return td;
}

// The oracle's line that best explains the difference (page.py's `cause`), with its rule and kind.
function showCause(panel, cause) {
  panel.hidden = !cause;
  panel.textContent = cause ? ["The cause:", ...cause.lines].join("\n") : "";
  panel.dataset.rule = cause?.rule ?? "";
  panel.dataset.kind = cause?.kind ?? "";
  panel.dataset.line = cause?.line ?? "";
}

// Why the oracle printed a line (page.py's `explanation`), in a panel that keeps its rule; hidden
// where there is none to show (the cause tells that line already).
function showWhy(panel, why) {
  panel.hidden = !why;
  panel.textContent = why ? why.lines.join("\n") : "";
  panel.dataset.rule = why?.rule ?? "";
  panel.dataset.line = why?.line ?? "";
}

// The 1-based line of the output under a click, from the text offset the click lands on.
function clickedLine(event) {
  const range = document.caretRangeFromPoint
    ? document.caretRangeFromPoint(event.clientX, event.clientY)
    : document.caretPositionFromPoint?.(event.clientX, event.clientY);
  const node = range?.startContainer ?? range?.offsetNode;
  const offset = range?.startOffset ?? range?.offset;
  if (!node || !$("output").contains(node)) return 0;
  return node.textContent.slice(0, offset).split("\n").length;
}

async function explainClick(event) {
  const line = clickedLine(event);
  if (!line || !app.ready) return;
  try {
    showWhy($("why"), (await call("explain", line)).result);
  } catch (error) {
    showFailure(error);
  }
}

function shareLink() {
  const fields = options();
  const params = new URLSearchParams({ game: fields.game, script: fields.script });
  if (fields.game === ORACLE && fields.mode !== "-b") params.set("mode", fields.mode);
  if (fields.mode === "-w" && fields.game === ORACLE) {
    params.set("start", fields.start);
    params.set("end", fields.end);
  }
  if (fields.seed && game().seeded) params.set("seed", fields.seed);
  history.replaceState(null, "", `#${params}`);
  $("share-link").value = location.href;
  $("share-link").hidden = false;
  $("share-link").select();
  navigator.clipboard?.writeText(location.href).catch(() => {});
}

// A shared link's fragment back into the controls (nothing of it is sent to a server).
function openFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("script")) return;
  if (game(params.get("game"))) $("game").value = params.get("game");
  $("mode").value = params.get("mode") || "-b";
  $("start").value = params.get("start") || "1";
  $("end").value = params.get("end") || "_";
  $("seed").value = params.get("seed") || "";
  $("script").value = params.get("script");
  gameChanged(false);
}

function gameChanged(clear = true) {
  const chosen = game();
  $("mode-row").hidden = chosen.name !== ORACLE;
  $("seed-row").hidden = !chosen.seeded;
  $("window").hidden = $("mode").value !== "-w";
  const list = $("test");
  list.replaceChildren(new Option("(choose one)", ""));
  app.tests.forEach((test, index) => {
    if (test.game === chosen.name) list.add(new Option(test.name, index));
  });
  if (clear) {
    $("script").value = "";
    $("seed").value = "";
  }
}

function pickTest() {
  const test = app.tests[$("test").value];
  if (!test) return;
  $("script").value = test.script;
  $("seed").value = test.seed ?? "";
}

function consoleShow(text) {
  const log = $("console-log");
  log.textContent += text;
  log.scrollTop = log.scrollHeight;
}

async function consoleStart() {
  $("console-log").textContent = "";
  consoleShow((await call("consoleStart", null, false)).result);
  $("console-input").disabled = false;
}

async function consoleKey(event) {
  const input = $("console-input");
  if (event.key === "ArrowUp" || event.key === "ArrowDown") {
    event.preventDefault();
    const step = event.key === "ArrowUp" ? -1 : 1;
    app.back = Math.max(0, Math.min(app.history.length, app.back + step));
    input.value = app.history[app.back] ?? "";
    return;
  }
  if (event.key !== "Enter") return;
  const line = input.value;
  if (line.trim()) app.history.push(line);
  app.back = app.history.length;
  input.value = "";
  let answer;
  try {
    answer = (await call("consoleLine", line, false)).result;
  } catch (error) {
    answer = { text: `(the console failed, please report it: ${error.message})\n`, ended: true };
  }
  consoleShow(`->${line}\n${answer.text}`);
  if (answer.ended) {
    consoleShow("(session ended: Restart for a new one)\n");
    input.disabled = true;
  }
}

async function readMine() {
  const file = $("mine-file").files[0];
  if (!file) return;
  app.mine = new Uint8Array(await file.arrayBuffer());
  $("mine").value = new TextDecoder().decode(app.mine);
}

function dropMine(event) {
  event.preventDefault();
  const file = event.dataTransfer.files[0];
  if (!file) return;
  file.arrayBuffer().then((data) => {
    app.mine = new Uint8Array(data);
    $("mine").value = new TextDecoder().decode(app.mine);
  });
}

function wire() {
  $("game").addEventListener("change", () => gameChanged());
  $("mode").addEventListener("change", () => gameChanged(false));
  $("test").addEventListener("change", pickTest);
  $("run").addEventListener("click", runScript);
  $("stop").addEventListener("click", stop);
  $("share").addEventListener("click", shareLink);
  $("compare").addEventListener("click", compareOutputs);
  $("output").addEventListener("click", explainClick);
  $("mine").addEventListener("input", () => { app.mine = null; });
  $("mine-file").addEventListener("change", readMine);
  $("mine").addEventListener("dragover", (event) => event.preventDefault());
  $("mine").addEventListener("drop", dropMine);
  $("console-input").addEventListener("keydown", consoleKey);
  $("console-restart").addEventListener("click", () => consoleStart().catch(showFailure));
  window.addEventListener("hashchange", openFragment);
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response;
}

// What the worker says: its progress while loading, then answers to calls.
function heard({ data }) {
  if (data.kind === "progress") progress(data.step);
  else if (data.kind === "ready") app.listing.then(() => ready(data.version, data.start));
  else if (data.kind === "snapshot") $("status").dataset.snapshot = data.kept ? "kept" : "not kept";
  else if (data.kind === "failed") failed(new Error(data.error));
  else {
    const waiting = app.calls.get(data.id);
    app.calls.delete(data.id);
    if (data.error === undefined) waiting?.resolve(data);
    else waiting?.reject(new Error(data.error));
  }
}

// A worker with a fresh Python: at start, and after Stop (a run cannot be interrupted otherwise).
// The status says "loading" once the page's controls are filled (at start, after the lists).
function startWorker() {
  app.ready = false;
  for (const id of ["run", "compare", "console-restart"]) $(id).disabled = true;
  $("console-input").disabled = true;
  progress(0);
  app.loadStarted = app.worker ? performance.now() : 0; // the first load counts from the page's
  app.worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
  app.worker.onmessage = heard;
  app.worker.onerror = (event) => failed(new Error(event.message || "the worker did not start"));
}

function stop() {
  app.worker.terminate();
  for (const waiting of app.calls.values()) waiting.reject(new Error(STOPPED));
  app.calls.clear();
  $("status").dataset.state = "loading";
  startWorker();
}

// `start`: "snapshot" when Python started from the snapshot an earlier visit kept, else "afresh".
function ready(version, start) {
  const now = performance.now();
  $("version").textContent = version;
  const from = start === "snapshot" ? ", from an earlier visit's snapshot" : "";
  progress(3, `in ${seconds(now - app.loadStarted)}${from}`);
  $("status").dataset.readyMs = now.toFixed(1);
  $("status").dataset.start = start;
  $("status").dataset.state = "ready";
  app.ready = true;
  for (const id of ["run", "compare", "console-restart"]) $(id).disabled = false;
  consoleStart().catch(showFailure);
  keepOffline();
}

// Once the page works, let the browser keep the site for offline use (not where it cannot).
function keepOffline() {
  if (!("serviceWorker" in navigator) || app.offline) return;
  app.offline = navigator.serviceWorker.register("sw.js").catch(() => null);
}

function failed(error) {
  $("status").dataset.state = "failed";
  $("status-text").textContent = `The oracle could not load: ${error.message}`;
}

// The worker first: Python's start is what the page waits for; the lists come meanwhile, and
// the page is ready only once they are in (Python may start first on a return visit).
async function boot() {
  wire();
  let listed;
  app.listing = new Promise((resolve) => (listed = resolve));
  startWorker();
  const [games, tests] = await Promise.all([
    fetchOk("games.json").then((response) => response.json()),
    fetchOk("tests.json").then((response) => response.json()),
  ]);
  app.games = games;
  app.tests = tests;
  for (const entry of games) $("game").add(new Option(entry.title, entry.name));
  gameChanged();
  openFragment();
  if ($("status").dataset.state !== "failed") $("status").dataset.state = "loading";
  listed();
}

boot().catch(failed);
