// The page: takes the files a player drops or picks, hands them to the worker (where the
// WebAssembly library reads them), and shows the HTML the library renders. The URL hash holds
// the view (`#f=0&s=1` a save, `#diff=0:1,0:2` a comparison, empty the list), so Back works.
// Nothing is sent anywhere: the files go to the worker only.

import {
  MAX_FILE_SIZE,
  type Added,
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

const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
let nextId = 1;
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
let saves: SaveItem[] = [];

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
    else p.resolve(reply.answer);
  });
});

function ask<R extends Request>(request: R, transfer: Transferable[] = []): Promise<Answer<R>> {
  const id = nextId++;
  const envelope: Envelope = { id, request };
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: (v) => resolve(v as Answer<R>), reject });
    worker.postMessage(envelope, transfer);
  });
}

/** `1 file`, `2 files`. */
function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function say(text: string): void {
  status.textContent = text;
}

/** Reads the dropped files (not one over the size limit) and hands them to the worker. */
async function addFiles(files: File[]): Promise<void> {
  if (files.length === 0) return;
  performance.clearMarks();
  performance.clearMeasures();
  performance.mark("drop");
  say(`Reading ${files.length === 1 ? "1 file" : `${files.length} files`}…`);
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
  let added: Added;
  try {
    added = await ask({ kind: "add", files: inputs }, transfer);
  } catch (e) {
    say(`The files could not be read: ${String(e)}`);
    return;
  }
  await listed(added);
}

/** Adds the built-in sample save (the project's own simulated player). */
async function addSample(): Promise<void> {
  await listed(await ask({ kind: "sample" }));
}

/** Shows the files' list after an addition, and the first new FF9 save. */
async function listed(added: Added): Promise<void> {
  performance.mark("added");
  saves = added.saves;
  list.innerHTML = added.filesHtml;
  fillCompare();
  const ff9 = saves.filter((s) => s.ff9);
  const fileCount = list.querySelectorAll("section.file").length;
  say(
    `${plural(ff9.length, "Final Fantasy IX save", "Final Fantasy IX saves")} in ` +
      `${plural(fileCount, "file", "files")}.` +
      (ff9.length > 0 ? " Choose one to see its cards." : ""),
  );
  // The first new save is shown at once (Back returns to the list).
  const first = ff9.find((s) => added.added.includes(s.file));
  if (first) location.hash = `f=${first.file}&s=${encodeURIComponent(first.selector)}`;
  else await route();
}

function fillCompare(): void {
  const ff9 = saves.filter((s) => s.ff9);
  for (const select of [oldSelect, newSelect]) {
    const kept = select.value;
    select.replaceChildren(
      ...ff9.map((s) => {
        const o = document.createElement("option");
        o.value = `${s.file}:${s.selector}`;
        o.textContent = s.label;
        return o;
      }),
    );
    if (kept) select.value = kept;
  }
  if (!oldSelect.value && ff9[0]) oldSelect.value = `${ff9[0].file}:${ff9[0].selector}`;
  if (ff9.length > 1 && newSelect.value === oldSelect.value && ff9[1]) {
    newSelect.value = `${ff9[1].file}:${ff9[1].selector}`;
  }
  compare.hidden = ff9.length < 2;
}

/** `0:1-2` → [0, "1-2"]. */
function saveRef(text: string): [number, string] | null {
  const colon = text.indexOf(":");
  if (colon < 1) return null;
  const file = Number(text.slice(0, colon));
  return Number.isInteger(file) ? [file, text.slice(colon + 1)] : null;
}

let shown = "";

/** Shows what the hash names. */
async function route(): Promise<void> {
  const hash = location.hash.slice(1);
  if (hash === shown) return;
  const params = new URLSearchParams(hash);
  const file = params.get("f");
  const save = params.get("s");
  const diff = params.get("diff");
  shown = hash;
  if (file !== null && save !== null) {
    await showSave(Number(file), save);
  } else if (diff !== null) {
    const [a, b] = diff.split(",").map(saveRef);
    if (a && b) await showDiff(a, b);
  } else {
    view.replaceChildren();
    view.hidden = true;
    view.dataset.shown = "";
    document.title = "quadmist: your Tetra Master cards";
  }
}

