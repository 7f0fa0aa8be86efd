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
  const FIELD_LABELS = {
    title: "Publication", interests: "Interests", headline: "Headline", skills: "Skills",
    affiliation: "Affiliation", award: "Award", name: "Name",
  };

  const $ = (id) => document.getElementById(id);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  const state = { q: "", sort: "relevance", venue: [], institution: [], years: "", offset: 0, profile: "" };
  let lastResults = null;
  let searchSeq = 0;
  let searchAbort = null;
  const expanded = { institution: false, venue: false };

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

  /// Appends `text` to `parent` with the byte ranges `spans` ([[begin, end], ...],
  /// UTF-8 offsets as the API gives them) wrapped in <mark>. Text only, no HTML.
  function appendHighlighted(parent, text, spans) {
    const bytes = encoder.encode(String(text));
    let pos = 0;
    for (const span of spans || []) {
      if (!Array.isArray(span) || span.length !== 2) continue;
      const [begin, end] = span;
      if (!Number.isInteger(begin) || !Number.isInteger(end) || begin < pos || end > bytes.length || begin >= end) continue;
      if (begin > pos) parent.appendChild(document.createTextNode(decoder.decode(bytes.subarray(pos, begin))));
      parent.appendChild(el("mark", null, decoder.decode(bytes.subarray(begin, end))));
      pos = end;
    }
    if (pos < bytes.length) parent.appendChild(document.createTextNode(decoder.decode(bytes.subarray(pos))));
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
    state.venue = p.getAll("venue").filter(Boolean);
    state.institution = p.getAll("institution").filter(Boolean);
    state.years = p.get("years") || "";
    state.offset = Math.max(0, parseInt(p.get("offset") || "0", 10) || 0);
    state.profile = p.get("profile") || "";
  }

  function searchParams(forApi) {
    const p = new URLSearchParams();
    if (state.q) p.set("q", state.q);
    if (state.sort && state.sort !== "relevance") p.set("sort", state.sort);
    for (const v of state.venue) p.append("venue", v);
    for (const v of state.institution) p.append("institution", v);
    if (state.years) p.set("years", state.years);
    if (state.offset) p.set("offset", String(state.offset));
    if (forApi) {
      p.set("limit", String(PAGE));
      p.set("facet_values", String(FACET_VALUES));
    }
    return p;
  }

  function pageUrl(profileId) {
    const p = searchParams(false);
    if (profileId) p.set("profile", profileId);
    const s = p.toString();
    return s ? "?" + s : location.pathname;
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

  function syncInputs() {
    $("q").value = state.q;
    $("sort").value = state.sort;
    const r = yearRange();
    $("year-from").value = r.from !== null ? String(r.from) : "";
    $("year-to").value = r.to !== null ? String(r.to) : "";
  }

  // ---- searching -------------------------------------------------------------------

  function setStatus(text, isError) {
    const s = $("status");
    s.textContent = text;
    s.classList.toggle("error", !!isError);
  }

  async function apiGet(path) {
    const response = await fetch(path, { headers: { Accept: "application/json" }, signal: searchAbort ? searchAbort.signal : undefined });
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
    document.body.dataset.state = "loading";
    setStatus("Searching…");
    try {
      const results = await apiGet("api/search?" + searchParams(true).toString());
      if (seq !== searchSeq) return;
      lastResults = results;
      renderResults(results);
      document.body.dataset.state = "ready";
    } catch (e) {
      if (seq !== searchSeq || e.name === "AbortError") return;
      clear($("results"));
      $("pager").hidden = true;
      setStatus("Search failed: " + e.message, true);
      document.body.dataset.state = "error";
    }
    document.body.dataset.searchSeq = String(seq);
  }

  function renderResults(r) {
    const hits = Array.isArray(r.hits) ? r.hits : [];
    const total = Number(r.total) || 0;
    if (total === 0) setStatus("No profiles match.");
    else {
      const first = state.offset + 1, last = state.offset + hits.length;
      const count = (r.total_is_exact === false ? "about " : "") + total + (total === 1 ? " profile" : " profiles");
      setStatus(hits.length ? count + " — showing " + first + "–" + last : count);
    }

    const sug = $("suggestion");
    if (r.suggestion) {
      const link = $("suggestion-link");
      link.textContent = r.suggestion;
      const saved = state.q;
      state.q = r.suggestion;
      link.href = pageUrl("");
      state.q = saved;
      link.dataset.query = r.suggestion;
      sug.hidden = false;
    } else sug.hidden = true;

    const warnings = $("warnings");
    clear(warnings);
    for (const w of r.warnings || []) warnings.appendChild(el("li", null, w));

    const list = $("results");
    clear(list);
    for (const hit of hits) list.appendChild(renderHit(hit));

    const pager = $("pager");
    pager.hidden = total <= PAGE && state.offset === 0;
    $("prev").disabled = state.offset === 0;
    $("next").disabled = state.offset + PAGE >= total;
    const pages = Math.max(1, Math.ceil(total / PAGE));
    $("page-info").textContent = "Page " + (Math.floor(state.offset / PAGE) + 1) + " of " + pages;

    const facets = r.facets || {};
    renderFacet("institution", facets.institution || []);
    renderFacet("venue", facets.venue || []);
    renderHistogram(facets.year || []);
  }

  function renderHit(hit) {
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
    if (hit.institution) li.appendChild(el("p", "institution", hit.institution));
    for (const h of hit.highlights || []) {
      const p = el("p", "fragment");
      p.appendChild(el("span", "field", FIELD_LABELS[h.field] || h.field));
      appendHighlighted(p, h.text || "", h.spans);
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
      if (!shownValues.some((fv) => fv.value === v)) shownValues.unshift({ value: v, count: 0 });
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
        const list = state[name];
        const v = box.value;
        state[name] = box.checked ? list.concat([v]) : list.filter((x) => x !== v);
        state.offset = 0;
        state.profile = "";
        pushState();
        showView();
        search();
      });
      label.appendChild(box);
      label.appendChild(el("span", "name", fv.value));
      label.appendChild(el("span", "count", fv.count));
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
    state.offset = 0;
    state.profile = "";
    syncInputs();
    pushState();
    showView();
    search();
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
  }

  // ---- wiring ----------------------------------------------------------------------

  function newSearch() {
    state.offset = 0;
    state.profile = "";
    pushState();
    showView();
    search();
  }

  function init() {
    readState();
    syncInputs();
    showView();

    $("search-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      state.q = $("q").value.trim();
      newSearch();
    });
    $("sort").addEventListener("change", () => {
      state.sort = $("sort").value;
      newSearch();
    });
    const yearInput = () => {
      const parse = (v) => (/^\d{4}$/.test(v.trim()) ? parseInt(v, 10) : null);
      setYears(parse($("year-from").value), parse($("year-to").value));
      newSearch();
    };
    $("year-from").addEventListener("change", yearInput);
    $("year-to").addEventListener("change", yearInput);
    $("year-clear").addEventListener("click", () => {
      setYears(null, null);
      syncInputs();
      newSearch();
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
      state.q = ev.currentTarget.dataset.query || "";
      syncInputs();
      newSearch();
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
