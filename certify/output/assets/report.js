// The batch page of certify --html: filter questions by status and by text.
// The address can set the filter: report.html#status=open,forced&q=ana (and &open expands
// every file and question).  With #selftest the page checks its own filter and writes the
// result into <pre id="selftest"> (the browser test reads it with --dump-dom).
"use strict";

function questions() { return Array.from(document.querySelectorAll(".question")); }
function files() { return Array.from(document.querySelectorAll(".file")); }

function wanted() {
  const boxes = document.querySelectorAll(".controls input[type=checkbox]");
  return new Set(Array.from(boxes).filter((b) => b.checked).map((b) => b.value));
}

function applyFilter() {
  const statuses = wanted();
  const query = document.getElementById("search").value.trim().toLowerCase();
  let shown = 0;
  for (const row of questions()) {
    const visible = statuses.has(row.dataset.status) &&
      (query === "" || row.dataset.search.includes(query));
    row.hidden = !visible;
    shown += visible ? 1 : 0;
  }
  for (const file of files()) {
    const rows = file.querySelectorAll(".question");
    const own = file.dataset.status === "error" && statuses.has("error") &&
      (query === "" || file.dataset.search.includes(query));
    file.hidden = !own && !Array.from(rows).some((row) => !row.hidden);
  }
  document.getElementById("shown").textContent =
    `showing ${shown} of ${questions().length} questions`;
}

function setFilter(statuses, query) {
  for (const box of document.querySelectorAll(".controls input[type=checkbox]")) {
    box.checked = statuses.includes(box.value);
  }
  document.getElementById("search").value = query;
  applyFilter();
}

function selfTest() {
  const all = ["forced", "open", "contradictory", "unresolved", "error"];
  const problems = [];
  const rows = questions();
  const counts = {};
  for (const status of all) {
    setFilter([status], "");
    const visible = rows.filter((r) => !r.hidden);
    counts[status] = visible.length;
    if (visible.some((r) => r.dataset.status !== status)) {
      problems.push(`filter ${status} shows other statuses`);
    }
    if (visible.length !== rows.filter((r) => r.dataset.status === status).length) {
      problems.push(`filter ${status} hides some of its rows`);
    }
  }
  const probe = rows.length ? rows[0].dataset.search.split(" ")[0] : "";
  setFilter(all, probe);
  const matched = rows.filter((r) => !r.hidden);
  if (rows.length && (matched.length === 0 || matched.some((r) => !r.dataset.search.includes(probe)))) {
    problems.push(`search ${probe} is wrong`);
  }
  if (files().length > 1 && matched.length >= rows.length) {
    problems.push(`search ${probe} hides nothing`);
  }
  setFilter(all, "");
  const hiddenFiles = files().filter((f) => f.hidden).length;
  if (hiddenFiles) { problems.push(`${hiddenFiles} files stay hidden after the reset`); }
  return { ok: problems.length === 0 && window.pageErrors.length === 0, problems,
           errors: window.pageErrors, rows: rows.length, files: files().length, counts,
           search: { query: probe, matched: matched.length } };
}

document.addEventListener("DOMContentLoaded", () => {
  for (const control of document.querySelectorAll(".controls input")) {
    control.addEventListener("input", applyFilter);
  }
  const asked = new URLSearchParams(location.hash.slice(1));
  if (asked.has("status") || asked.has("q")) {
    const all = Array.from(document.querySelectorAll(".controls input[type=checkbox]"));
    const statuses = asked.has("status") ? asked.get("status").split(",") : all.map((b) => b.value);
    setFilter(statuses, asked.get("q") || "");
  }
  if (asked.has("open")) {
    for (const part of document.querySelectorAll("details")) { part.open = true; }
  }
  applyFilter();
  if (asked.has("selftest")) {
    const out = document.getElementById("selftest");
    let result;
    try { result = selfTest(); } catch (error) { result = { ok: false, errors: [String(error)] }; }
    out.textContent = JSON.stringify(result);
    out.hidden = false;
  }
});
