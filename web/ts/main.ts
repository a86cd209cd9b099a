// The page: takes the files a player drops or picks, hands them to the worker (where the
// WebAssembly library reads them), and puts in place what the library answers. The URL hash
// holds the view (`#f=0&s=1` a save, `#diff=0:1,0:2` a comparison, empty the list), so Back
// works; the library reads it. Nothing is sent anywhere: the files go to the worker only.

import {
  MAX_FILE_SIZE,
  type Answer,
  type Envelope,
  type FileIn,
  type Reply,
  type Request,
  type SaveItem,
} from "./protocol.js";

function byId<T extends HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no #${id}`);
  return e as T;
}

const input = byId<HTMLInputElement>("files");
const drop = byId<HTMLElement>("drop");
const status = byId<HTMLElement>("status");
const list = byId<HTMLElement>("file-list");
const view = byId<HTMLElement>("view");
const compare = byId<HTMLFormElement>("compare");
const oldSelect = byId<HTMLSelectElement>("old");
const newSelect = byId<HTMLSelectElement>("new");

/** An answer and the HTML it shows. */
interface Answered {
  answer: Answer;
  html: string;
}

const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
let nextId = 1;
const pending = new Map<number, { resolve: (v: Answered) => void; reject: (e: Error) => void }>();

/** Resolves once the library is loaded in the worker. */
const ready = new Promise<void>((resolve, reject) => {
  worker.addEventListener("message", (event: MessageEvent<Reply>) => {
    const reply = event.data;
    if (reply.id === 0) {
      if ("crash" in reply) reject(new Error(reply.crash));
      else resolve();
      return;
    }
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if ("crash" in reply) p.reject(new Error(reply.crash));
    else p.resolve({ answer: reply.answer, html: reply.html });
  });
});

function ask(request: Request, transfer: Transferable[] = []): Promise<Answered> {
  const id = nextId++;
  const envelope: Envelope = { id, request };
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage(envelope, transfer);
  });
}

/** What went wrong at the last addition or removal: said after every status until the next. */
let notice = "";

function say(text: string): void {
  status.textContent = notice === "" ? text : `${notice} ${text}`;
}

/** Reads the dropped files (not one over the size limit) and hands them to the worker. */
async function addFiles(files: File[]): Promise<void> {
  if (files.length === 0) return;
  performance.clearMarks();
  performance.clearMeasures();
  performance.mark("drop");
  say(`Reading ${files.length === 1 ? files[0]?.name : `${files.length} files`}…`);
  const inputs: FileIn[] = [];
  const transfer: Transferable[] = [];
  for (const f of files) {
    if (f.size > MAX_FILE_SIZE) {
      inputs.push({ name: f.name, size: f.size, bytes: null });
      continue;
    }
    const bytes = new Uint8Array(await f.arrayBuffer());
    inputs.push({ name: f.name, size: f.size, bytes });
    transfer.push(bytes.buffer);
  }
  performance.mark("read");
  await listed(ask({ kind: "add", files: inputs }, transfer));
}

/** Shows the files' list after an addition or a removal, then what the library opens. */
async function listed(asked: Promise<Answered>): Promise<void> {
  let got: Answered;
  try {
    got = await asked;
  } catch (e) {
    say(`The files could not be read: ${String(e)}`);
    return;
  }
  const { answer, html } = got;
  if (answer.kind !== "listed") return show(got);
  performance.mark("added");
  const putList = () => {
    list.innerHTML = html;
    fillCompare(answer.saves);
    notice = answer.notice;
    say(answer.status);
    if (answer.problem !== null && answer.open === "") {
      const entry = list.querySelector<HTMLElement>(`section.file[data-file="${answer.problem}"]`);
      entry?.scrollIntoView({ block: "center" });
    }
  };
  if (`#${answer.open}` !== location.hash && (answer.open !== "" || location.hash !== "")) {
    // Asked at once rather than on the hashchange event (a task later, often after a frame);
    // the event then finds it shown.
    location.hash = answer.open;
  } else {
    shown = null;
  }
  // The list goes in with the view, in one task: one frame lays out both, where a frame of the
  // list alone would hold up the view's answer.
  await route(putList);
}

