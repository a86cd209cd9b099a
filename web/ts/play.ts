// The match companion (play.html): a real match followed by taps. The match is the library's
// (a PlayMatch in WebAssembly on this thread, so a tap is answered at once); the adviser runs
// in a Web Worker of its own with a copy of the match. When the position changes, a search
// still running is stopped (its worker is ended) and an answer for another position is never
// shown (the library shows advice only with the key of the match as it is now).
//
// The match is stored in localStorage under this tab's own key (kept in sessionStorage, which
// survives a reload but is not shared with other tabs), so a reload or a locked phone loses
// nothing and two tabs follow two matches.

import init, { PlayMatch, save_hands, search_speed } from "../pkg-play/quadmist_play.js";
import type { AdviceReply, AdviceRequest, WorkerStart } from "./play-protocol.js";
import { MAX_FILE_SIZE } from "./protocol.js";

function byId<T extends HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no #${id}`);
  return e as T;
}

const status = byId<HTMLElement>("status");
const setup = byId<HTMLElement>("setup");
const board = byId<HTMLElement>("match");
const saveInput = byId<HTMLInputElement>("save");
const saveList = byId<HTMLSelectElement>("save-list");
const saveCards = byId<HTMLElement>("save-cards");
const handList = byId<HTMLElement>("hand");
const mineText = byId<HTMLTextAreaElement>("mine-text");
const budgetSelect = byId<HTMLSelectElement>("budget");
const setupMessage = byId<HTMLElement>("setup-message");
const startButton = byId<HTMLButtonElement>("start");

/** What the script holds that is not the match (the library renders it into the board). */
interface Ui {
  selected: number | null;
  blocks: number[];
  digits: string;
  arrows: number;
  name: number;
  thinking: boolean;
  message: string;
  budget_ms: number;
}

interface Stored {
  session: string;
  budget_ms: number;
  saved: number;
}

const PREFIX = "quadmist.play.";
/** Stored matches kept (the oldest beyond this are dropped): the storage stays bounded. */
const KEEP = 8;

function tabKey(): string {
  let id = sessionStorage.getItem(`${PREFIX}tab`);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(`${PREFIX}tab`, id);
  }
  return `${PREFIX}match.${id}`;
}

let key = tabKey();

/** A duplicated tab inherits its original's sessionStorage, so its key: tabs tell each other
 * over a BroadcastChannel which key they hold, and a tab that starts with a key another tab
 * holds takes a new one (with a copy of the match, which then goes its own way). */
const channel = new BroadcastChannel(`${PREFIX}tabs`);
channel.addEventListener("message", (event: MessageEvent<{ who?: string }>) => {
  if (event.data.who === key) channel.postMessage({ holds: key });
});

function claim(): Promise<void> {
  return new Promise((resolve) => {
    const held = (event: MessageEvent<{ holds?: string }>) => {
      if (event.data.holds !== key) return;
      const id = crypto.randomUUID();
      sessionStorage.setItem(`${PREFIX}tab`, id);
      const stored = localStorage.getItem(key);
      key = `${PREFIX}match.${id}`;
      if (stored) localStorage.setItem(key, stored);
    };
    channel.addEventListener("message", held);
    channel.postMessage({ who: key });
    // Another tab answers within a few milliseconds; none answers when the key is free.
    setTimeout(() => {
      channel.removeEventListener("message", held);
      resolve();
    }, 100);
  });
}
const WASM = new URL("./quadmist_play_bg.wasm", import.meta.url);

let match: PlayMatch | null = null;
let ui: Ui = freshUi(2000);
/** The worker's last answer (JSON), shown only while it is for the match as it is now. */
let advice = "";
/** The search under way: its worker, the session it searches, its id. */
let search: { worker: Worker; session: string; id: number } | null = null;
let idle: Worker | null = null;
let nextId = 1;
let module: WebAssembly.Module | null = null;
/** For tests and the benchmark: searches started and stopped, answers dropped as stale. */
const stats = { started: 0, stopped: 0, stale: 0, shown: 0 };

function freshUi(budget: number): Ui {
  return {
    selected: null,
    blocks: [],
    digits: "",
    arrows: 0,
    name: 0,
    thinking: false,
    message: "",
    budget_ms: budget,
  };
}

