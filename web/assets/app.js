// cvsearch search page: vanilla JS over the JSON API (api/search, api/profiles/ID).
//
// SECURITY: everything that comes from a CV is put in the page as text
// (textContent / createTextNode), never parsed as HTML. Highlights are built the
// same way: the fragment is cut at the span offsets and each piece becomes a text
// node, the marked ones inside <mark> elements. Links to a homepage are made only
// for http: and https: URLs. There is no innerHTML in this file; a test checks.
"use strict";

(() => {
  const PAGE = 10;
  const FACET_VALUES = 100;  // the API's maximum: the year histogram wants every year
  const FACET_SHOWN = 12;    // facet values listed before "Show all"
  const PROBES = 6;          // at most this many extra counts for an empty result's way out
  const TITLE = "cvsearch";
  // Passage labels a reader understands. The API names a passage by its field or
  // by the kind of CV section it comes from; "header" (the top of a CV) and
  // "other" (a section of no known kind) say nothing, so they read "CV".
  const FIELD_LABELS = {
    title: "Publication", interests: "Research interests", headline: "Headline", skills: "Skills",
    affiliation: "Affiliation", award: "Award", awards: "Awards", name: "Name", experience: "Experience",
    research: "Research", education: "Education", summary: "Summary", publications: "Publications",
    projects: "Projects", teaching: "Teaching", service: "Service", news: "News", contact: "Contact",
    references: "References", header: "CV", other: "CV",
  };
  const FACET_LABELS = { institution: "Institution", affiliation: "Affiliated", venue: "Venue" };
  /// The facets whose values are names (the year facet is a histogram), in page order.
  const TEXT_FACETS = ["institution", "affiliation", "venue"];

  const $ = (id) => document.getElementById(id);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  const state = { q: "", sort: "relevance", venue: [], institution: [], affiliation: [], years: "", offset: 0, profile: "" };
  let lastResults = null;
  let searchSeq = 0;
  let searchAbort = null;
  const expanded = { institution: false, affiliation: false, venue: false };
  const canonicalCache = new Map();  // "facet\nvalue" -> the index's value (canonicalValues)
  let shownProfileName = "";         // the open profile's name, for the tab title

  // ---- small DOM helpers ------------------------------------------------------------

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  /// Appends `text` to `parent` with the ranges `spans` ([[begin, end], ...]) wrapped
  /// in <mark>; `cut(begin, end)` gives the text of a range and `length` is where the
  /// text ends. Ranges out of order or out of bounds are skipped. Text only, no HTML.
  function appendMarked(parent, spans, length, cut) {
    let pos = 0;
    for (const span of spans || []) {
      if (!Array.isArray(span) || span.length !== 2) continue;
      const [begin, end] = span;
      if (!Number.isInteger(begin) || !Number.isInteger(end) || begin < pos || end > length || begin >= end) continue;
      if (begin > pos) parent.appendChild(document.createTextNode(cut(pos, begin)));
      parent.appendChild(el("mark", null, cut(begin, end)));
      pos = end;
    }
    if (pos < length) parent.appendChild(document.createTextNode(cut(pos, length)));
  }

  /// A highlight's passage with its matched words marked: by `spans_utf16` (what
  /// String.slice counts) when the API gives them, else by the UTF-8 byte `spans`.
  function appendHighlighted(parent, h) {
    const text = String(h.text || "");
    if (Array.isArray(h.spans_utf16)) {
      appendMarked(parent, h.spans_utf16, text.length, (b, e) => text.slice(b, e));
      return;
    }
    const bytes = encoder.encode(text);
    appendMarked(parent, h.spans, bytes.length, (b, e) => decoder.decode(bytes.subarray(b, e)));
  }

  /// "research_statement" -> "Research statement": a field the table above lacks.
  function fieldLabel(field) {
    const f = String(field || "");
    if (Object.prototype.hasOwnProperty.call(FIELD_LABELS, f)) return FIELD_LABELS[f];
    const words = f.replace(/[_-]+/g, " ").trim().toLowerCase();
    return words ? words[0].toUpperCase() + words.slice(1) : "";
  }

  /// Case, accents, punctuation and spacing ignored: "eth zurich" = "ETH Zürich".
  function fold(text) {
    return String(text).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  }

  /// An absolute http(s) URL, or null: "javascript:", "data:" and the like never become links.
  function safeHttpUrl(text) {
    if (typeof text !== "string" || text.trim() === "") return null;
    try {
      const url = new URL(text.trim());
      return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
    } catch (e) {
      return null;
    }
  }

  // ---- state <-> URL ---------------------------------------------------------------

  function readState() {
    const p = new URLSearchParams(location.search);
    state.q = p.get("q") || "";
    state.sort = p.get("sort") || "relevance";
    for (const name of TEXT_FACETS) state[name] = unique(p.getAll(name).filter(Boolean));
    state.years = p.get("years") || "";
    state.offset = Math.max(0, parseInt(p.get("offset") || "0", 10) || 0);
    state.profile = p.get("profile") || "";
  }

  function unique(values) {
    return values.filter((v, i) => values.indexOf(v) === i);
  }

  /// The search `s` (the state or a variant of it) describes, as URL parameters;
  /// `forApi` adds the page size and the facet depth the API is asked for.
  function paramsOf(s, forApi) {
    const p = new URLSearchParams();
    if (s.q) p.set("q", s.q);
    if (s.sort && s.sort !== "relevance") p.set("sort", s.sort);
    for (const name of TEXT_FACETS) for (const v of s[name]) p.append(name, v);
    if (s.years) p.set("years", s.years);
    if (s.offset) p.set("offset", String(s.offset));
    if (forApi) {
      p.set("limit", String(PAGE));
      p.set("facet_values", String(FACET_VALUES));
    }
    return p;
  }

  function searchParams(forApi) {
    return paramsOf(state, forApi);
  }

  /// The state with `changes` applied, on its first page and with no profile open.
  function variant(changes) {
    return Object.assign({}, state, { offset: 0, profile: "" }, changes);
  }

  function urlOf(s) {
    const p = paramsOf(s, false);
    if (s.profile) p.set("profile", s.profile);
    const text = p.toString();
    return text ? "?" + text : location.pathname;
  }

  function pageUrl(profileId) {
    return urlOf(Object.assign({}, state, { profile: profileId || "" }));
  }

  function pushState() {
    history.pushState(null, "", pageUrl(state.profile));
  }

  function yearRange() {
    const m = /^(\d{4})?(\.\.)?(\d{4})?$/.exec(state.years);
    if (!m || !state.years) return { from: null, to: null };
    const from = m[1] ? parseInt(m[1], 10) : null;
    const to = m[2] ? (m[3] ? parseInt(m[3], 10) : null) : from;
    return { from, to };
  }

  function setYears(from, to) {
    if (from !== null && to !== null && from > to) [from, to] = [to, from];
    if (from === null && to === null) state.years = "";
    else if (from !== null && from === to) state.years = String(from);
    else state.years = (from !== null ? String(from) : "") + ".." + (to !== null ? String(to) : "");
  }

  /// "2019", "2017–2022", "from 2019", "until 2022": the year filter in words.
  function yearsLabel() {
    const { from, to } = yearRange();
    if (from !== null && from === to) return String(from);
    if (from !== null && to !== null) return from + "–" + to;
    if (from !== null) return "from " + from;
    return to !== null ? "until " + to : state.years;
  }

  /// The filters in force, each with its chip's label and the change that drops it.
  function activeFilters() {
    const out = [];
    for (const name of TEXT_FACETS)
      for (const v of state[name])
        out.push({ facet: name, value: v, label: FACET_LABELS[name] + ": " + v,
                   without: { [name]: state[name].filter((x) => x !== v) } });
    if (state.years) out.push({ facet: "years", value: state.years, label: "Years: " + yearsLabel(), without: { years: "" } });
    return out;
  }

  const NO_FILTERS = { venue: [], institution: [], affiliation: [], years: "" };

  function syncInputs() {
    $("q").value = state.q;
    $("sort").value = state.sort;
    const r = yearRange();
    $("year-from").value = r.from !== null ? String(r.from) : "";
    $("year-to").value = r.to !== null ? String(r.to) : "";
  }

  /// The tab says what is shown: "fault tolerance — cvsearch", a profile's name.
  function updateTitle() {
    const what = state.profile ? shownProfileName
      : state.q || TEXT_FACETS.flatMap((name) => state[name]).join(", ") || (state.years ? yearsLabel() : "");
    document.title = what ? what + " — " + TITLE : TITLE;
  }

  /// Applies `changes` to the state as a new search: first page, in the URL and history.
  function go(changes) {
    Object.assign(state, changes, { offset: 0, profile: "" });
    syncInputs();
    pushState();
    showView();
    search();
  }

  /// A link to the search `changes` make; a plain click runs it in place.
  function searchLink(text, changes, className) {
    const a = el("a", className, text);
    a.href = urlOf(variant(changes));
    a.addEventListener("click", (ev) => {
      if (ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
      ev.preventDefault();
      go(changes);
    });
    return a;
  }

  function plural(n, word) {
    return n + " " + word + (n === 1 ? "" : "s");
  }

  // ---- searching -------------------------------------------------------------------

  function setStatus(text, isError) {
    const s = $("status");
    s.textContent = text;
    s.classList.toggle("error", !!isError);
  }

  async function apiGet(path, signal) {
    const response = await fetch(path, { headers: { Accept: "application/json" }, signal });
    let body = null;
    try {
      body = await response.json();
    } catch (e) {
      body = null;
    }
    if (!response.ok) {
      const msg = body && body.error && body.error.message ? body.error.message : "HTTP " + response.status;
      const err = new Error(msg);
      err.status = response.status;
      throw err;
    }
    return body;
  }

  async function search() {
    const seq = ++searchSeq;
    if (searchAbort) searchAbort.abort();
    searchAbort = new AbortController();
    const signal = searchAbort.signal;
    document.body.dataset.state = "loading";
    setStatus("Searching…");
    updateTitle();
    try {
      const results = await apiGet("api/search?" + searchParams(true).toString(), signal);
      const canonical = await canonicalValues(results, signal);
      if (seq !== searchSeq) return;
      useCanonicalValues(canonical);
      lastResults = results;
      const waysOut = renderResults(results);
      document.body.dataset.state = "ready";
      await countWaysOut(waysOut, signal);
      if (seq !== searchSeq) return;
    } catch (e) {
      if (seq !== searchSeq || e.name === "AbortError") return;
      clear($("results"));
      $("pager").hidden = true;
      $("empty").hidden = true;
      setStatus("Search failed: " + e.message, true);
      document.body.dataset.state = "error";
    }
    document.body.dataset.searchSeq = String(seq);
  }

  // ---- filter values as the index spells them ----------------------------------------

  /// For each institution and venue filter value, the index's canonical value: the
  /// facet lists canonical values, and a URL may give an alias ("UMich" for
  /// "University of Michigan"). Listed as given, or ignoring case and accents, it
  /// is that; otherwise a search with that filter alone tells (probeCanonical).
  async function canonicalValues(results, signal) {
    const out = new Map();  // "facet\nvalue" -> canonical value
    for (const name of TEXT_FACETS) {
      const listed = ((results.facets || {})[name] || []).map((fv) => String(fv.value));
      for (const v of state[name]) {
        const key = name + "\n" + v;
        let c = listed.includes(v) ? v : listed.find((x) => fold(x) === fold(v));
        if (c === undefined) c = canonicalCache.get(key);
        if (c === undefined) {
          c = await probeCanonical(name, v, signal);
          canonicalCache.set(key, c);
        }
        out.set(key, c);
      }
    }
    return out;
  }

  /// The value the index files `value` under, found by a search with that filter
  /// alone: its total is the canonical value's count over the whole index (facet
  /// counts ignore a facet's own filter), and the hits carry the value (their
  /// institution, their top venues), which settles ties. `value` itself when
  /// nothing settles it or nothing matches (the search then warns about it).
  async function probeCanonical(name, value, signal) {
    const p = new URLSearchParams({ [name]: value, limit: "20", facet_values: String(FACET_VALUES) });
    let r;
    try {
      r = await apiGet("api/search?" + p.toString(), signal);
    } catch (e) {
      if (e.name === "AbortError") throw e;
      return value;
    }
    const total = Number(r.total) || 0;
    if (!total) return value;
    const hits = Array.isArray(r.hits) ? r.hits : [];
    const carried = new Map();  // value -> hits that carry it
    for (const h of hits)
      for (const x of name === "venue" ? h.top_venues || [] : [h.institution])
        if (x) carried.set(String(x), (carried.get(String(x)) || 0) + 1);
    const sameCount = ((r.facets || {})[name] || []).filter((fv) => Number(fv.count) === total).map((fv) => String(fv.value));
    const carriedSameCount = sameCount.filter((x) => carried.has(x)).sort((a, b) => carried.get(b) - carried.get(a));
    if (carriedSameCount.length) return carriedSameCount[0];
    if (sameCount.length === 1) return sameCount[0];
    const everyHit = Array.from(carried).filter(([, n]) => n === hits.length).map(([x]) => x);
    return sameCount.length === 0 && total === hits.length && everyHit.length === 1 ? everyHit[0] : value;
  }

  /// Puts the canonical values in the state (and the URL, in place): ticks, chips
  /// and links then name what the index has.
  function useCanonicalValues(canonical) {
    let changed = false;
    for (const name of TEXT_FACETS) {
      const next = unique(state[name].map((v) => canonical.get(name + "\n" + v) || v));
      if (next.join("\n") !== state[name].join("\n")) {
        state[name] = next;
        changed = true;
      }
    }
    if (changed) {
      history.replaceState(null, "", pageUrl(state.profile));
      updateTitle();
    }
  }

  // ---- the results ------------------------------------------------------------------

  /// Renders a result list; returns the empty state's ways out, to be counted.
  function renderResults(r) {
    const hits = Array.isArray(r.hits) ? r.hits : [];
    const total = Number(r.total) || 0;
    if (total === 0) setStatus("0 profiles");
    else {
      const first = state.offset + 1, last = state.offset + hits.length;
      const count = (r.total_is_exact === false ? "about " : "") + plural(total, "profile");
      setStatus(hits.length ? count + " — showing " + first + "–" + last : count);
    }

    // With no results the suggestion is the empty state's first way out; when the
    // server searched it instead (r.searched), a warning says so.
    const sug = $("suggestion");
    if (r.suggestion && total > 0 && r.searched !== r.suggestion) {
      const link = $("suggestion-link");
      link.textContent = r.suggestion;
      link.href = urlOf(variant({ q: r.suggestion }));
      link.dataset.query = r.suggestion;
      sug.hidden = false;
    } else sug.hidden = true;

    renderWarnings(r.warnings);
    renderChips();
    renderUnderstood(r.understood);
    const waysOut = renderEmpty(r);

    const list = $("results");
    clear(list);
    for (const hit of hits) list.appendChild(renderHit(hit, r));

    const pager = $("pager");
    pager.hidden = total <= PAGE && state.offset === 0;
    $("prev").disabled = state.offset === 0;
    $("next").disabled = state.offset + PAGE >= total;
    const pages = Math.max(1, Math.ceil(total / PAGE));
    $("page-info").textContent = "Page " + (Math.floor(state.offset / PAGE) + 1) + " of " + pages;

    const facets = r.facets || {};
    for (const name of TEXT_FACETS) renderFacet(name, facets[name] || []);
    renderHistogram(facets.year || []);
    const n = activeFilters().length;
    $("filters-toggle").textContent = n ? "Filters (" + n + ")" : "Filters";
    $("filters-done").textContent = total ? "Show " + plural(total, "profile") : "Show results";
    return waysOut;
  }

  // `institution "Michgan" is not in the index; did you mean "University of Michigan"?`
  const MISSING_VALUE = /^(institution|affiliation|venue) "(.*)" is not in the index(?:; did you mean (.*)\?)?$/;

  /// The warnings as text; a filter value the index lacks gets its "did you mean"
  /// values as links that put them in its place.
  function renderWarnings(warnings) {
    const ul = $("warnings");
    clear(ul);
    for (const w of warnings || []) {
      const li = el("li", "warning");
      ul.appendChild(li);
      const m = MISSING_VALUE.exec(String(w));
      const meant = m && m[3] ? Array.from(m[3].matchAll(/"([^"]+)"/g), (x) => x[1]) : [];
      if (!m || !meant.length || !state[m[1]].includes(m[2])) {
        li.textContent = String(w);
        continue;
      }
      const [, name, value] = m;
      li.appendChild(document.createTextNode(FACET_LABELS[name] + " “" + value + "” is not in the index; did you mean "));
      meant.forEach((better, i) => {
        if (i) li.appendChild(document.createTextNode(i + 1 === meant.length ? " or " : ", "));
        const replaced = unique(state[name].map((x) => (x === value ? better : x)));
        li.appendChild(searchLink(better, { [name]: replaced }, "meant"));
      });
      li.appendChild(document.createTextNode("?"));
    }
  }

  /// A chip per active filter, each with a remove button, and "Clear all".
  function renderChips() {
    const box = $("chips");
    clear(box);
    const filters = activeFilters();
    box.hidden = filters.length === 0;
    for (const f of filters) {
      const chip = el("span", "chip");
      chip.dataset.facet = f.facet;
      chip.dataset.value = f.value;
      chip.appendChild(el("span", "chip-label", f.label));
      const remove = el("button", "chip-remove", "×");
      remove.type = "button";
      remove.title = "Remove " + f.label;
      remove.setAttribute("aria-label", remove.title);
      remove.addEventListener("click", () => go(f.without));
      chip.appendChild(remove);
      box.appendChild(chip);
    }
    if (filters.length) {
      const all = el("button", "clear-all", "Clear all");
      all.type = "button";
      all.addEventListener("click", () => go(NO_FILTERS));
      box.appendChild(all);
    }
  }

  /// Facet values the query's words name ("Michigan" -> institution "University
  /// of Michigan"): the server ranks them higher; each chip offers to filter on
  /// the value instead (the same filter the facet list sets).
  function renderUnderstood(values) {
    const box = $("understood");
    clear(box);
    const list = Array.isArray(values) ? values.filter((v) => v && typeof v.value === "string" && v.value) : [];
    box.hidden = list.length === 0;
    for (const v of list) {
      const facet = String(v.facet);
      let changes = null;
      if (TEXT_FACETS.includes(facet)) changes = { [facet]: unique(state[facet].concat([v.value])) };
      else if (facet === "year") changes = { years: v.value };
      const chip = el("span", "chip");
      chip.dataset.facet = facet;
      chip.dataset.value = v.value;
      chip.title = "Ranked higher because your query says \u201c" + String(v.words || v.value) + "\u201d";
      chip.appendChild(el("span", "chip-label", facet + ": " + v.value));
      if (changes) {
        const filter = el("button", "chip-filter", "filter");
        filter.type = "button";
        filter.title = "Only profiles with " + facet + " " + v.value;
        filter.setAttribute("aria-label", filter.title);
        filter.addEventListener("click", () => go(changes));
        chip.appendChild(filter);
      }
      box.appendChild(chip);
    }
  }

  /// "fault OR tolerance" for "fault tolerance": any word instead of every word.
  /// Only for plain words; a query with syntax is left to its writer.
  function relaxedQuery(q) {
    const words = q.trim().split(/\s+/).filter(Boolean);
    if (words.length < 2 || /["():*+]/.test(q) || words.some((w) => /^(AND|OR|NOT|-.*)$/.test(w))) return "";
    return words.join(" OR ");
  }

  /// An empty result says why and offers ways out: the spelling suggestion, any
  /// word instead of every word, each filter dropped, every filter dropped.
  /// Returns them for countWaysOut.
  function renderEmpty(r) {
    const box = $("empty");
    const tips = $("empty-tips");
    clear(tips);
    box.hidden = (Number(r.total) || 0) > 0;
    if (box.hidden) return [];
    const filters = activeFilters();
    $("empty-title").textContent = (state.q ? "No profiles match “" + state.q + "”" : "No profiles match") +
      (filters.length ? (state.q ? " with " : " ") + (filters.length === 1 ? "this filter" : "these filters") : "");
    const ways = [];
    const add = (kind, before, text, changes) => {
      const li = el("li", "way");
      li.dataset.kind = kind;
      li.appendChild(document.createTextNode(before));
      li.appendChild(searchLink(text, changes));
      const count = el("span", "count");
      li.appendChild(count);
      tips.appendChild(li);
      ways.push({ li, count, changes });
    };
    if (r.suggestion) add("suggestion", "Search instead for ", String(r.suggestion), { q: String(r.suggestion) });
    const relaxed = relaxedQuery(state.q);
    if (relaxed) add("relax", "Match any of the words: ", relaxed, { q: relaxed });
    for (const f of filters) add("drop", "", "Remove " + f.label, f.without);
    if (filters.length > 1) add("drop-all", "", "Remove all filters", NO_FILTERS);
    if (!ways.length)
      tips.appendChild(el("li", "hint", "Check the spelling, use fewer or broader words, or end a word with * to match its prefix (distrib*)."));
    return ways;
  }

  /// How many profiles each way out finds ("— 3 profiles"), at most PROBES of them.
  async function countWaysOut(ways, signal) {
    await Promise.all(ways.slice(0, PROBES).map(async (w) => {
      const p = paramsOf(variant(w.changes), false);
      p.set("limit", "0");
      p.set("facet_values", "1");
      let n;
      try {
        n = Number((await apiGet("api/search?" + p.toString(), signal)).total) || 0;
      } catch (e) {
        if (e.name === "AbortError") throw e;
        return;  // a way out without its count is still a way out
      }
      w.li.dataset.count = String(n);
      w.count.textContent = " — " + (n ? plural(n, "profile") : "no profiles either");
      w.li.classList.toggle("dead", n === 0);
    }));
    // Once a way out finds something, the ones that find nothing are noise.
    if (ways.some((w) => Number(w.li.dataset.count) > 0))
      for (const w of ways) if (w.li.dataset.count === "0") w.li.hidden = true;
  }

  /// "2014–2024" from the first and the latest publication year, either may be null.
  function activeYears(hit) {
    const a = Number.isInteger(hit.first_year) ? hit.first_year : null;
    const b = Number.isInteger(hit.last_year) ? hit.last_year : null;
    if (a !== null && b !== null) return a === b ? String(a) : a + "–" + b;
    return a !== null ? String(a) : b !== null ? String(b) : "";
  }

  /// A result card: name, position and institution, years active, publication
  /// count, top venues, then the passages that matched. A field the API leaves
  /// out is left out.
  function renderHit(hit, r) {
    const li = el("li", "hit");
    li.dataset.id = String(hit.id);
    const h3 = el("h3");
    const a = el("a", "hit-name", hit.name || hit.id);
    a.href = pageUrl(String(hit.id));
    a.dataset.id = String(hit.id);
    a.addEventListener("click", (ev) => {
      if (ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
      ev.preventDefault();
      openProfile(String(hit.id), true);
    });
    h3.appendChild(a);
    li.appendChild(h3);
    if (hit.position || hit.institution) {
      const p = el("p", "where");
      if (hit.position) p.appendChild(el("span", "position", hit.position));
      if (hit.position && hit.institution) p.appendChild(document.createTextNode(", "));
      if (hit.institution) p.appendChild(el("span", "institution", hit.institution));
      li.appendChild(p);
    }
    const facts = [];
    // Relaxed results (fewer than a page had every word): how many this one has.
    if (r.relaxed && Number.isInteger(hit.words_matched) && hit.words_matched > 0 && Number.isInteger(r.query_words))
      facts.push(el("span", "words", hit.words_matched + "\u00a0of\u00a0" + r.query_words + "\u00a0words"));
    const span = activeYears(hit);
    // No-break spaces keep "Top venues:" and "3 publications" whole on a narrow card.
    if (span) facts.push(el("span", "years", "Active\u00a0" + span));
    if (Number.isInteger(hit.publications) && hit.publications > 0)
      facts.push(el("span", "pubs", plural(hit.publications, "publication").replace(" ", "\u00a0")));
    const venues = Array.isArray(hit.top_venues) ? hit.top_venues.filter(Boolean).map(String) : [];
    if (venues.length) facts.push(el("span", "venues", (venues.length === 1 ? "Top\u00a0venue: " : "Top\u00a0venues: ") + venues.join(", ")));
    if (facts.length) {
      const p = el("p", "facts");
      facts.forEach((f, i) => {
        if (i) p.appendChild(el("span", "sep", " · "));
        p.appendChild(f);
      });
      const years = p.querySelector(".years");
      if (years) years.title = "Years of the first and the latest publication";
      li.appendChild(p);
    }
    for (const h of hit.highlights || []) {
      const p = el("p", "fragment");
      p.dataset.field = String(h.field || "");
      const label = fieldLabel(h.field);
      if (label) p.appendChild(el("span", "field", label));
      appendHighlighted(p, h);
      li.appendChild(p);
    }
    // The person's other files in the index (one person, one result).
    const also = Array.isArray(hit.also) ? hit.also.map(String) : [];
    if (also.length) {
      const p = el("p", "also", "Also: ");
      also.forEach((id, i) => {
        if (i) p.appendChild(document.createTextNode(", "));
        const link = el("a", "also-file", id);
        link.href = pageUrl(id);
        link.addEventListener("click", (ev) => {
          if (ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
          ev.preventDefault();
          openProfile(id, true);
        });
        p.appendChild(link);
      });
      li.appendChild(p);
    }
    return li;
  }

  function renderFacet(name, values) {
    const section = $("facet-" + name);
    const ul = section.querySelector(".facet-values");
    clear(ul);
    const selected = state[name];
    // Ticked values stay visible even when the counts no longer list them.
    const shownValues = values.slice();
    for (const v of selected)
      if (!shownValues.some((fv) => fv.value === v)) shownValues.unshift({ value: v, count: null });
    if (shownValues.length === 0) {
      ul.appendChild(el("li", "empty", "none"));
      return;
    }
    const limit = expanded[name] ? shownValues.length : Math.max(FACET_SHOWN, selected.length);
    shownValues.slice(0, limit).forEach((fv) => {
      const li = el("li");
      const label = el("label");
      const box = el("input");
      box.type = "checkbox";
      box.value = String(fv.value);
      box.dataset.facet = name;
      box.checked = selected.includes(String(fv.value));
      box.addEventListener("change", () => {
        const v = box.value;
        go({ [name]: box.checked ? state[name].concat([v]) : state[name].filter((x) => x !== v) });
      });
      label.appendChild(box);
      label.appendChild(el("span", "name", fv.value));
      label.appendChild(el("span", "count", fv.count === null ? "" : fv.count));
      li.appendChild(label);
      ul.appendChild(li);
    });
    if (shownValues.length > limit || expanded[name]) {
      const li = el("li");
      const more = el("button", "more", expanded[name] ? "Show fewer" : "Show all " + shownValues.length);
      more.type = "button";
      more.addEventListener("click", () => {
        expanded[name] = !expanded[name];
        if (lastResults) renderFacet(name, (lastResults.facets || {})[name] || []);
      });
      li.appendChild(more);
      ul.appendChild(li);
    }
  }

  function renderHistogram(values) {
    const box = $("year-histogram");
    clear(box);
    const counts = new Map();
    for (const v of values) {
      const y = parseInt(v.value, 10);
      if (Number.isInteger(y)) counts.set(y, Number(v.count) || 0);
    }
    const range = yearRange();
    if (range.from !== null) counts.set(range.from, counts.get(range.from) || 0);
    if (range.to !== null) counts.set(range.to, counts.get(range.to) || 0);
    if (counts.size === 0) {
      $("year-axis-min").textContent = "";
      $("year-axis-max").textContent = "";
      box.appendChild(el("span", "empty", "no years"));
      return;
    }
    const years = Array.from(counts.keys()).sort((a, b) => a - b);
    let min = years[0];
    const max = years[years.length - 1];
    if (max - min > 80) min = max - 80;  // keep the bars clickable
    const top = Math.max(1, ...counts.values());
    for (let y = min; y <= max; y++) {
      const count = counts.get(y) || 0;
      const bar = el("button", "bar");
      bar.type = "button";
      bar.dataset.year = String(y);
      bar.title = y + ": " + count + (count === 1 ? " profile" : " profiles");
      bar.setAttribute("aria-label", bar.title);
      if (count === 0) bar.classList.add("zero");
      const inRange = (range.from !== null || range.to !== null) &&
        (range.from === null || y >= range.from) && (range.to === null || y <= range.to);
      if (inRange) bar.classList.add("in-range");
      const fill = el("span", "fill");
      fill.style.height = Math.round((count / top) * 100) + "%";  // CSSOM: allowed by the CSP
      bar.appendChild(fill);
      bar.addEventListener("click", () => onBarClick(y));
      box.appendChild(bar);
    }
    $("year-axis-min").textContent = String(min);
    $("year-axis-max").textContent = String(max);
  }

  /// A click on a bar selects that year; a click on another bar while one year
  /// is selected extends the range to it; a click on the only selected year clears.
  function onBarClick(year) {
    const r = yearRange();
    if (r.from !== null && r.from === r.to) {
      if (year === r.from) setYears(null, null);
      else setYears(Math.min(year, r.from), Math.max(year, r.from));
    } else setYears(year, year);
    go({});
  }

  // ---- the profile view ------------------------------------------------------------

  function section(parent, title) {
    parent.appendChild(el("h3", null, title));
  }

  function list(parent, items, className) {
    const ul = el("ul", className);
    for (const item of items) ul.appendChild(typeof item === "string" ? el("li", null, item) : item);
    parent.appendChild(ul);
  }

  function years(a) {
    const start = a.start_year, end = a.end_year;
    if (start && end) return start + "–" + end;
    if (start) return start + (a.current ? "–present" : "");
    if (end) return "until " + end;
    return a.current ? "current" : "";
  }

  function renderProfile(p) {
    const body = $("profile-body");
    clear(body);
    body.appendChild(el("h2", "profile-name", p.name || p.id));
    shownProfileName = String(p.name || p.id);
    updateTitle();
    if (p.headline) body.appendChild(el("p", "headline", p.headline));
    const home = safeHttpUrl(p.homepage);
    if (home) {
      const a = el("a", "homepage", p.homepage);
      a.href = home;
      a.rel = "noopener noreferrer nofollow ugc";
      const para = el("p", "homepage-line");
      para.appendChild(a);
      body.appendChild(para);
    } else if (p.homepage) {
      body.appendChild(el("p", "homepage-text meta", p.homepage));
    }
    if (Array.isArray(p.emails) && p.emails.length) body.appendChild(el("p", "emails meta", p.emails.join(", ")));
    if (Array.isArray(p.interests) && p.interests.length) {
      section(body, "Interests");
      list(body, p.interests.map(String), "tags");
    }
    if (Array.isArray(p.affiliations) && p.affiliations.length) {
      section(body, "Affiliations");
      list(body, p.affiliations.map((a) => {
        const li = el("li");
        li.appendChild(el("span", "institution", a.institution || a.institution_raw || ""));
        const meta = [a.role, years(a)].filter(Boolean).join(", ");
        if (meta) li.appendChild(el("span", "meta", " — " + meta));
        return li;
      }));
    }
    if (Array.isArray(p.publications) && p.publications.length) {
      section(body, "Publications (" + p.publications.length + ")");
      list(body, p.publications.map((pub) => {
        const li = el("li");
        li.appendChild(el("span", "title", pub.title || "(untitled)"));
        const meta = [pub.venue || pub.venue_raw, pub.year, pub.kind && pub.kind !== "conference" ? pub.kind : ""]
          .filter((x) => x !== null && x !== undefined && x !== "").join(", ");
        if (meta) li.appendChild(el("span", "meta", " — " + meta));
        if (Array.isArray(pub.authors) && pub.authors.length) li.appendChild(el("div", "meta", pub.authors.join(", ")));
        return li;
      }));
    }
    if (Array.isArray(p.awards) && p.awards.length) {
      section(body, "Awards");
      list(body, p.awards.map(String));
    }
    if (Array.isArray(p.skills) && p.skills.length) {
      section(body, "Skills");
      list(body, p.skills.map(String), "tags");
    }
    if (Array.isArray(p.sections) && p.sections.length) {
      const details = el("details", "cv-text");
      details.appendChild(el("summary", null, "Full CV text"));
      for (const s of p.sections) {
        if (s.heading) details.appendChild(el("h4", null, s.heading));
        const para = el("p", "section-text", s.text || "");
        para.classList.add("pre");
        details.appendChild(para);
      }
      body.appendChild(details);
    }
    body.appendChild(el("p", "meta profile-id", "id: " + p.id));
  }

  async function openProfile(id, push) {
    state.profile = id;
    shownProfileName = "";
    if (push) pushState();
    showView();
    const body = $("profile-body");
    clear(body);
    body.appendChild(el("p", "status", "Loading…"));
    document.body.dataset.profileState = "loading";
    try {
      const path = "api/profiles/" + id.split("/").map(encodeURIComponent).join("/");
      const response = await fetch(path, { headers: { Accept: "application/json" } });
      const p = await response.json().catch(() => null);
      if (state.profile !== id) return;
      if (!response.ok) throw new Error(p && p.error ? p.error.message : "HTTP " + response.status);
      renderProfile(p);
      document.body.dataset.profileState = "ready";
      $("back").focus();
    } catch (e) {
      if (state.profile !== id) return;
      clear(body);
      body.appendChild(el("p", "status error", "Could not load this profile: " + e.message));
      document.body.dataset.profileState = "error";
    }
  }

  function showView() {
    const open = !!state.profile;
    $("profile").hidden = !open;
    document.body.classList.toggle("profile-open", open);
    if (open) setFiltersOpen(false);
    updateTitle();
  }

  /// Narrow screens: the facets are a panel over the results, opened by "Filters".
  function setFiltersOpen(open) {
    document.body.classList.toggle("filters-open", open);
    $("filters-toggle").setAttribute("aria-expanded", String(open));
  }

  // ---- wiring ----------------------------------------------------------------------

  function init() {
    readState();
    syncInputs();
    showView();

    $("search-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      go({ q: $("q").value.trim() });
    });
    $("sort").addEventListener("change", () => {
      go({ sort: $("sort").value });
    });
    const yearInput = () => {
      const parse = (v) => (/^\d{4}$/.test(v.trim()) ? parseInt(v, 10) : null);
      setYears(parse($("year-from").value), parse($("year-to").value));
      go({});
    };
    $("year-from").addEventListener("change", yearInput);
    $("year-to").addEventListener("change", yearInput);
    $("year-clear").addEventListener("click", () => {
      go({ years: "" });
    });
    $("prev").addEventListener("click", () => {
      state.offset = Math.max(0, state.offset - PAGE);
      pushState();
      search();
      window.scrollTo(0, 0);
    });
    $("next").addEventListener("click", () => {
      state.offset += PAGE;
      pushState();
      search();
      window.scrollTo(0, 0);
    });
    $("suggestion-link").addEventListener("click", (ev) => {
      ev.preventDefault();
      go({ q: ev.currentTarget.dataset.query || "" });
    });
    $("filters-toggle").addEventListener("click", () => {
      const open = !document.body.classList.contains("filters-open");
      setFiltersOpen(open);
      if (open) $("filters-done").focus();
    });
    $("filters-done").addEventListener("click", () => {
      setFiltersOpen(false);
      $("filters-toggle").focus();
    });
    document.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && document.body.classList.contains("filters-open")) {
        setFiltersOpen(false);
        $("filters-toggle").focus();
      }
    });
    $("back").addEventListener("click", () => {
      state.profile = "";
      pushState();
      showView();
      if (!lastResults) search();
    });
    window.addEventListener("popstate", () => {
      const before = searchParams(false).toString();
      readState();
      syncInputs();
      showView();
      if (searchParams(false).toString() !== before || !lastResults) search();
      if (state.profile) openProfile(state.profile, false);
    });

    search();
    if (state.profile) openProfile(state.profile, false);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