/** The comparison's choices: every FF9 save, two different ones chosen; hidden below two. */
function fillCompare(saves: SaveItem[]): void {
  const ff9 = saves.filter((s) => s.ff9);
  for (const select of [oldSelect, newSelect]) {
    const kept = select.value;
    select.replaceChildren(
      ...ff9.map((s) => {
        const o = document.createElement("option");
        o.value = s.key;
        o.textContent = s.label;
        return o;
      }),
    );
    if (kept && ff9.some((s) => s.key === kept)) select.value = kept;
  }
  if (ff9.length > 1 && newSelect.value === oldSelect.value) {
    const other = ff9.find((s) => s.key !== oldSelect.value);
    if (other) newSelect.value = other.key;
  }
  compare.hidden = ff9.length < 2;
}

/** The hash last shown (`null`: show it again). */
let shown: string | null = null;

/** Shows what the hash names (the library reads it); `first` (the file list) goes in just
 * before it, when its answer is in. */
async function route(first?: () => void): Promise<void> {
  const hash = location.hash.slice(1);
  if (hash === shown) return first?.();
  shown = hash;
  performance.mark("view-asked");
  let got: Answered;
  try {
    got = await ask({ kind: "show", hash });
  } finally {
    performance.mark("view-answered");
    first?.();
  }
  if (location.hash.slice(1) !== hash) return; // a later hash is on its way
  show(got);
}

/** Counts the views put in place: a view's later sections go in only while it is still shown. */
let views = 0;

/** Puts an answer of `show` in place. */
function show({ answer, html }: Answered): void {
  views++;
  view.removeAttribute("aria-busy");
  view.classList.remove("settling");
  switch (answer.kind) {
    case "save":
      return showSave(answer, html);
    case "diff":
      view.hidden = false;
      view.dataset.shown = answer.shown;
      view.innerHTML = `<p class="actions"><a href="#">All files</a></p>` + html;
      document.title = answer.title;
      say(answer.status);
      showView();
      return;
    case "list":
      view.replaceChildren();
      view.hidden = true;
      view.dataset.shown = "";
      document.title = "quadmist: your Tetra Master cards";
      say(answer.status);
      return;
    case "failure":
      return failure(answer.error, answer.shown);
    default:
      return;
  }
}

/** Shows why a view cannot be shown (`data-shown` names the view asked for). */
function failure(message: string, shownAs: string): void {
  views++;
  view.removeAttribute("aria-busy");
  view.classList.remove("settling");
  view.hidden = false;
  view.dataset.shown = shownAs;
  delete view.dataset.points;
  delete view.dataset.cards;
  const p = document.createElement("p");
  p.className = "finding error page-error";
  const strong = document.createElement("strong");
  strong.textContent = "error";
  p.append(strong, `: ${message}`);
  view.replaceChildren(p);
  say(`Error: ${message}`);
  p.scrollIntoView({ block: "center" });
}

/** Brings a new view into sight and puts the keyboard at its start. */
function showView(): void {
  const heading = view.querySelector<HTMLElement>("h2");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
  view.scrollIntoView({ block: "start" });
}

/** Puts a save's view in place: its header, score and album first; the sections after the
 * album once it is painted (the view is `aria-busy` until then). While it settles, the first
 * frame lays out only the album cards on the first screen: the others wait as placeholders the
 * shape of a card face (`settling` in page.css) and are laid out the frame after, with the
 * sections. The browser's own `content-visibility: auto` would not do it: it lays out a screen
 * and more around the one in sight, which is the whole album at 1280 × 900. */
function showSave(answer: Extract<Answer, { kind: "save" }>, html: string): void {
  const shownView = views;
  view.hidden = false;
  view.dataset.shown = answer.shown;
  view.setAttribute("aria-busy", "true");
  // A card asked for by the hash is scrolled to: every card is laid out at once then.
  view.classList.toggle("settling", answer.card === null);
  view.innerHTML =
    `<p class="actions"><a href="#">All files</a> <button type="button" id="export">` +
    `Export the report</button></p>` + html.slice(0, answer.later_at);
  view.dataset.points = String(answer.points);
  view.dataset.cards = String(answer.card_count);
  document.title = answer.title;
  say(answer.status);
  showView();
  if (answer.card !== null) openCard(`card-${answer.card}`);
  else markFirstScreen();
  performance.mark("view-inserted");
  // Painted: the frame after the one that lays the view out.
  requestAnimationFrame(() =>
    setTimeout(() => {
      performance.mark("album-painted");
      if (performance.getEntriesByName("drop").length > 0) {
        performance.measure("drop-to-album", "drop", "album-painted");
      }
      if (views !== shownView) return;
      view.insertAdjacentHTML("beforeend", html.slice(answer.later_at));
      view.classList.remove("settling");
      view.removeAttribute("aria-busy");
      performance.mark("later-inserted");
      // The whole view painted: every album card laid out, the sections after it too.
      requestAnimationFrame(() =>
        setTimeout(() => {
          performance.mark("view-painted");
          if (performance.getEntriesByName("drop").length > 0) {
            performance.measure("drop-to-view", "drop", "view-painted");
          }
        }, 0),
      );
    }, 0),
  );
}