/** Shows why a view cannot be shown (`data-shown` names the view asked for). */
function failure(message: string, shownAs = ""): void {
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

async function showSave(file: number, save: string): Promise<void> {
  const shownAs = `${file}:${save}`;
  if (!saves.some((s) => s.file === file && s.selector === save)) {
    failure(
      "That save is not open: drop its file again (nothing is kept after the page closes).",
      shownAs,
    );
    return;
  }
  performance.mark("view-asked");
  const answer = await ask({ kind: "view", file, save });
  performance.mark("view-answered");
  if ("error" in answer) return failure(answer.error, shownAs);
  view.hidden = false;
  view.dataset.shown = shownAs;
  view.innerHTML =
    `<p class="actions"><a href="#">All files</a> <button type="button" id="export">` +
    `Export the report</button></p>` + answer.html;
  view.dataset.points = String(answer.points);
  view.dataset.cards = String(answer.card_count);
  document.title = `${answer.title}: quadmist`;
  showView();
  performance.mark("view-inserted");
  byId<HTMLButtonElement>("export").addEventListener("click", () => void exportReport(file, save));
  // Painted: the frame after the one that lays the view out.
  requestAnimationFrame(() =>
    setTimeout(() => {
      performance.mark("album-painted");
      if (performance.getEntriesByName("drop").length > 0) {
        performance.measure("drop-to-album", "drop", "album-painted");
      }
    }, 0),
  );
}

async function showDiff(a: [number, string], b: [number, string]): Promise<void> {
  const shownAs = `${a.join(":")},${b.join(":")}`;
  const answer = await ask({ kind: "diff", old: a, new: b });
  if ("error" in answer) return failure(answer.error, shownAs);
  view.hidden = false;
  view.dataset.shown = shownAs;
  view.innerHTML = `<p class="actions"><a href="#">All files</a></p>` + answer.html;
  document.title = "What changed: quadmist";
  showView();
}

/** Saves the report page as a file (from memory: a blob, nothing leaves the browser). */
async function exportReport(file: number, save: string): Promise<void> {
  const answer = await ask({ kind: "report", file, save });
  if ("error" in answer) return failure(answer.error);
  const url = URL.createObjectURL(new Blob([answer.html], { type: "text/html;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = answer.file_name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// Picking and dropping.
input.addEventListener("change", () => {
  void addFiles(Array.from(input.files ?? []));
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

byId<HTMLButtonElement>("sample").addEventListener("click", () => void addSample());

compare.addEventListener("submit", (e) => {
  e.preventDefault();
  location.hash = `diff=${oldSelect.value},${newSelect.value}`;
});

// The album's cards: one open at a time (the `name` of <details>), × closes one; a link to a
// card opens it without leaving the view in the hash.
view.addEventListener("click", (e) => {
  const target = e.target as Element;
  const close = target.closest(".close");
  if (close) {
    const details = close.closest("details");
    if (details) {
      details.open = false;
      details.querySelector("summary")?.focus();
    }
    return;
  }
  const link = target.closest<HTMLAnchorElement>('a[href^="#card-"]');
  if (link) {
    const card = document.getElementById(link.getAttribute("href")!.slice(1));
    if (card instanceof HTMLDetailsElement) {
      e.preventDefault();
      card.open = true;
      card.scrollIntoView({ block: "center" });
      card.querySelector("summary")?.focus();
    }
  }
});
document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape") return;
  const open = view.querySelector<HTMLDetailsElement>("details.card[open]");
  if (open) {
    open.open = false;
    open.querySelector("summary")?.focus();
  }
});

// An album card's panel (its copies' exact stats) is rendered when the card opens.
view.addEventListener(
  "toggle",
  (e) => {
    const card = e.target;
    if (!(card instanceof HTMLDetailsElement) || !card.open || !card.classList.contains("card")) {
      return;
    }
    const panel = card.querySelector<HTMLElement>(".copies");
    const [file, save] = (view.dataset.shown ?? "").split(/:(.*)/s);
    if (!panel || panel.childElementCount > 0 || file === undefined || save === undefined) return;
    void ask({ kind: "card", file: Number(file), save, id: Number(card.dataset.id) }).then(
      (answer) => {
        if ("error" in answer) panel.textContent = answer.error;
        else panel.innerHTML = answer.html;
        panel.dataset.filled = "1";
      },
    );
  },
  true,
);

window.addEventListener("hashchange", () => void route());

ready.then(
  () => {
    document.body.dataset.ready = "1";
    say("Ready. Your files stay in this browser: nothing is uploaded.");
    void route();
  },
  (e: unknown) => say(`The page could not start its reader: ${String(e)}`),
);
