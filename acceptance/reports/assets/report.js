"use strict";
// Sorting by a click on a heading, finding by name, and each diff filled in when opened.
const diffs = JSON.parse(document.getElementById("diffs").textContent);

function sortKey(cell, numeric) {
  const value = cell.dataset.value !== undefined ? cell.dataset.value : cell.textContent;
  return numeric ? parseFloat(value) : value.toLowerCase();
}

function sortBy(heading) {
  const table = heading.closest("table");
  const column = Array.from(heading.parentNode.children).indexOf(heading);
  const numeric = heading.dataset.sort === "number";
  const ascending = heading.getAttribute("aria-sort") !== "ascending";
  table.querySelectorAll("th").forEach((th) => th.removeAttribute("aria-sort"));
  heading.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  rows.sort((a, b) => {
    const x = sortKey(a.cells[column], numeric);
    const y = sortKey(b.cells[column], numeric);
    const order = numeric ? x - y : x.localeCompare(y);
    return ascending ? order : -order;
  });
  rows.forEach((row) => body.appendChild(row));
}

function find(text) {
  const wanted = text.trim().toLowerCase();
  let shown = 0;
  document.querySelectorAll("tr[data-name]").forEach((row) => {
    const keep = row.dataset.name.includes(wanted);
    row.classList.toggle("hidden", !keep);
    shown += keep && !row.classList.contains("cause") ? 1 : 0;
  });
  document.getElementById("shown").textContent = wanted ? `${shown} shown` : "";
}

document.querySelectorAll("th[data-sort]").forEach((heading) => {
  heading.tabIndex = 0;
  heading.title = "sort by this column";
  heading.addEventListener("click", () => sortBy(heading));
  heading.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      sortBy(heading);
    }
  });
});
document.getElementById("search").addEventListener("input", (event) => find(event.target.value));
document.addEventListener(
  "toggle",
  (event) => {
    const section = event.target;
    if (section.open && section.dataset && section.dataset.diff !== undefined) {
      const pre = section.querySelector("pre");
      if (!pre.textContent) pre.textContent = diffs[Number(section.dataset.diff)];
    }
  },
  true,
);