/** Marks the album cards that the view's first frame lays out: those whose placeholder starts
 * on the first screen. A placeholder is a card face without its name below it, shorter than
 * the card: a row that the card would only just reach is laid out too. */
function markFirstScreen(): void {
  // Every position read before any card is marked: a mark between two reads would have the
  // browser lay the page out again for the second.
  const cards = [...view.querySelectorAll<HTMLElement>(".album > .card")];
  const near = cards.filter((card) => card.getBoundingClientRect().top < innerHeight);
  for (const card of near) card.classList.add("near");
}

/** The save the view shows: `[file, save]` from `data-shown` (`0:1-2`). */
function shownSave(): { file: number; save: string } | null {
  const [file, save] = (view.dataset.shown ?? "").split(/:(.*)/s);
  if (file === undefined || save === undefined || save === "" || save.includes(",")) return null;
  return { file: Number(file), save };
}

/** Saves the report page as a file (from memory: a blob, nothing leaves the browser). */
async function exportReport(): Promise<void> {
  const s = shownSave();
  if (!s) return;
  const { answer, html } = await ask({ kind: "report", ...s });
  if (answer.kind !== "report") return show({ answer, html });
  const url = URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = answer.file_name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Opens the album card with this id, brings it into sight and gives it the keyboard. */
function openCard(id: string): boolean {
  const card = document.getElementById(id);
  if (!(card instanceof HTMLDetailsElement)) return false;
  card.open = true;
  card.scrollIntoView({ block: "center" });
  card.querySelector("summary")?.focus();
  return true;
}

// Picking and dropping.
input.addEventListener("change", () => {
  void addFiles(Array.from(input.files ?? []));
  // Cleared, so that the same file can be picked again (the list says what is open).
  input.value = "";
});
drop.addEventListener("dragover", (e) => {
  e.preventDefault();
  drop.classList.add("over");
});
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
document.addEventListener("dragover", (e) => e.preventDefault());
document.addEventListener("drop", (e) => {
  e.preventDefault();
  drop.classList.remove("over");
  void addFiles(Array.from(e.dataTransfer?.files ?? []));
});

byId<HTMLButtonElement>("sample").addEventListener("click", () => void listed(ask({ kind: "sample" })));

list.addEventListener("click", (e) => {
  const target = e.target as Element;
  const remove = target.closest<HTMLButtonElement>("button.remove");
  if (remove) void listed(ask({ kind: "remove", file: Number(remove.dataset.remove) }));
  if (target.closest("#clear")) void listed(ask({ kind: "clear" }));
});

compare.addEventListener("submit", (e) => {
  e.preventDefault();
  location.hash = `diff=${oldSelect.value},${newSelect.value}`;
});

// In the view: × closes a card; a link to a part of the view (an album card, the copies, the
// plan) goes there without leaving the view in the hash; the export button.
view.addEventListener("click", (e) => {
  const target = e.target as Element;
  if (target.closest("#export")) {
    void exportReport();
    return;
  }
  const close = target.closest(".close");
  if (close) {
    const details = close.closest("details");
    if (details) {
      details.open = false;
      details.querySelector("summary")?.focus();
    }
    return;
  }
  const link = target.closest<HTMLAnchorElement>('a[href^="#"]');
  const id = link?.getAttribute("href")?.slice(1) ?? "";
  if (!link || id === "" || id.includes("=")) return;
  const to = document.getElementById(id);
  if (!to) return;
  e.preventDefault();
  if (openCard(id)) return;
  const focus = to.matches("h2, h3") ? to : to.querySelector<HTMLElement>("h2, h3") ?? to;
  if (focus.tabIndex < 0) focus.tabIndex = -1;
  focus.focus({ preventScroll: true });
  to.scrollIntoView({ block: "start" });
});
document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape") return;
  const open = view.querySelector<HTMLDetailsElement>("details.card[open]");
  if (open) {
    open.open = false;
    open.querySelector("summary")?.focus();
  }
});

