// The match companion (play.html): a real match followed by taps. The match is the library's
// (a PlayMatch in WebAssembly on this thread, so a tap is answered at once); the adviser runs
// in a Web Worker of its own with a copy of the match. When the position changes, a search
// still running is stopped (its worker is ended) and an answer for another position is never
// shown (the library shows advice only with the key of the match as it is now).
//
// Everything is kept in localStorage, which outlives the tab: each match (with what was tapped
// and not yet confirmed), the last save's cards, the last hand and the opponent cards seen. A
// tab follows one match (its id in sessionStorage, which survives a reload); a new tab offers
// to resume the newest unfinished match no other open tab follows. A service worker keeps the
// page's files, so it opens and plays with no network after one visit. Nothing is sent
// anywhere.

import init, {
  PlayMatch,
  card_picker,
  hand_cards_html,
  hand_text,
  save_hands,
  search_speed,
} from "../pkg-play/quadmist_play.js";
import type {
  Advice,
  AdviceReply,
  AdviceRequest,
  CardPicker,
  Command,
  HandPick,
  HandSave,
  Picked,
  PickerTap,
  Saves,
  Seen,
  Session,
  Ui,
  View,
  WorkerStart,
} from "./play-protocol.js";
import { MAX_FILE_SIZE } from "./protocol.js";

function byId<T extends HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no #${id}`);
  return e as T;
}

const status = byId<HTMLElement>("status");
const setup = byId<HTMLElement>("setup");
const board = byId<HTMLElement>("match");
const resumeBox = byId<HTMLElement>("resume");
const saveInput = byId<HTMLInputElement>("save");
const saveList = byId<HTMLSelectElement>("save-list");
const sortSelect = byId<HTMLSelectElement>("sort");
const saveCards = byId<HTMLElement>("save-cards");
const handList = byId<HTMLElement>("hand");
const mineText = byId<HTMLTextAreaElement>("mine-text");
const budgetSelect = byId<HTMLSelectElement>("budget");
const setupMessage = byId<HTMLElement>("setup-message");
const startButton = byId<HTMLButtonElement>("start");

/** What is kept of a match. */
interface Stored {
  session: string;
  budget_ms: number;
  saved: number;
  over: boolean;
  /** What was tapped and not yet confirmed: the blocked cells, the card being picked. */
  draft?: Partial<Ui>;
}

const PREFIX = "quadmist.play.";
/** Stored matches kept (the oldest beyond this are dropped): the storage stays bounded. */
const KEEP = 8;
/** Opponent cards remembered. */
const SEEN = 24;
/** The adviser's first answer: searched this long, so that it shows at once. */
const QUICK_MS = 80;

const store = {
  get<T>(k: string): T | null {
    try {
      const t = localStorage.getItem(PREFIX + k);
      return t === null ? null : (JSON.parse(t) as T);
    } catch {
      return null;
    }
  },
  set(k: string, v: unknown): void {
    try {
      localStorage.setItem(PREFIX + k, JSON.stringify(v));
    } catch {
      // Storage full or refused: the match goes on, unsaved.
    }
  },
  remove(k: string): void {
    localStorage.removeItem(PREFIX + k);
  },
};

function newId(): string {
  return crypto.randomUUID();
}

let id = sessionStorage.getItem(`${PREFIX}tab`) ?? newId();
sessionStorage.setItem(`${PREFIX}tab`, id);
const matchKey = (i: string) => `match.${i}`;

/** The ids of the stored matches, newest first. */
function storedMatches(): [string, Stored][] {
  const out: [string, Stored][] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k?.startsWith(`${PREFIX}match.`)) continue;
    const s = store.get<Stored>(k.slice(PREFIX.length));
    if (s?.session) out.push([k.slice(`${PREFIX}match.`.length), s]);
  }
  return out.sort((a, b) => b[1].saved - a[1].saved);
}

/** Tabs tell each other which matches they follow: a tab that starts asks, and avoids those
 * (a duplicated tab inherits its original's sessionStorage, so its id: it takes a new one,
 * with a copy of the match, which then goes its own way). */
const channel = new BroadcastChannel(`${PREFIX}tabs`);
channel.addEventListener("message", (event: MessageEvent<{ roll?: boolean }>) => {
  if (event.data.roll) channel.postMessage({ holds: id });
});

