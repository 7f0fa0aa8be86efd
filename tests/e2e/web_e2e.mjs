// End-to-end test of the search page in headless Chromium.
//
// No npm packages: Node drives Chromium over the DevTools protocol on
// --remote-debugging-pipe (file descriptors 3 and 4, NUL-separated JSON).
// It indexes FICTIONAL profiles (some hostile: markup and script in names,
// titles and homepages), starts `cvsearch serve --port 0`, then, like a user:
// types a query and sees highlighted results, ticks an institution and sees
// the results and the facet counts change, sets the year range from the
// histogram, pages, opens a profile, and checks the hostile profiles render as
// inert text (no script ran, no element came from CV text).
//
//   node web_e2e.mjs CVSEARCH_BINARY [CHROMIUM]      (tests/e2e/run.sh finds both)
// Exit status 0: passed; 1: failed (the reason is printed).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const cvsearch = process.argv[2];
const chromiumBinary = process.argv[3] || "/usr/bin/chromium";
const deadline = Date.now() + 240_000;  // the whole test; every wait below is bounded by it too
const work = fs.mkdtempSync(path.join(os.tmpdir(), "cvsearch-e2e-"));
const children = [];
let failures = 0;

function log(...args) {
  console.log(...args);
}

function check(cond, what) {
  if (cond) log("  ok   " + what);
  else {
    failures++;
    log("  FAIL " + what);
  }
}

function cleanup() {
  for (const c of children) {
    try { c.kill("SIGKILL"); } catch (e) { /* already gone */ }
  }
  // Chromium may still be writing its profile right after SIGKILL: retry, never throw.
  try { fs.rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }); } catch (e) { /* left in /tmp */ }
}

process.on("exit", cleanup);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => process.exit(1));
setTimeout(() => {
  log("FAIL: the test took longer than its 240 s budget");
  process.exit(1);
}, 250_000).unref();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- fictional profiles ------------------------------------------------------------

function profile(id, name, institution, interests, pubs, extra = {}) {
  return {
    id, name, headline: "Researcher, " + institution, homepage: "https://example.org/" + id, emails: [],
    interests,
    affiliations: [{ institution, institution_raw: institution, kind: "work", role: "Researcher", start_year: 2015, end_year: null, current: true }],
    publications: pubs.map(([title, venue, year]) => ({ title, venue, venue_raw: venue, year, kind: "conference", authors: [] })),
    skills: [], awards: [], sections: [],
    ...extra,
  };
}

const people = [
  profile("kaist/ji-ho-seong", "Ji-Ho Seong", "KAIST", ["fault tolerance"],
    [["Fault Tolerance for Streaming Joins", "SOSP", 2021], ["Lazy Consensus at the Edge", "OSDI", 2019]]),
  profile("kaist/min-seo-park", "Min-Seo Park", "KAIST", ["fault tolerance", "storage"],
    [["Fault-Tolerant Key-Value Stores", "OSDI", 2022], ["Cheap Replicas", "EuroSys", 2020]]),
  profile("eth/lina-brunner", "Lina Brunner", "ETH Zürich", ["fault tolerance", "HPC"],
    [["Checkpointing Fault Tolerance in Exascale Solvers", "SC", 2022], ["Resilient Collectives", "PPoPP", 2018]]),
  profile("mit/oren-castellano", "Oren Castellano", "MIT", ["formal verification"],
    [["Verified Fault Tolerance for Replicated Logs", "SOSP", 2023], ["Typed Storage Engines", "VLDB", 2020]]),
  profile("mit/amara-okafor-lind", "Amara Okafor-Lind", "MIT", ["fault tolerance"],
    [["Fault Tolerance in Serverless Workflows", "NSDI", 2017], ["Tail Latency Budgets", "NSDI", 2016]]),
  profile("cmu/priya-venkataraman", "Priya Venkataraman", "Carnegie Mellon University", ["scheduling"],
    [["Scheduling Tail Latency", "NSDI", 2020], ["Energy-Aware Clusters", "EuroSys", 2016]]),
  profile("umich/tomas-ferreira", "Tomás Ferreira", "University of Michigan", ["fault tolerance"],
    [["Fault Tolerance without Replication", "NSDI", 2017], ["Cheap Snapshots", "OSDI", 2024]]),
];
for (let i = 0; i < 8; i++)  // enough profiles for a second page
  people.push(profile("filler/person-" + i, "Filler Person " + "ABCDEFGH"[i], "University of Michigan", ["compilers"],
    [["Register Allocation Notes " + i, "PLDI", 2010 + i]]));