// An album card's panel (its copies' exact stats) and the table of copies are rendered when
// they open.
view.addEventListener(
  "toggle",
  (e) => {
    const d = e.target;
    const s = shownSave();
    if (!(d instanceof HTMLDetailsElement) || !d.open || !s) return;
    if (d.classList.contains("card")) {
      const panel = d.querySelector<HTMLElement>(".copies");
      if (!panel || panel.childElementCount > 0) return;
      void ask({ kind: "card", ...s, id: Number(d.dataset.id) }).then(({ answer, html }) => {
        if (answer.kind === "failure") panel.textContent = answer.error;
        else panel.innerHTML = html;
        panel.dataset.filled = "1";
      });
    } else if (d.classList.contains("copies-table")) {
      const body = d.querySelector<HTMLElement>(".table-body");
      if (!body || body.querySelector("table")) return;
      void ask({ kind: "copies", ...s }).then(({ answer, html }) => {
        if (answer.kind === "failure") return void (body.textContent = answer.error);
        body.insertAdjacentHTML("beforeend", html);
        filterCopies(body);
      });
    }
  },
  true,
);

/** Shows the rows of the copies' table that pass its filters, and how many. */
function filterCopies(body: HTMLElement): void {
  const form = body.querySelector<HTMLFormElement>("form.filters");
  const rows = [...body.querySelectorAll<HTMLTableRowElement>("tbody tr")];
  if (!form) return;
  const f = new FormData(form);
  const type = String(f.get("type") ?? "");
  const arrows = Number(f.get("arrows") ?? 0);
  const levelups = Number(f.get("levelups") ?? 0);
  const name = String(f.get("name") ?? "").trim().toLowerCase();
  let showing = 0;
  for (const r of rows) {
    const d = r.dataset;
    const pass =
      (type === "" || d.type === type) &&
      Number(d.arrows) >= arrows &&
      Number(d.levelups) >= levelups &&
      (name === "" || (d.name ?? "").toLowerCase().includes(name) || d.number === name);
    r.hidden = !pass;
    if (pass) showing++;
  }
  const count = body.querySelector<HTMLElement>(".count");
  if (count) count.textContent = `Showing ${showing} of ${rows.length} ${rows.length === 1 ? "copy" : "copies"}.`;
}

view.addEventListener("input", (e) => {
  const body = (e.target as Element).closest<HTMLElement>(".table-body");
  if (body) filterCopies(body);
});
view.addEventListener("submit", (e) => {
  if ((e.target as Element).closest(".filters")) e.preventDefault();
});

// A column's button sorts the table by it: ascending first, descending on a second press; rows
// equal on it keep the game's order.
view.addEventListener("click", (e) => {
  const button = (e.target as Element).closest<HTMLButtonElement>("th button[data-sort]");
  const table = button?.closest("table");
  const th = button?.closest("th");
  if (!button || !table || !th) return;
  const key = button.dataset.sort ?? "number";
  const up = th.getAttribute("aria-sort") !== "ascending";
  for (const other of table.querySelectorAll("th[aria-sort]")) other.removeAttribute("aria-sort");
  th.setAttribute("aria-sort", up ? "ascending" : "descending");
  const tbody = table.tBodies[0];
  if (!tbody) return;
  const value = (r: HTMLTableRowElement) => Number(key === "type" ? r.dataset.rank : r.dataset[key]);
  const rows = [...tbody.rows].sort(
    (a, b) => (up ? 1 : -1) * (value(a) - value(b)) || Number(a.dataset.order) - Number(b.dataset.order),
  );
  tbody.append(...rows);
});

window.addEventListener("hashchange", () => void route());

ready.then(
  () => {
    document.body.dataset.ready = "1";
    say("Ready. Your files stay in this browser: nothing is uploaded.");
    void route();
  },
  (e: unknown) => say(`The page could not start its reader: ${String(e)}`),
);