function rollCall(): Promise<Set<string>> {
  return new Promise((resolve) => {
    const held = new Set<string>();
    const listen = (event: MessageEvent<{ holds?: string }>) => {
      if (event.data.holds) held.add(event.data.holds);
    };
    channel.addEventListener("message", listen);
    channel.postMessage({ roll: true });
    // Other tabs answer within a few milliseconds; a busy phone may take longer.
    setTimeout(() => {
      channel.removeEventListener("message", listen);
      resolve(held);
    }, 200);
  });
}

const WASM = new URL("./quadmist_play_bg.wasm", import.meta.url);
const WORKER = new URL("./play-worker.js", import.meta.url);

let match: PlayMatch | null = null;
/** The default budget: the setup menu's selected option (the adviser's own default). */
const DEFAULT_BUDGET_MS = Number(budgetSelect.value);
let ui: Ui = freshUi(DEFAULT_BUDGET_MS);
/** The worker's last answer (JSON), shown only while it is for the match as it is now. */
let advice = "";
/** The search under way: its worker, the session it searches, its id. */
let search: { worker: Worker; session: string; id: number } | null = null;
let idle: Worker | null = null;
let nextId = 1;
let module: WebAssembly.Module | null = null;
/** When the position last changed (for the adviser's answer times). */
let changedAt = 0;
let firstShown = false;
/** For tests and the benchmark: searches started and stopped, answers dropped as stale, and
 * the milliseconds from a change to the first and to the final answer shown. */
const stats = {
  started: 0,
  stopped: 0,
  stale: 0,
  shown: 0,
  first: [] as number[],
  refined: [] as number[],
  offline: false,
};

function freshUi(budget: number): Ui {
  return {
    selected: null,
    cell: null,
    blocks: [],
    chars: "____",
    cursor: null,
    arrows: 0,
    name: 0,
    fixing: false,
    editing: null,
    seen: store.get<Seen[]>("seen") ?? [],
    thinking: false,
    refining: false,
    message: "",
    budget_ms: budget,
    shown_mine: "",
    shown_theirs: "",
    evolved: false,
    card_text: "",
    typing: false,
  };
}

/** What of the script's state outlives a reload: what was tapped and not yet sent. */
function draft(): Partial<Ui> {
  const { blocks, chars, cursor, arrows, name, editing, shown_mine, shown_theirs, evolved, card_text, typing } = ui;
  return { blocks, chars, cursor, arrows, name, editing, shown_mine, shown_theirs, evolved, card_text, typing };
}

function save(): void {
  if (!match) return;
  const over = (JSON.parse(match.view()) as View).ask.kind === "over";
  const s: Stored = { session: match.session(), budget_ms: ui.budget_ms, saved: Date.now(), over, draft: draft() };
  store.set(matchKey(id), s);
  // Bounded: only the newest KEEP matches stay.
  for (const [old] of storedMatches().slice(KEEP)) store.remove(matchKey(old));
}

function load(which: string): boolean {
  const s = store.get<Stored>(matchKey(which));
  if (!s) return false;
  try {
    match?.free();
    match = PlayMatch.restore(s.session);
    ui = { ...freshUi(s.budget_ms || DEFAULT_BUDGET_MS), ...(s.draft ?? {}) };
    advice = "";
    return true;
  } catch {
    store.remove(matchKey(which));
    return false;
  }
}

function newWorker(): Worker {
  const w = new Worker(WORKER, { type: "module" });
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
    ui.refining = false;
    return;
  }
  const session = match.session();
  if (search?.session === session) return;
  if (adviceKey() === session && !ui.refining) {
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
  const rid = nextId++;
  search = { worker, session, id: rid };
  stats.started++;
  ui.thinking = true;
  const request: AdviceRequest = { id: rid, session, budget_ms: ui.budget_ms, quick_ms: QUICK_MS };
  worker.postMessage(request);
}

function adviceKey(): string | null {
  if (!advice) return null;
  try {
    return (JSON.parse(advice) as Advice).key;
  } catch {
    return null;
  }
}

function answered(worker: Worker, reply: AdviceReply): void {
  if (!search || search.worker !== worker || search.id !== reply.id) {
    stats.stale++;
    return;
  }
  if (reply.final) {
    search = null;
    // One idle worker is kept; a second is ended.
    if (idle) worker.terminate();
    else idle = worker;
  }
  if (!match || reply.session !== match.session()) {
    stats.stale++;
    return;
  }
  advice = reply.advice;
  stats.shown++;
  const ms = performance.now() - changedAt;
  if (!firstShown) {
    stats.first.push(ms);
    firstShown = true;
  }
  if (reply.final) stats.refined.push(ms);
  ui.thinking = !reply.final;
  ui.refining = !reply.final;
  render();
}