const HOSTILE_NAME_1 = "<script>window.__xss=1</script>Eve Scriptwright";
const HOSTILE_NAME_2 = "Bobby O'Brien \"Tables\" </mark><img src=x onerror=window.__xss=5>";
const HOSTILE_NAME_3 = "Mallory <svg onload=window.__xss=9> Vektor";
const hostile = [
  profile("xss/script-name", HOSTILE_NAME_1, "KAIST", ["quasarflux", "<img src=x onerror=window.__xss=3>"],
    [["Quasarflux <script>window.__xss=4</script> Consensus for \"Quoted\" Systems", "SOSP", 2021]],
    { homepage: "javascript:window.__xss=2", headline: "<b>Bold</b> & \"quoted\" headline" }),
  profile("xss/quote-name", HOSTILE_NAME_2, "MIT", ["quasarflux"],
    [["</mark><img src=x onerror=window.__xss=8> quasarflux Tables", "OSDI", 2020]],
    { homepage: "https://example.org/~obrien?a=1&b=\"2\"", headline: "Researcher' onmouseover='window.__xss=6",
      skills: ["<iframe src=javascript:window.__xss=7>"] }),
  profile("xss/data-homepage", HOSTILE_NAME_3, "ETH Zürich", ["quasarflux"],
    [["Quasarflux Streams", "NSDI", 2022]],
    { homepage: "data:text/html,<script>window.__xss=10</script>",
      awards: ["<a href=\"javascript:window.__xss=11\">click me</a>"] }),
];

// ---- index and server ----------------------------------------------------------------

const cvs = path.join(work, "cvs");
for (const p of people.concat(hostile)) {
  const file = path.join(cvs, p.id + ".json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(p, null, 2));
}
const db = path.join(work, "db");
const indexed = spawnSync(cvsearch, ["index", cvs, "--db", db, "--quiet"], { encoding: "utf8", timeout: 120_000 });
if (indexed.status !== 0) {
  log("FAIL: cvsearch index failed:\n" + indexed.stdout + indexed.stderr);
  process.exit(1);
}

async function startServer() {
  const server = spawn(cvsearch, ["serve", "--db", db, "--host", "127.0.0.1", "--port", "0", "--quiet"], { stdio: ["ignore", "ignore", "pipe"] });
  children.push(server);
  let err = "";
  server.stderr.setEncoding("utf8");
  server.stderr.on("data", (d) => { err += d; });
  while (Date.now() < deadline) {
    const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(err);
    if (m) return { server, base: m[1], stderr: () => err };
    if (server.exitCode !== null) break;
    await sleep(50);
  }
  throw new Error("cvsearch serve did not start:\n" + err);
}

// ---- the DevTools protocol over a pipe ---------------------------------------------------

class Browser {
  constructor(binary) {
    const profileDir = path.join(work, "chromium-profile");
    fs.mkdirSync(profileDir);
    this.proc = spawn(binary, [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-dev-shm-usage", "--no-default-browser-check", "--user-data-dir=" + profileDir,
      "--remote-debugging-pipe", "about:blank",
    ], { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
    children.push(this.proc);
    this.stderr = "";
    this.proc.stderr.setEncoding("utf8");
    this.proc.stderr.on("data", (d) => { this.stderr = (this.stderr + d).slice(-20000); });
    this.out = this.proc.stdio[3];
    this.in = this.proc.stdio[4];
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = [];
    let buffer = Buffer.alloc(0);
    this.in.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (let end = buffer.indexOf(0); end >= 0; end = buffer.indexOf(0)) {
        const msg = JSON.parse(buffer.subarray(0, end).toString("utf8"));
        buffer = buffer.subarray(end + 1);
        if (msg.id && this.pending.has(msg.id)) {
          const { resolve, reject, method } = this.pending.get(msg.id);
          this.pending.delete(msg.id);
          if (msg.error) reject(new Error(method + ": " + JSON.stringify(msg.error)));
          else resolve(msg.result);
        } else if (msg.method) {
          for (const l of this.listeners) l(msg);
        }
      }
    });
  }

  send(method, params = {}, sessionId = undefined) {
    const id = this.nextId++;
    const msg = { id, method, params };
    if (sessionId) msg.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.out.write(JSON.stringify(msg) + "\0");
      setTimeout(() => {
        if (this.pending.has(id)) {
          this.pending.delete(id);
          reject(new Error(method + ": no answer from Chromium within 30 s\n" + this.stderr));
        }
      }, 30_000).unref();
    });
  }

  on(listener) {
    this.listeners.push(listener);
  }
}