function store(): void {
  if (!match) {
    localStorage.removeItem(key);
    return;
  }
  const s: Stored = { session: match.session(), budget_ms: ui.budget_ms, saved: Date.now() };
  try {
    localStorage.setItem(key, JSON.stringify(s));
    // Bounded: only the newest KEEP matches stay.
    const all: [string, number][] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k || !k.startsWith(`${PREFIX}match.`)) continue;
      try {
        all.push([k, (JSON.parse(localStorage.getItem(k) ?? "{}") as Stored).saved ?? 0]);
      } catch {
        all.push([k, 0]);
      }
    }
    all.sort((a, b) => b[1] - a[1]);
    for (const [k] of all.slice(KEEP)) localStorage.removeItem(k);
  } catch {
    // Storage full or refused: the match goes on, unsaved.
  }
}

function restore(): boolean {
  const text = localStorage.getItem(key);
  if (!text) return false;
  try {
    const s = JSON.parse(text) as Stored;
    match = PlayMatch.restore(s.session);
    ui = freshUi(s.budget_ms || 2000);
    return true;
  } catch {
    localStorage.removeItem(key);
    return false;
  }
}

function newWorker(): Worker {
  const w = new Worker(new URL("./play-worker.js", import.meta.url), { type: "module" });
  const start: WorkerStart = { module: module! };
  w.postMessage(start);
  w.onmessage = (event: MessageEvent<AdviceReply>) => answered(w, event.data);
  return w;
}

/** Ends the search under way (its position changed or needs no advice). */
function stopSearch(): void {
  if (!search) return;
  search.worker.terminate();
  search = null;
  stats.stopped++;
}

/** Starts or stops the adviser for the match as it is now. */
function think(): void {
  if (!match || !match.wants_advice()) {
    stopSearch();
    ui.thinking = false;
    return;
  }
  const session = match.session();
  if (search?.session === session) return;
  if (adviceKey() === session) {
    ui.thinking = false;
    return;
  }
  stopSearch();
  const worker = idle ?? newWorker();
  idle = null;
  // A spare worker, its library loaded, for the next change: starting one takes longer than
  // a tap should.
  setTimeout(() => {
    idle ??= newWorker();
  }, 100);
  const id = nextId++;
  search = { worker, session, id };
  stats.started++;
  ui.thinking = true;
  const request: AdviceRequest = {
    id,
    session,
    options: JSON.stringify({ budget_ms: ui.budget_ms }),
  };
  worker.postMessage(request);
}

function adviceKey(): string | null {
  if (!advice) return null;
  try {
    return (JSON.parse(advice) as { key?: string }).key ?? null;
  } catch {
    return null;
  }
}

function answered(worker: Worker, reply: AdviceReply): void {
  if (!search || search.worker !== worker || search.id !== reply.id) {
    stats.stale++;
    return;
  }
  search = null;
  // One idle worker is kept; a second is ended.
  if (idle) worker.terminate();
  else idle = worker;
  if (!match || reply.session !== match.session()) {
    stats.stale++;
    return;
  }
  advice = reply.advice;
  stats.shown++;
  ui.thinking = false;
  render();
}

function render(): void {
  if (!match) {
    board.hidden = true;
    setup.hidden = false;
    return;
  }
  setup.hidden = true;
  board.hidden = false;
  board.innerHTML = match.html(advice, JSON.stringify(ui));
  board.dataset.session = String(match.session().length);
}

/** After a change of the match: draw it at once (the tap is answered), then store it and
 * restart the adviser (ending a worker and starting another takes longer than a frame). */
function changed(): void {
  ui.selected = null;
  ui.message = "";
  ui.thinking = !!match && match.wants_advice() && adviceKey() !== match.session();
  render();
  dirty = true;
  setTimeout(settle, 0);
}

/** True while a change is not yet stored nor searched. */
let dirty = false;

function settle(): void {
  if (!dirty) return;
  dirty = false;
  store();
  const thinking = ui.thinking;
  think();
  if (ui.thinking !== thinking) render();
}

// A reload, a closed tab or a locked phone right after a tap loses nothing.
addEventListener("pagehide", settle);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") settle();
});