function render(): void {
  if (!match) {
    board.hidden = true;
    setup.hidden = false;
    drawSetup();
    return;
  }
  setup.hidden = true;
  board.hidden = false;
  board.innerHTML = match.html(advice, JSON.stringify(ui));
}

/** After a change of the match: draw it at once (the tap is answered), then store it and
 * restart the adviser (ending a worker and starting another takes longer than a frame). */
function changed(): void {
  ui.selected = null;
  ui.cell = null;
  ui.message = "";
  ui.refining = false;
  changedAt = performance.now();
  firstShown = false;
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
  save();
  const thinking = ui.thinking;
  think();
  if (ui.thinking !== thinking) render();
}

/** A change of what is tapped but not sent (blocks, the picker, the numbers typed): drawn and
 * kept, so that a reload before it is sent loses nothing. */
function touched(): void {
  render();
  save();
}

// A reload, a closed tab or a locked phone right after a tap loses nothing.
addEventListener("pagehide", () => {
  settle();
  save();
});
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") {
    settle();
    save();
  }
});

function view(): View | null {
  return match ? (JSON.parse(match.view()) as View) : null;
}

function send(command: Command): boolean {
  if (!match) return false;
  return done(match.apply(JSON.stringify(command)), command.do);
}

/** After the library took (`error` empty) or refused an entry of kind `kind`. */
function done(error: string, kind: Command["do"]): boolean {
  if (error) {
    ui.message = error;
    touched();
    return false;
  }
  if (kind === "their_card") clearPicker();
  if (kind === "blocks") ui.blocks = [];
  if (kind === "battle") {
    ui.shown_mine = "";
    ui.shown_theirs = "";
    ui.evolved = false;
  }
  changed();
  return true;
}

function clearPicker(): void {
  ui.chars = "____";
  ui.cursor = null;
  ui.arrows = 0;
  ui.name = 0;
  ui.card_text = "";
  ui.editing = null;
}

/** Remembers an opponent card for the next ones (newest first, each once). */
function remember(number: number, chars: string): void {
  if (chars.includes("_")) return;
  ui.seen = [{ number, chars }, ...ui.seen.filter((s) => s.number !== number || s.chars !== chars)].slice(0, SEEN);
  store.set("seen", ui.seen);
}

function bestMove(): Advice["moves"][number] | null {
  if (!match || adviceKey() !== match.session()) return null;
  return (JSON.parse(advice) as Advice).moves[0] ?? null;
}

/** The cards of the mover's hand still to place. */
function inHand(v: View, me: boolean): number[] {
  return v.cards.filter((c) => (c.slot < 5) === me && c.cell === null).map((c) => c.slot);
}

function tapCell(cell: number, slot: number | null): void {
  const v = view();
  if (!v) return;
  switch (v.ask.kind) {
    case "blocks": {
      const i = ui.blocks.indexOf(cell);
      if (i >= 0) ui.blocks.splice(i, 1);
      else ui.blocks.push(cell);
      ui.message = "";
      touched();
      return;
    }
    case "place": {
      if (slot !== null) return;
      const me = v.ask.me;
      if (ui.selected !== null) {
        send({ do: "place", slot: ui.selected, cell });
        return;
      }
      const best = bestMove();
      if (me && best && best.cell === cell) {
        send({ do: "place", slot: best.slot, cell: best.cell });
        return;
      }
      const [only, ...more] = inHand(v, me);
      if (only !== undefined && more.length === 0) {
        send({ do: "place", slot: only, cell });
        return;
      }
      ui.cell = ui.cell === cell ? null : cell;
      ui.message = "";
      render();
      return;
    }
    case "target":
      if (slot !== null) send({ do: "target", slot });
      return;
  }
}

/** A tap on the opponent card picker, worked out by the library. */
function pickerTap(tap: PickerTap): void {
  const out = match?.picker_tap(JSON.stringify(ui), JSON.stringify(tap));
  if (!out) return;
  const p = JSON.parse(out) as Picked;
  ui.chars = p.chars;
  ui.cursor = p.cursor;
  ui.arrows = p.arrows;
  ui.name = p.name;
  ui.message = p.error ?? "";
  if (p.add && p.card) {
    addTheirCard(p);
    return;
  }
  touched();
}