class Page {
  constructor(browser, sessionId) {
    this.browser = browser;
    this.sessionId = sessionId;
    this.dialogs = [];
    this.exceptions = [];
    this.console = [];
    browser.on((msg) => {
      if (msg.sessionId !== sessionId) return;
      if (msg.method === "Page.javascriptDialogOpening") {
        this.dialogs.push(msg.params.message);
        this.send("Page.handleJavaScriptDialog", { accept: false }).catch(() => {});
      } else if (msg.method === "Runtime.exceptionThrown") {
        this.exceptions.push(JSON.stringify(msg.params.exceptionDetails).slice(0, 500));
      } else if (msg.method === "Runtime.consoleAPICalled") {
        this.console.push(msg.params.type + ": " + msg.params.args.map((a) => a.value).join(" "));
      } else if (msg.method === "Log.entryAdded") {
        this.console.push(msg.params.entry.level + ": " + msg.params.entry.text);
      }
    });
  }

  send(method, params) {
    return this.browser.send(method, params, this.sessionId);
  }

  async eval(expression) {
    const r = await this.send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error("page error in " + expression + ": " + JSON.stringify(r.exceptionDetails).slice(0, 300));
    return r.result.value;
  }

  async waitFor(expression, what) {
    for (let i = 0; i < 400 && Date.now() < deadline; i++) {
      if (await this.eval(expression)) return true;
      await sleep(50);
    }
    const page = await this.eval(`document.body.dataset.profileState + " / view:" + (document.getElementById("profile") && !document.getElementById("profile").hidden) + " / " + (document.getElementById("profile-body") || document.body).innerText.slice(0, 300)`).catch(() => "?");
    throw new Error("timed out waiting for " + what + " (" + expression + "); the page shows: " + page);
  }

  /// Waits for the search after the one numbered `seq` to be rendered.
  async searchAfter(seq) {
    await this.waitFor(`Number(document.body.dataset.searchSeq || 0) > ${seq} && document.body.dataset.state !== "loading"`, "a search to finish");
    return this.eval("document.body.dataset.state");
  }

  seq() {
    return this.eval("Number(document.body.dataset.searchSeq || 0)");
  }

  async goto(url) {
    await this.send("Page.navigate", { url });
    await this.waitFor(`document.readyState === "complete" && document.body && Number(document.body.dataset.searchSeq || 0) > 0 && document.body.dataset.state !== "loading"`, "the page to load " + url);
  }