function send(command: object): boolean {
  if (!match) return false;
  const error = match.apply(JSON.stringify(command));
  if (error) {
    ui.message = error;
    render();
    return false;
  }
  if ("do" in command && (command as { do: string }).do === "their_card") {
    ui.digits = "";
    ui.arrows = 0;
    ui.name = 0;
  }
  if ("do" in command && (command as { do: string }).do === "blocks") ui.blocks = [];
  changed();
  return true;
}

interface ViewJson {
  ask: { kind: string; me?: boolean; targets?: number[] };
}

function view(): ViewJson | null {
  return match ? (JSON.parse(match.view()) as ViewJson) : null;
}

interface BestMove {
  slot: number;
  cell: number;
  first_target: number | null;
}

function bestMove(): BestMove | null {
  if (!match || adviceKey() !== match.session()) return null;
  const a = JSON.parse(advice) as { moves: BestMove[] };
  return a.moves[0] ?? null;
}

function tapCell(cell: number, slot: number | null): void {
  const v = view();
  if (!v) return;
  switch (v.ask.kind) {
    case "blocks": {
      const i = ui.blocks.indexOf(cell);
      if (i >= 0) ui.blocks.splice(i, 1);
      else ui.blocks.push(cell);
      render();
      return;
    }
    case "place": {
      if (slot !== null) return;
      if (ui.selected !== null) {
        send({ do: "place", slot: ui.selected, cell });
        return;
      }
      const best = bestMove();
      if (v.ask.me && best && best.cell === cell) {
        send({ do: "place", slot: best.slot, cell: best.cell });
        return;
      }
      ui.message = v.ask.me ? "Tap one of my cards first." : "Tap the card they played first.";
      render();
      return;
    }
    case "target":
      if (slot !== null) send({ do: "target", slot });
      return;
  }
}

function numberOf(id: string): number | null {
  const e = document.getElementById(id) as HTMLInputElement | null;
  const t = e?.value.trim() ?? "";
  return t === "" ? null : Number(t);
}

function act(target: HTMLElement): void {
  const act = target.dataset.act;
  switch (act) {
    case "undo":
      if (match?.undo()) changed();
      return;
    case "new":
      if (!confirm("Leave this match and start another?")) return;
      stopSearch();
      match?.free();
      match = null;
      advice = "";
      dirty = false;
      store();
      render();
      return;
    case "card": {
      const slot = Number(target.dataset.slot);
      ui.selected = ui.selected === slot ? null : slot;
      ui.message = "";
      render();
      return;
    }
    case "cell":
      tapCell(Number(target.dataset.cell), target.dataset.slot ? Number(target.dataset.slot) : null);
      return;
    case "best": {
      const best = bestMove();
      const v = view();
      if (!best || !v) return;
      if (v.ask.kind === "target" && best.first_target !== null) {
        send({ do: "target", slot: best.first_target });
      } else if (v.ask.kind === "place") {
        send({ do: "place", slot: best.slot, cell: best.cell });
      }
      return;
    }
    case "blocks":
      send({ do: "blocks", cells: [...ui.blocks].sort((a, b) => a - b) });
      return;
    case "first":
      send({ do: "first", me: target.dataset.me === "1" });
      return;
    case "battle": {
      const mine = numberOf("shown-mine");
      const theirs = numberOf("shown-theirs");
      const evolved = (document.getElementById("evolved") as HTMLInputElement | null)?.checked;
      if ((mine === null) !== (theirs === null)) {
        ui.message = "Give both numbers shown, mine and theirs, or neither.";
        render();
        return;
      }
      const shown = mine === null || theirs === null ? null : [mine, theirs];
      send({ do: "battle", won: target.dataset.won === "1", shown, evolved: !!evolved });
      return;
    }
    case "digit": {
      const k = target.dataset.key ?? "";
      if (k === "back") ui.digits = ui.digits.slice(0, -1);
      else if (ui.digits.length < 4) ui.digits += k;
      render();
      return;
    }
    case "arrow":
      ui.arrows ^= 1 << Number(target.dataset.bit);
      render();
      return;
    case "add": {
      const name = Number((document.getElementById("name") as HTMLSelectElement | null)?.value ?? 0);
      const hex = ui.arrows.toString(16).padStart(2, "0");
      send({ do: "their_card", card: `${name > 0 ? `${name}:` : ""}${ui.digits}@0x${hex}` });
      return;
    }
    case "add-text": {
      const text = (document.getElementById("card-text") as HTMLInputElement | null)?.value ?? "";
      send({ do: "their_card", card: text.trim() });
      return;
    }
  }
}

