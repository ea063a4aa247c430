// The CommerceKit sandbox console. Plain JavaScript, no libraries: it polls the sandbox's own JSON routes
// and builds every element with createElement + textContent, never innerHTML, because request bodies and
// record fields are whatever a client sent (a "<script>" in an order id must stay text).
"use strict";

const POLL_MS = 1000;
const JOURNAL_LIMIT = 200;
const PAGE_SIZE = 10;

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

async function api(method, path, body) {
  const options = { method: method, headers: { "Accept": "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const text = await response.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch (_) { json = text; }
  if (!response.ok) {
    // Envelopes differ by service: {"error":{…}}, {"error":"code","message"} or {"errors":[{"message"}]}.
    let message = response.status + " " + text;
    if (json && Array.isArray(json.errors) && json.errors.length > 0) {
      message = json.errors.map((entry) => entry.message || JSON.stringify(entry)).join("; ");
    } else if (json && json.error) {
      message = typeof json.error === "string" ? (json.message || json.error) : (json.error.message || JSON.stringify(json.error));
    }
    throw new Error(message);
  }
  return json;
}

function say(message, isError) {
  const status = document.getElementById("control-status");
  status.textContent = message;
  status.className = isError ? "error" : "";
}

function pretty(value) {
  if (value === null || value === undefined) return "(none)";
  if (typeof value === "string") return value;
  return JSON.stringify(value, null, 2);
}

// A value from an object by a dotted key (`customer.name`).
function pick(object, key) {
  return key.split(".").reduce((value, part) => (value === null || value === undefined ? value : value[part]), object);
}

// ---- Journal ----------------------------------------------------------------------------------------

const journal = { cursor: 0, rows: [], selected: null, generation: 0 };

function journalQuery() {
  const form = document.getElementById("journal-filter");
  const params = new URLSearchParams({ view: "summary", limit: String(JOURNAL_LIMIT) });
  const service = form.elements.service.value;
  const status = form.elements.status.value;
  const path = form.elements.path.value.trim();
  if (service) params.set("service", service);
  if (status) params.set("status", status);
  // The journal reads `path` as a prefix, or as a glob with `*`: "contains" is a glob around the text.
  if (path) params.set("path", path.startsWith("/") && !path.includes("*") ? path : "*" + path.replace(/^\*|\*$/g, "") + "*");
  return params;
}

function journalRow(entry) {
  const row = el("tr");
  row.dataset.id = String(entry.id);
  row.tabIndex = 0;
  row.appendChild(el("td", (entry.time || "").replace("T", " ").replace("Z", ""), "mono nowrap"));
  row.appendChild(el("td", entry.service || "—"));
  row.appendChild(el("td", entry.method, "mono"));
  row.appendChild(el("td", entry.path + (entry.query ? "?" + entry.query : ""), "mono path"));
  const status = el("td", entry.dropped ? entry.status + " (dropped)" : entry.status, "mono status s" + String(entry.status)[0]);
  row.appendChild(status);
  row.appendChild(el("td", entry.duration_ms, "mono"));
  row.addEventListener("click", () => showEntry(entry.id));
  row.addEventListener("keydown", (event) => { if (event.key === "Enter") showEntry(entry.id); });
  if (journal.selected === entry.id) row.classList.add("selected");
  return row;
}

async function pollJournal(fresh) {
  const generation = fresh ? ++journal.generation : journal.generation;
  const params = journalQuery();
  if (!fresh && journal.cursor > 0) params.set("after", String(journal.cursor));
  let answer;
  try {
    answer = await api("GET", "/sandbox/requests?" + params.toString());
  } catch (error) {
    say("Journal: " + error.message, true);
    return;
  }
  if (generation !== journal.generation) return; // the filter changed while this poll was out
  journal.cursor = answer.cursor;
  const body = document.getElementById("journal-rows");
  if (fresh) {
    journal.rows = answer.requests;
  } else if (answer.requests.length > 0) {
    const known = new Set(journal.rows.map((entry) => entry.id));
    const added = answer.requests.filter((entry) => !known.has(entry.id));
    journal.rows = added.concat(journal.rows).sort((a, b) => b.id - a.id).slice(0, JOURNAL_LIMIT);
  } else {
    return;
  }
  clear(body);
  const fragment = document.createDocumentFragment();
  for (const entry of journal.rows) fragment.appendChild(journalRow(entry));
  body.appendChild(fragment);
}

async function showEntry(id) {
  journal.selected = id;
  for (const row of document.querySelectorAll("#journal-rows tr")) {
    row.classList.toggle("selected", row.dataset.id === String(id));
  }
  const detail = document.getElementById("journal-detail");
  let entry;
  try {
    entry = await api("GET", "/sandbox/requests/" + encodeURIComponent(id));
  } catch (error) {
    say("Request " + id + ": " + error.message, true);
    return;
  }
  detail.hidden = false;
  document.getElementById("detail-title").textContent = entry.method + " " + entry.path;
  document.getElementById("detail-meta").textContent =
    "#" + entry.id + " · " + (entry.service || "no service") + " · status " + entry.status + " · " + entry.duration_ms +
    " ms · " + entry.time + (entry.dropped ? " · connection dropped" : "");
  document.getElementById("detail-curl").textContent = entry.curl || "";
  document.getElementById("detail-request-headers").textContent = pretty(entry.request.headers);
  document.getElementById("detail-request-body").textContent = pretty(entry.request.body);
  document.getElementById("detail-response-headers").textContent = pretty(entry.response.headers);
  document.getElementById("detail-response-body").textContent = pretty(entry.response.body);
}

// ---- State panels -----------------------------------------------------------------------------------

const panels = [];

function buildPanels() {
  let config = [];
  try { config = JSON.parse(document.getElementById("panel-config").textContent); } catch (_) { config = []; }
  const container = document.getElementById("panels");
  for (const panel of config) {
    const box = el("details", null, "panel");
    box.open = true;
    box.dataset.service = panel.service;
    box.id = "panel-" + panel.route.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
    box.appendChild(el("summary", panel.service + " · " + panel.title));
    const scroll = el("div", null, "scroll");
    const table = el("table");
    const head = el("tr");
    for (const column of panel.columns) head.appendChild(el("th", column.label));
    if (panel.actions.length > 0) head.appendChild(el("th", "Actions"));
    const thead = el("thead");
    thead.appendChild(head);
    table.appendChild(thead);
    const tbody = el("tbody");
    table.appendChild(tbody);
    scroll.appendChild(table);
    box.appendChild(scroll);
    const pager = el("p", null, "pager");
    const previous = el("button", "‹ Newer");
    const next = el("button", "Older ›");
    const where = el("span");
    previous.type = next.type = "button";
    pager.append(previous, " ", where, " ", next);
    box.appendChild(pager);
    container.appendChild(box);
    const state = { panel: panel, tbody: tbody, where: where, previous: previous, next: next, offset: 0, total: 0, box: box };
    previous.addEventListener("click", () => { state.offset = Math.max(0, state.offset - PAGE_SIZE); loadPanel(state); });
    next.addEventListener("click", () => { state.offset += PAGE_SIZE; loadPanel(state); });
    panels.push(state);
  }
}

function fillRoute(template, item) {
  return template.replace(/\{([A-Za-z0-9_.]+)\}/g, (_, key) => encodeURIComponent(String(pick(item, key) ?? "")));
}

async function loadPanel(state) {
  if (!state.box.open) return;
  let page;
  try {
    page = await api("GET", state.panel.route + "?limit=" + PAGE_SIZE + "&offset=" + state.offset);
  } catch (error) {
    state.where.textContent = "could not load: " + error.message;
    return;
  }
  state.total = page.total;
  // Redraw only when something changed, so a button is not replaced under the pointer every second.
  const signature = JSON.stringify(page);
  if (signature === state.signature) return;
  state.signature = signature;
  const fragment = document.createDocumentFragment();
  for (const item of page.items) {
    const row = el("tr");
    for (const column of state.panel.columns) {
      const value = pick(item, column.key);
      row.appendChild(el("td", value === null || value === undefined ? "" : (typeof value === "object" ? JSON.stringify(value) : value), "mono"));
    }
    if (state.panel.actions.length > 0) {
      const cell = el("td", null, "actions");
      for (const action of state.panel.actions) {
        const button = el("button", action.label);
        button.type = "button";
        button.addEventListener("click", async () => {
          try {
            const answer = await api("POST", fillRoute(action.route, item), action.body || {});
            say(action.label + ": done" + (answer && answer.name ? " (order " + answer.name + ")" : ""));
          } catch (error) {
            say(action.label + ": " + error.message, true);
          }
          loadPanel(state);
        });
        cell.appendChild(button);
      }
      row.appendChild(cell);
    }
    fragment.appendChild(row);
  }
  clear(state.tbody);
  state.tbody.appendChild(fragment);
  const last = Math.min(page.offset + page.items.length, page.total);
  state.where.textContent = page.total === 0 ? "none yet" : (page.offset + 1) + "–" + last + " of " + page.total;
  state.previous.disabled = page.offset === 0;
  state.next.disabled = last >= page.total;
}

function refreshPanels() {
  for (const state of panels) loadPanel(state);
}

// ---- Controls ---------------------------------------------------------------------------------------

async function refreshClock() {
  try {
    const clock = await api("GET", "/sandbox/clock");
    document.getElementById("clock-now").textContent =
      clock.now + (clock.frozen ? " (frozen)" : "") + (clock.offset_seconds ? " · offset " + clock.offset_seconds + " s" : "");
    const freeze = document.getElementById("clock-freeze");
    freeze.textContent = clock.frozen ? "Unfreeze" : "Freeze";
    freeze.dataset.frozen = clock.frozen ? "1" : "";
  } catch (error) {
    document.getElementById("clock-now").textContent = "clock: " + error.message;
  }
}

async function refreshFaults() {
  const list = document.getElementById("fault-list");
  let answer;
  try { answer = await api("GET", "/sandbox/faults"); } catch (error) { say("Faults: " + error.message, true); return; }
  clear(list);
  if (answer.faults.length === 0) list.appendChild(el("li", "no faults"));
  for (const fault of answer.faults) {
    const item = el("li");
    const what = (fault.method || "any") + " " + fault.path + " → " + (fault.status || "") +
      (fault.delay_ms ? " after " + fault.delay_ms + " ms" : "") + (fault.drop ? " drop " + fault.drop : "") +
      (fault.mode === "after" ? " after commit" : "") + " (" + fault.count + " left)";
    item.appendChild(el("span", what));
    const remove = el("button", "Remove");
    remove.type = "button";
    remove.addEventListener("click", () => control(() => api("DELETE", "/sandbox/faults/" + encodeURIComponent(fault.id)), "Fault removed"));
    item.append(" ", remove);
    list.appendChild(item);
  }
}

async function control(action, done) {
  try {
    await action();
    say(done);
  } catch (error) {
    say(error.message, true);
  }
  refreshClock();
  refreshFaults();
  refreshPanels();
}

function wireControls() {
  document.getElementById("clock-advance").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    const amount = Number(form.elements.amount.value);
    const body = form.elements.unit.value === "days" ? { days: amount } : { seconds: amount };
    control(() => api("POST", "/sandbox/clock/advance", body), "Clock advanced");
  });
  document.getElementById("clock-set").addEventListener("submit", (event) => {
    event.preventDefault();
    const now = event.target.elements.now.value.trim();
    control(() => api("POST", "/sandbox/clock", { now: now }), "Clock set");
  });
  document.getElementById("clock-freeze").addEventListener("click", (event) => {
    const frozen = event.target.dataset.frozen === "1";
    control(() => api("POST", "/sandbox/clock", { frozen: !frozen }), frozen ? "Clock running" : "Clock frozen");
  });
  document.getElementById("clock-real").addEventListener("click", () => control(() => api("DELETE", "/sandbox/clock"), "Clock back to real time"));
  document.getElementById("fault-add").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    const rule = { path: form.elements.path.value.trim(), count: Number(form.elements.count.value || 1) };
    if (form.elements.method.value) rule.method = form.elements.method.value;
    if (form.elements.status.value) rule.status = Number(form.elements.status.value);
    control(() => api("POST", "/sandbox/faults", rule), "Fault added");
  });
  document.getElementById("fault-clear").addEventListener("click", () => control(() => api("DELETE", "/sandbox/faults"), "Faults cleared"));
  document.getElementById("reset-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const service = event.target.elements.service.value;
    if (!window.confirm("Reset " + (service || "every service") + "? Its data is re-seeded and its journal cleared.")) return;
    control(() => api("POST", "/sandbox/reset" + (service ? "?service=" + encodeURIComponent(service) : "")), "Reset " + (service || "every service"))
      .then(() => pollJournal(true));
  });
  document.getElementById("credentials-copy").addEventListener("click", copyCredentials);
  const filter = document.getElementById("journal-filter");
  filter.addEventListener("input", () => pollJournal(true));
  filter.addEventListener("submit", (event) => event.preventDefault());
}