  /// A real mouse click in the middle of the element `selector` matches.
  async click(selector) {
    const box = await this.eval(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
      if (!e) return null; e.scrollIntoView({block: "center"});
      const r = e.getClientRects()[0] || e.getBoundingClientRect();  // a wrapped link: its first line
      return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()`);
    if (!box) throw new Error("nothing to click: " + selector);
    for (const type of ["mouseMoved", "mousePressed", "mouseReleased"])
      await this.send("Input.dispatchMouseEvent", { type, x: box.x, y: box.y, button: "left", clickCount: 1 });
  }

  async type(selector, text) {
    await this.click(selector);
    await this.eval(`document.querySelector(${JSON.stringify(selector)}).select()`);
    await this.send("Input.insertText", { text });
  }

  async pressEnter() {
    const key = { key: "Enter", code: "Enter", windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 };
    await this.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...key });
    await this.send("Input.dispatchKeyEvent", { type: "char", text: "\r", ...key });
    await this.send("Input.dispatchKeyEvent", { type: "keyUp", ...key });
  }
}

// ---- the test -------------------------------------------------------------------------------

const facetCounts = (name) => `Array.from(document.querySelectorAll("#facet-${name} .facet-values li label"))
  .map((l) => [l.querySelector(".name").textContent, Number(l.querySelector(".count").textContent), l.querySelector("input").checked])`;
const hitsSummary = `Array.from(document.querySelectorAll("#results .hit")).map((h) => ({
  id: h.dataset.id, name: h.querySelector(".hit-name").textContent,
  institution: (h.querySelector(".institution") || {}).textContent || "",
  marks: Array.from(h.querySelectorAll("mark")).map((m) => m.textContent) }))`;
const noInjectedElements = (root) => `document.querySelectorAll("${root} script, ${root} img, ${root} svg, ${root} iframe, ${root} [onerror], ${root} [onload], ${root} [onmouseover]").length === 0`;

async function main() {
  const { base } = await startServer();
  log("server at " + base);
  const browser = new Browser(chromiumBinary);
  const version = await browser.send("Browser.getVersion");
  log("browser " + version.product);
  const { targetId } = await browser.send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await browser.send("Target.attachToTarget", { targetId, flatten: true });
  const page = new Page(browser, sessionId);
  await page.send("Page.enable");
  await page.send("Runtime.enable");
  await page.send("Log.enable");

  log("1. the page loads and shows every profile");
  await page.goto(base + "/");
  check((await page.eval(`document.getElementById("status").textContent`)).includes("18 profiles"), "status says 18 profiles");

  log("2. type a query: highlighted results");
  let seq = await page.seq();
  await page.type("#q", "fault tolerance");
  await page.pressEnter();
  check((await page.searchAfter(seq)) === "ready", "search finished");
  let hits = await page.eval(hitsSummary);
  check(hits.length >= 5, `results shown (${hits.length})`);
  check(hits.every((h) => h.marks.length > 0), "every hit has <mark> highlights");
  check(hits.every((h) => h.marks.every((m) => /^(fault|tolerance|tolerant)([\s-]+(fault|tolerance|tolerant))*$/i.test(m))),
    "marks are the query words: " + JSON.stringify(hits.map((h) => h.marks)));
  check((await page.eval("location.search")).includes("q=fault+tolerance"), "the query is in the URL");
  const totalBefore = await page.eval(`document.getElementById("status").textContent`);
  const instBefore = await page.eval(facetCounts("institution"));
  const venueBefore = await page.eval(facetCounts("venue"));
  check(instBefore.some(([v, c]) => v === "KAIST" && c === 2), "institution facet: KAIST 2 " + JSON.stringify(instBefore));

  log("3. tick an institution: results and counts change");
  seq = await page.seq();
  await page.click(`#facet-institution input[value="KAIST"]`);
  check((await page.searchAfter(seq)) === "ready", "search finished");
  hits = await page.eval(hitsSummary);
  check(hits.length === 2 && hits.every((h) => h.institution === "KAIST"), "only KAIST profiles: " + JSON.stringify(hits.map((h) => h.id)));
  const totalAfter = await page.eval(`document.getElementById("status").textContent`);
  check(totalAfter !== totalBefore && totalAfter.startsWith("2 profiles"), `total changed: "${totalBefore}" -> "${totalAfter}"`);
  const instAfter = await page.eval(facetCounts("institution"));
  const venueAfter = await page.eval(facetCounts("venue"));
  check(instAfter.some(([v, , checked]) => v === "KAIST" && checked), "KAIST stays ticked");
  check(instAfter.some(([v]) => v === "MIT"), "other institutions stay listed (disjunctive counts)");
  check(JSON.stringify(venueAfter) !== JSON.stringify(venueBefore), "venue counts changed: " + JSON.stringify(venueAfter));
  check(venueAfter.every(([v]) => ["SOSP", "OSDI", "EuroSys"].includes(v)), "venue facet lists only KAIST's venues");
  check((await page.eval("location.search")).includes("institution=KAIST"), "the filter is in the URL");

  log("4. the year histogram sets the year range");
  seq = await page.seq();
  await page.click(`#facet-institution input[value="KAIST"]`);  // untick
  await page.searchAfter(seq);
  seq = await page.seq();
  await page.click(`#year-histogram .bar[data-year="2022"]`);
  check((await page.searchAfter(seq)) === "ready", "search finished");
  check((await page.eval("new URLSearchParams(location.search).get('years')")) === "2022", "years=2022 in the URL");
  check((await page.eval(`document.getElementById("year-from").value`)) === "2022", "the from box shows 2022");
  hits = await page.eval(hitsSummary);
  check(hits.length === 2, `two fault-tolerance profiles with a 2022 paper (${hits.map((h) => h.id)})`);
  seq = await page.seq();
  await page.click(`#year-histogram .bar[data-year="2017"]`);  // extends the range
  await page.searchAfter(seq);
  check((await page.eval("new URLSearchParams(location.search).get('years')")) === "2017..2022", "a second bar extends the range to 2017..2022");
  check((await page.eval(`document.querySelectorAll("#year-histogram .bar.in-range").length`)) === 6, "six bars in range");

  log("5. paging");
  seq = await page.seq();
  await page.click("#year-clear");
  await page.searchAfter(seq);
  seq = await page.seq();
  await page.type("#q", "");
  await page.pressEnter();
  await page.searchAfter(seq);
  check((await page.eval(`document.getElementById("page-info").textContent`)) === "Page 1 of 2", "page 1 of 2");
  const firstPage = (await page.eval(hitsSummary)).map((h) => h.id);
  seq = await page.seq();
  await page.click("#next");
  await page.searchAfter(seq);
  const secondPage = (await page.eval(hitsSummary)).map((h) => h.id);
  check((await page.eval(`document.getElementById("page-info").textContent`)) === "Page 2 of 2", "page 2 of 2");
  check(secondPage.length === 8 && secondPage.every((id) => !firstPage.includes(id)), "page 2 has the other 8 profiles");

  log("6. the profile view");
  await page.goto(base + "/?q=fault+tolerance&institution=MIT");
  await page.click(`#results .hit[data-id="mit/oren-castellano"] .hit-name`);
  await page.waitFor(`document.body.dataset.profileState === "ready"`, "the profile to load");
  check(!(await page.eval(`document.getElementById("profile").hidden`)), "the profile view is shown");
  check((await page.eval(`document.querySelector("#profile-body .profile-name").textContent`)) === "Oren Castellano", "its name");
  check((await page.eval(`document.querySelectorAll("#profile-body .title").length`)) === 2, "its two publications");
  check((await page.eval(`document.querySelector("#profile-body a.homepage").href`)) === "https://example.org/mit/oren-castellano", "an https homepage is a link");
  check((await page.eval("new URLSearchParams(location.search).get('profile')")) === "mit/oren-castellano", "the profile is in the URL");
  await page.click("#back");
  check(await page.eval(`document.getElementById("profile").hidden`), "back to the results");

  log("7. hostile profiles render as inert text");
  await page.goto(base + "/?q=quasarflux");
  hits = await page.eval(hitsSummary);
  check(hits.length === 3, "three hostile profiles found");
  const names = hits.map((h) => h.name).sort();
  check(JSON.stringify(names) === JSON.stringify([HOSTILE_NAME_1, HOSTILE_NAME_2, HOSTILE_NAME_3].sort()), "names shown verbatim, as text");
  check(await page.eval(noInjectedElements("#results")), "no element was made from CV text in the results");
  check(hits.every((h) => h.marks.every((m) => m.toLowerCase() === "quasarflux")), "only the query word is marked: " + JSON.stringify(hits.map((h) => h.marks)));
  const fragments = await page.eval(`Array.from(document.querySelectorAll("#results .fragment")).map((f) => f.textContent).join("\\n")`);
  check(fragments.includes("<script>window.__xss=4</script>"), "markup in a title is visible as text");
  for (const p of hostile) {
    await page.click(`#results .hit[data-id="${p.id}"] .hit-name`);
    await page.waitFor(`document.body.dataset.profileState === "ready"`, "profile " + p.id);
    check((await page.eval(`document.querySelector("#profile-body .profile-name").textContent`)) === p.name, p.id + ": name verbatim");
    check(await page.eval(noInjectedElements("#profile-body")), p.id + ": no element made from CV text");
    check((await page.eval(`Array.from(document.querySelectorAll("#profile a")).every((a) => /^https?:/.test(a.href))`)), p.id + ": only http(s) links");
    if (!p.homepage.startsWith("https:"))
      check((await page.eval(`document.querySelector("#profile-body .homepage-text").textContent`)) === p.homepage, p.id + ": the homepage is shown as text");
    await page.click("#back");
  }
  await page.eval(`document.querySelectorAll("*").forEach((e) => e.dispatchEvent(new MouseEvent("mouseover", {bubbles: true})))`);
  check((await page.eval("typeof window.__xss")) === "undefined", "no injected script ran (window.__xss is unset)");
  check(page.dialogs.length === 0, "no dialogs: " + JSON.stringify(page.dialogs));
  check(page.exceptions.length === 0, "no uncaught page errors: " + JSON.stringify(page.exceptions));
  const csp = page.console.filter((c) => /Content Security Policy/i.test(c));
  check(csp.length === 0, "no CSP violations: " + JSON.stringify(csp));

  await browser.send("Browser.close").catch(() => {});
}

main().then(
  () => {
    if (failures) {
      log(`${failures} check(s) failed`);
      process.exit(1);
    }
    log("all checks passed");
    process.exit(0);
  },
  (e) => {
    log("FAIL: " + (e && e.stack ? e.stack : e));
    process.exit(1);
  });