function addTheirCard(p: Picked): void {
  if (!p.card) {
    ui.message = p.error ?? "Enter the card's four characters first.";
    touched();
    return;
  }
  const [number, chars] = [p.name, p.card_chars ?? p.chars];
  if (send({ do: "their_card", card: p.card })) remember(number, chars);
}

/** Opens their card `n` in the picker, to correct it. */
function edit(n: number): void {
  if (!match) return;
  const p = match.their_card_picker(n);
  if (!p) return;
  const c = JSON.parse(p) as CardPicker;
  ui.editing = n;
  ui.fixing = false;
  ui.chars = c.chars;
  ui.arrows = c.arrows;
  ui.name = c.name;
  ui.cursor = null;
  ui.message = "";
  touched();
}

function saveEdit(): void {
  if (!match || ui.editing === null) return;
  const p = JSON.parse(match.picker_tap(JSON.stringify(ui), '"look"')) as Picked;
  if (!p.card) {
    ui.message = p.error ?? "Enter the card's four characters first.";
    touched();
    return;
  }
  const error = match.edit_their_card(ui.editing, p.card);
  if (error) {
    ui.message = error;
    touched();
    return;
  }
  remember(p.name, p.card_chars ?? p.chars);
  clearPicker();
  advice = "";
  stopSearch();
  changed();
}