board.addEventListener("click", (event) => {
  const target = (event.target as HTMLElement).closest<HTMLElement>("[data-act]");
  if (!target || (target as HTMLButtonElement).disabled) return;
  act(target);
  // How long the page took to answer the tap, from the input event to the board redrawn.
  performance.measure("tap", { start: event.timeStamp, end: performance.now() });
});

board.addEventListener("change", (event) => {
  const t = event.target as HTMLElement;
  if (t.id === "name") ui.name = Number((t as HTMLSelectElement).value);
  if (t.id === "budget-now") {
    // A new budget: the position is searched again with it.
    ui.budget_ms = Number((t as HTMLSelectElement).value);
    stopSearch();
    advice = "";
    ui.thinking = false;
    changed();
  }
});

// The set-up: my five cards from a save, tapped in hand order, or typed.
let picked: { slot: number; text: string; digits: string }[] = [];
let saves: { label: string; cards: { slot: number; text: string; name: string; digits: string }[] }[] =
  [];

function drawSaveCards(): void {
  saveCards.replaceChildren();
  const save = saves[Number(saveList.value || 0)];
  if (!save) return;
  for (const c of save.cards) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.slot = String(c.slot);
    const at = picked.findIndex((p) => p.slot === c.slot);
    b.setAttribute("aria-pressed", String(at >= 0));
    b.textContent = `${at >= 0 ? `${at + 1}. ` : ""}${c.digits} ${c.name}`;
    b.addEventListener("click", () => {
      const i = picked.findIndex((p) => p.slot === c.slot);
      if (i >= 0) picked.splice(i, 1);
      else if (picked.length < 5) picked.push(c);
      drawPicked();
      drawSaveCards();
    });
    saveCards.append(b);
  }
}

function drawPicked(): void {
  handList.replaceChildren(
    ...picked.map((p) => {
      const li = document.createElement("li");
      li.textContent = p.digits;
      return li;
    }),
  );
  if (picked.length === 5) mineText.value = picked.map((p) => p.text).join(",");
}

saveInput.addEventListener("change", async () => {
  const file = saveInput.files?.[0];
  if (!file) return;
  if (file.size > MAX_FILE_SIZE) {
    // Refused unread: no save is this large.
    setupMessage.textContent = `${file.name}: too large to be a save`;
    return;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const out = JSON.parse(save_hands(file.name, bytes)) as { saves?: typeof saves; error?: string };
  setupMessage.textContent = out.error ?? "";
  saves = out.saves ?? [];
  picked = [];
  saveList.replaceChildren(
    ...saves.map((s, i) => {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = `${s.label} (${s.cards.length} cards)`;
      return o;
    }),
  );
  saveList.hidden = saves.length < 2;
  if (!out.error && saves.length === 0) setupMessage.textContent = "No Final Fantasy IX save with cards in this file.";
  drawPicked();
  drawSaveCards();
});
saveList.addEventListener("change", () => {
  picked = [];
  drawPicked();
  drawSaveCards();
});

startButton.addEventListener("click", () => {
  try {
    match = PlayMatch.start(mineText.value.trim());
  } catch (e) {
    setupMessage.textContent = String(e);
    return;
  }
  setupMessage.textContent = "";
  advice = "";
  ui = freshUi(Number(budgetSelect.value));
  changed();
});

/** For the benchmark: the search's positions and milliseconds on this thread. */
(globalThis as unknown as { quadmistPlay: object }).quadmistPlay = {
  stats,
  searchSpeed: (left: number, count: number) => Array.from(search_speed(left, count)),
};

async function main(): Promise<void> {
  module = await WebAssembly.compileStreaming(fetch(WASM));
  await init({ module_or_path: module });
  await claim();
  status.hidden = true;
  if (restore()) changed();
  else render();
  document.body.dataset.ready = "1";
}

main().catch((e: unknown) => {
  status.textContent = `The adviser could not be loaded: ${String(e)}`;
});