async function copyCredentials() {
  const status = document.getElementById("credentials-status");
  const shown = document.getElementById("credentials");
  let text;
  try { text = JSON.stringify(await api("GET", "/sandbox/credentials"), null, 2); } catch (error) { status.textContent = error.message; return; }
  shown.textContent = text;
  shown.hidden = false;
  try {
    // The clipboard API needs a secure context; over plain http on a LAN the text stays selectable below.
    await navigator.clipboard.writeText(text);
    status.textContent = "copied";
  } catch (_) {
    const range = document.createRange();
    range.selectNodeContents(shown);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    status.textContent = document.execCommand && document.execCommand("copy") ? "copied" : "select and copy below";
  }
}

// ---- Start ------------------------------------------------------------------------------------------

let ticks = 0;

function tick() {
  const live = document.getElementById("journal-filter").elements.live.checked;
  if (live && !document.hidden) {
    // Every tenth poll reloads the list, so entries cleared elsewhere (a reset from a test) disappear too.
    ticks += 1;
    pollJournal(ticks % 10 === 0);
    refreshPanels();
    refreshFaults();
  }
}

document.addEventListener("DOMContentLoaded", () => {
  buildPanels();
  wireControls();
  pollJournal(true);
  refreshClock();
  refreshFaults();
  refreshPanels();
  setInterval(tick, POLL_MS);
  setInterval(refreshClock, 5000);
});