function act(target: HTMLElement): void {
  const what = target.dataset.act;
  const v = view();
  switch (what) {
    case "undo": {
      if (!match) return;
      // Undoing their card puts it back into the picker, to be corrected.
      const commands = (JSON.parse(match.session()) as Session).commands;
      const last = commands[commands.length - 1];
      if (match.undo()) {
        if (last?.do === "their_card") {
          const c = card_picker(last.card);
          if (c) Object.assign(ui, JSON.parse(c) as CardPicker, { cursor: null });
        }
        changed();
      }
      return;
    }
    case "new":
      if (match && v?.ask.kind !== "over" && !confirm("Leave this match and start another?")) return;
      leave();
      return;
    case "rematch":
      rematch();
      return;
    case "fix":
      ui.fixing = !ui.fixing;
      ui.message = "";
      touched();
      return;
    case "fix-cancel":
      ui.fixing = false;
      touched();
      return;
    case "edit-cancel":
      clearPicker();
      ui.message = "";
      touched();
      return;
    case "save":
      saveEdit();
      return;
    case "card": {
      const slot = Number(target.dataset.slot);
      if (slot >= 5 && (ui.fixing || v?.ask.kind === "their_card")) {
        edit(slot - 5);
        return;
      }
      if (ui.cell !== null) {
        send({ do: "place", slot, cell: ui.cell });
        return;
      }
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
    case "battle":
      if (match) done(match.battle(target.dataset.won === "1", ui.shown_mine, ui.shown_theirs, ui.evolved), "battle");
      return;
    case "key":
      pickerTap({ key: target.dataset.key ?? "" });
      return;
    case "at":
      pickerTap({ at: Number(target.dataset.at) });
      return;
    case "back":
      pickerTap("back");
      return;
    case "arrow":
      pickerTap({ arrow: Number(target.dataset.bit) });
      return;
    case "seen":
      pickerTap({ seen: Number(target.dataset.i) });
      return;
    case "add":
      if (match) addTheirCard(JSON.parse(match.picker_tap(JSON.stringify(ui), '"look"')) as Picked);
      return;
    case "add-text": {
      const text = ui.card_text.trim();
      if (ui.editing !== null) {
        const error = match?.edit_their_card(ui.editing, text);
        if (error) {
          ui.message = error;
          touched();
        } else {
          clearPicker();
          changed();
        }
        return;
      }
      if (send({ do: "their_card", card: text })) {
        const c = card_picker(text);
        if (c) {
          const p = JSON.parse(c) as CardPicker;
          remember(p.name, p.chars);
        }
      }
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

// What is typed is kept as it is typed: an error shown later does not wipe it.
board.addEventListener("input", (event) => {
  const t = event.target as HTMLInputElement;
  if (t.id === "shown-mine") ui.shown_mine = t.value;
  else if (t.id === "shown-theirs") ui.shown_theirs = t.value;
  else if (t.id === "card-text") ui.card_text = t.value;
  else return;
  save();
});

// The line to type a card stays open across redraws once opened (toggle does not bubble).
board.addEventListener(
  "toggle",
  (event) => {
    const d = event.target as HTMLDetailsElement;
    if (d.classList.contains("typed-line") && d.open !== ui.typing) {
      ui.typing = d.open;
      save();
    }
  },
  true,
);

board.addEventListener("change", (event) => {
  const t = event.target as HTMLElement;
  if (t.id === "evolved") {
    ui.evolved = (t as HTMLInputElement).checked;
    save();
  } else if (t.id === "name") {
    pickerTap({ name: Number((t as HTMLSelectElement).value) });
  } else if (t.id === "budget-now") {
    // A new budget: the position is searched again with it.
    ui.budget_ms = Number((t as HTMLSelectElement).value);
    stopSearch();
    advice = "";
    ui.thinking = false;
    changed();
  }
});

/** Leaves the match shown (it stays stored, finished or to be resumed) for the set-up. */
function leave(): void {
  stopSearch();
  if (match) save();
  match?.free();
  match = null;
  advice = "";
  dirty = false;
  id = newId();
  sessionStorage.setItem(`${PREFIX}tab`, id);
  offer = null;
  render();
  // The match left, if unfinished, is offered back (unless another tab follows it).
  void rollCall().then((held) => {
    if (match) return;
    offer = openMatch(held);
    render();
  });
}

/** The newest unfinished match no open tab follows. */
function openMatch(held: Set<string>): { id: string; stored: Stored } | null {
  const open = storedMatches().find(([i, s]) => !s.over && !held.has(i));
  return open ? { id: open[0], stored: open[1] } : null;
}

/** A new match with my five cards, in a new record (the last one stays stored). */
function begin(mine: string, budget: number): boolean {
  let m: PlayMatch;
  try {
    m = PlayMatch.start(mine);
  } catch (e) {
    setupMessage.textContent = String(e);
    return false;
  }
  if (match) save();
  match?.free();
  match = m;
  id = newId();
  sessionStorage.setItem(`${PREFIX}tab`, id);
  setupMessage.textContent = "";
  advice = "";
  ui = freshUi(budget);
  store.set("hand", { mine, saved: Date.now() });
  offer = null;
  changed();
  return true;
}

function rematch(): void {
  const mine = match ? (JSON.parse(match.session()) as Session).mine : store.get<{ mine: string }>("hand")?.mine;
  if (mine) begin(mine, ui.budget_ms);
}

// The set-up: my five cards from a save, tapped in hand order, or typed.
let picked: number[] = [];
let saves: HandSave[] = store.get<HandSave[]>("saves") ?? [];
/** The unfinished match offered for resuming, if any. */
let offer: { id: string; stored: Stored } | null = null;

function when(t: number): string {
  const d = new Date(t);
  const time = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const today = new Date().toDateString() === d.toDateString();
  return today ? time : `${d.toLocaleDateString([], { day: "numeric", month: "short" })}, ${time}`;
}

function drawSetup(): void {
  resumeBox.replaceChildren();
  const last = store.get<{ mine: string }>("hand");
  const button = (text: string, act: () => void, cls = "wide") => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = text;
    b.addEventListener("click", act);
    return b;
  };
  if (offer) {
    const o = offer;
    const p = document.createElement("p");
    p.textContent = `Resume the match from ${when(o.stored.saved)}?`;
    resumeBox.append(
      p,
      button("Resume", () => {
        id = o.id;
        sessionStorage.setItem(`${PREFIX}tab`, id);
        offer = null;
        if (load(id)) changed();
        else render();
      }, "wide resume-yes"),
    );
  }
  if (last?.mine) {
    resumeBox.append(button("Rematch with the same hand", () => begin(last.mine, Number(budgetSelect.value)), "wide rematch"));
  }
  resumeBox.hidden = resumeBox.childElementCount === 0;
  drawSaveCards();
}

/** The save's cards, those picked and the order asked, for the library. */
function handPick(save: HandSave): HandPick {
  return { cards: save.cards, picked, sort: sortSelect.value };
}

function currentSave(): HandSave | undefined {
  return saves[Number(saveList.value || 0)];
}

function drawSaveCards(): void {
  const save = currentSave();
  saveList.replaceChildren(
    ...saves.map((s, i) => {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = `${s.label} (${s.cards.length} cards)`;
      return o;
    }),
  );
  saveList.hidden = saves.length < 2;
  sortSelect.parentElement!.hidden = !save;
  saveCards.innerHTML = save ? hand_cards_html(JSON.stringify(handPick(save))) : "";
  handList.replaceChildren(
    ...picked.map((slot) => {
      const li = document.createElement("li");
      li.textContent = save?.cards.find((c) => c.slot === slot)?.digits ?? "?";
      return li;
    }),
  );
  if (save && save.cards.length < 5) {
    const held = save.cards.length === 1 ? "1 card" : `${save.cards.length} cards`;
    // tetra-master-match §1.3: the game creates 8 random cards for a player with fewer than 5.
    setupMessage.textContent =
      `This save holds ${held}: a hand needs five. The game adds 8 random cards when a match ` +
      "starts with fewer than five: save after that match and load the new save, or type five " +
      "cards below.";
  }
  startButton.disabled = !(picked.length === 5 || mineText.value.trim() !== "");
}

saveCards.addEventListener("click", (event) => {
  const b = (event.target as HTMLElement).closest<HTMLElement>("[data-slot]");
  const save = currentSave();
  if (!b || !save) return;
  const slot = Number(b.dataset.slot);
  const i = picked.indexOf(slot);
  if (i >= 0) picked.splice(i, 1);
  else if (picked.length < 5) picked.push(slot);
  mineText.value = hand_text(JSON.stringify(handPick(save)));
  drawSaveCards();
});

saveInput.addEventListener("change", async () => {
  const file = saveInput.files?.[0];
  if (!file) return;
  if (file.size > MAX_FILE_SIZE) {
    // Refused unread: no save is this large.
    setupMessage.textContent = `${file.name}: too large to be a save`;
    return;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const out = JSON.parse(save_hands(file.name, bytes)) as Saves;
  setupMessage.textContent = out.error ?? "";
  saves = out.saves;
  store.set("saves", saves);
  picked = [];
  saveList.value = "0";
  drawSaveCards();
});
saveList.addEventListener("change", () => {
  picked = [];
  setupMessage.textContent = "";
  drawSaveCards();
});
sortSelect.addEventListener("change", drawSaveCards);
mineText.addEventListener("input", () => {
  startButton.disabled = mineText.value.trim() === "";
});

startButton.addEventListener("click", () => {
  const mine = mineText.value.trim();
  if (!mine) {
    setupMessage.textContent = "Pick five cards from a save, or type them.";
    return;
  }
  begin(mine, Number(budgetSelect.value));
});

/** Keeps the page's files for use with no network: a service worker (scope: the companion's
 * files only), told which files this page loaded. */
async function keepOffline(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  try {
    const reg = await navigator.serviceWorker.register(new URL("./play-sw.js", import.meta.url), {
      scope: "./play",
    });
    await navigator.serviceWorker.ready;
    const files = [
      location.href.split("#")[0]!,
      new URL("./play.html", location.href).href,
      new URL("./play.css", location.href).href,
      new URL("./play.webmanifest", location.href).href,
      new URL("./play-icon.svg", location.href).href,
      import.meta.url,
      WORKER.href,
      WASM.href,
    ];
    const done = new MessageChannel();
    const kept = new Promise<void>((resolve) => {
      done.port1.onmessage = () => resolve();
    });
    (reg.active ?? navigator.serviceWorker.controller)?.postMessage({ keep: files }, [done.port2]);
    await kept;
    stats.offline = true;
    document.body.dataset.offline = "1";
  } catch {
    // No service worker (a private window, a file:// page): the page works online only.
  }
}

/** For tests and the benchmark: the search's positions and milliseconds on this thread. */
(globalThis as unknown as { quadmistPlay: object }).quadmistPlay = {
  stats,
  searchSpeed: (left: number, count: number, nodes: number) =>
    Array.from(search_speed(left, count, BigInt(nodes))),
};

async function main(): Promise<void> {
  module = await WebAssembly.compileStreaming(fetch(WASM));
  await init({ module_or_path: module });
  const held = await rollCall();
  if (held.has(id)) {
    // A duplicated tab: the same match, copied under an id of its own.
    const copy = store.get<Stored>(matchKey(id));
    id = newId();
    sessionStorage.setItem(`${PREFIX}tab`, id);
    if (copy) store.set(matchKey(id), copy);
  }
  status.hidden = true;
  // A worker with its library loaded, waiting: the adviser's first answer does not wait for
  // one to start.
  idle = newWorker();
  if (load(id)) {
    changed();
  } else {
    offer = openMatch(held);
    render();
  }
  document.body.dataset.ready = "1";
  void keepOffline();
}

main().catch((e: unknown) => {
  status.textContent = `The adviser could not be loaded: ${String(e)}`;
});
