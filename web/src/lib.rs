//! quadmist in the browser: the library compiled to WebAssembly, called from the page's Web
//! Worker. The page hands over the files a player dropped (their bytes never leave the
//! browser); this crate opens them with the library and answers each [`protocol::Request`]
//! with a [`protocol::Answer`] and the HTML the library's renderers make (the same markup as
//! `quadmist report`). It decides what a request means, which save opens, how saves are named
//! and ordered; the page's script only puts the answers in place.
//!
//! Everything here is plain Rust on top of [`Session`]; the `#[wasm_bindgen]` wrapper only
//! passes strings and bytes across, so native tests and the benchmark call the same code.

#[cfg(feature = "play")]
pub mod play;
#[cfg(feature = "play")]
pub mod play_protocol;
pub mod protocol;

use maud::{html, Markup};
use protocol::{Answer, Request, SaveItem};
use quadmist::ff9::{self, LoadedSave, SaveChoice, SaveEntry, SaveSet, MAX_FILE_SIZE};
use quadmist::model::{format_play_time, Collection};
use quadmist::report::diff::{render_diff, DiffSide};
use quadmist::report::header::SaveHeader;
use quadmist::report::html::{
    count, findings_list, render_card_panel, render_copies, render_page, render_view, PageSource,
    ViewParts,
};
use quadmist::report::views::{page_file_name, PlanOptions, SaveViews};
use wasm_bindgen::prelude::wasm_bindgen;

/// A sample save: the project's own fixture (save 1 of a simulated player, 83 cards, as an
/// `.mcs`), for a player who wants to see the page before dropping a save, and to warm the
/// library up when the page loads (its first save then runs compiled code).
pub const SAMPLE: &[u8] = include_bytes!("../../fixtures/ff9-file1.mcs");

/// The name the sample is listed under.
pub const SAMPLE_NAME: &str = "sample-ff9-file1.mcs";

/// One dropped file: its name, its bytes (kept for the Memoria sidecars of other files), what
/// opening it gave, and how its saves are named.
struct LoadedFile {
    name: String,
    bytes: Vec<u8>,
    opened: Result<SaveSet, String>,
    saves: Vec<SaveLabel>,
}

/// A save as the list names it.
#[derive(Debug, Clone)]
struct SaveLabel {
    selector: String,
    ff9: bool,
    /// Leader, level, disc, place, play time, points (or why it cannot be read).
    words: String,
    play_time: Option<f64>,
    latest: bool,
}

/// What adding a file did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    /// A new file, with its number.
    New(u32),
    /// The same bytes under the same name are already open as this file.
    AlreadyOpen(u32),
}

/// The files dropped on the page so far. A file keeps its number while it is open: a closed
/// file leaves a gap, so that a link to a save of another file stays right.
#[wasm_bindgen]
#[derive(Default)]
pub struct Session {
    files: Vec<Option<LoadedFile>>,
}

/// `name: message`, the file named once, as the command line says it (the library names a file
/// by its file name inside some messages).
fn name_once(name: &str, message: &str) -> String {
    format!("{name}: {}", message.replace(&format!("{name}: "), ""))
}

/// A whole number from a hash's text (digits only, at most nine).
fn number(text: &str) -> Option<u32> {
    (!text.is_empty() && text.len() <= 9 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// A hash's value with its `%XX` escapes decoded (the page escapes selectors with
/// `encodeURIComponent`); `None` when an escape is broken or the text is not UTF-8.
fn unescape(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = text.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// `0:1-2` → (0, "1-2").
fn save_ref(text: &str) -> Option<(u32, String)> {
    let (file, save) = text.split_once(':')?;
    Some((number(file)?, save.to_string()))
}

/// What a hash names.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Route {
    List,
    Save { file: u32, save: String, card: Option<u8> },
    Diff { a: (u32, String), b: (u32, String) },
}

/// Reads a hash (without its `#`): `f=0&s=1[&card=N]`, `diff=0:1,0:2`; anything else is the
/// list (an in-page link of an exported report, a hash typed by hand).
fn route(hash: &str) -> Route {
    let mut f = None;
    let mut s = None;
    let mut card = None;
    let mut diff = None;
    for pair in hash.split('&') {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let Some(v) = unescape(v) else { return Route::List };
        match k {
            "f" => f = number(&v),
            "s" => s = Some(v),
            "card" => {
                card =
                    number(&v).and_then(|n| u8::try_from(n).ok()).filter(|n| (1..=100).contains(n))
            }
            "diff" => diff = Some(v),
            _ => {}
        }
    }
    if let (Some(file), Some(save)) = (f, s) {
        return Route::Save { file, save, card };
    }
    if let Some(d) = diff {
        if let Some((a, b)) = d.split_once(',') {
            if let (Some(a), Some(b)) = (save_ref(a), save_ref(b)) {
                return Route::Diff { a, b };
            }
        }
    }
    Route::List
}

/// The hash of a save's view.
fn save_hash(file: u32, save: &str) -> String {
    let escaped: String = save
        .bytes()
        .flat_map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                vec![char::from(b)]
            } else {
                format!("%{b:02X}").chars().collect()
            }
        })
        .collect();
    format!("f={file}&s={escaped}")
}

impl Session {
    /// A session with no file.
    pub fn new() -> Self {
        Session::default()
    }

    fn file(&self, file: u32) -> Option<&LoadedFile> {
        self.files.get(file as usize).and_then(Option::as_ref)
    }

    /// The open files with their numbers.
    fn open_files(&self) -> impl Iterator<Item = (u32, &LoadedFile)> {
        self.files.iter().enumerate().filter_map(|(i, f)| Some((i as u32, f.as_ref()?)))
    }

    /// Adds a dropped file. `size` is the file's size; `bytes` is `None` when the page did not
    /// read it because it is larger than [`MAX_FILE_SIZE`]. The same file (same name, same
    /// bytes) is not added twice. Call [`Session::label`] once a batch is added.
    pub fn add(&mut self, name: &str, size: u64, bytes: Option<Vec<u8>>) -> Added {
        if let Some((i, _)) = self.open_files().find(|(_, f)| {
            f.name == name && f.opened.is_ok() && bytes.as_deref() == Some(&f.bytes[..])
        }) {
            return Added::AlreadyOpen(i);
        }
        let opened = match bytes {
            _ if size > MAX_FILE_SIZE => {
                Err(format!("cannot read {name}: {}", ff9::too_large(size)))
            }
            None => Err(format!("cannot read {name}: the browser gave no bytes")),
            Some(ref b) => {
                ff9::open(b, Some(name), &|_| None).map_err(|e| name_once(name, &e.to_string()))
            }
        };
        self.files.push(Some(LoadedFile {
            name: name.to_string(),
            bytes: bytes.unwrap_or_default(),
            opened,
            saves: Vec::new(),
        }));
        Added::New(self.files.len() as u32 - 1)
    }

    /// Names the saves of every open file (a file added later may be another's Memoria
    /// sidecar, which changes that file's cards).
    pub fn label(&mut self) {
        let labels: Vec<Vec<SaveLabel>> = self
            .files
            .iter()
            .map(|f| f.as_ref().map(|f| self.labels(f)).unwrap_or_default())
            .collect();
        for (f, l) in self.files.iter_mut().zip(labels) {
            if let Some(f) = f {
                f.saves = l;
            }
        }
    }

    fn labels(&self, f: &LoadedFile) -> Vec<SaveLabel> {
        let Ok(set) = &f.opened else { return Vec::new() };
        set.saves
            .iter()
            .map(|e| {
                let mut words = String::new();
                let mut play_time = e.summary.as_ref().and_then(|s| s.play_time_seconds);
                if e.is_ff9 {
                    match self.decoded(e) {
                        Ok(c) => {
                            play_time = c.summary.play_time_seconds.or(play_time);
                            let points = quadmist::rules::score::points(&c.cards);
                            words = format!(
                                "{}, {}",
                                SaveHeader::new(&f.name, e, Some(&c)).details(),
                                count(points as usize, "point", "points")
                            );
                        }
                        Err(why) => words = format!("cannot be read: {why}"),
                    }
                } else {
                    words.push_str(&e.name);
                    if !e.title.is_empty() {
                        words.push_str(", ");
                        words.push_str(&e.title);
                    }
                    words.push_str(" (not a Final Fantasy IX save with cards)");
                }
                SaveLabel {
                    selector: e.selector.clone(),
                    ff9: e.is_ff9,
                    words,
                    play_time,
                    latest: e.latest,
                }
            })
            .collect()
    }

    /// An entry with its Memoria sidecar when that file was dropped too (as the command line
    /// reads it from beside the save), decoded.
    fn decoded(&self, e: &SaveEntry) -> Result<Collection, String> {
        e.load(&|name: &str| {
            Ok(self.open_files().find(|(_, o)| o.name == name).map(|(_, o)| o.bytes.clone()))
        })
        .map(|loaded| loaded.collection)
        .map_err(|err| err.to_string())
    }

    /// Every save of every open file, in order.
    pub fn saves(&self) -> Vec<SaveItem> {
        let mut out = Vec::new();
        for (i, f) in self.open_files() {
            for s in &f.saves {
                out.push(SaveItem {
                    file: i,
                    save: s.selector.clone(),
                    key: format!("{i}:{}", s.selector),
                    ff9: s.ff9,
                    label: format!("{}, save {}: {}", f.name, s.selector, s.words),
                });
            }
        }
        out
    }

    /// The save a file opens on: the one the PC metadata names as the latest, else the FF9 save
    /// with the longest play time (the player's furthest), else the first FF9 save.
    fn opening_save(&self, file: u32) -> Option<&SaveLabel> {
        let f = self.file(file)?;
        let ff9 = || f.saves.iter().filter(|s| s.ff9);
        ff9().find(|s| s.latest).or_else(|| {
            ff9().fold(None, |best: Option<&SaveLabel>, s| match best {
                Some(b) if s.play_time.unwrap_or(-1.0) <= b.play_time.unwrap_or(-1.0) => Some(b),
                _ => Some(s),
            })
        })
    }

    /// The list of files and their saves: each FF9 save a link to its view, each file with a
    /// button that closes it, and one that closes them all.
    pub fn files_html(&self) -> String {
        let markup = html! {
            @if self.open_files().next().is_some() {
                p.list-actions { button #clear type="button" { "Close all files" } }
            }
            @for (i, f) in self.open_files() {
                (file_entry(i, f))
            }
        };
        markup.into_string()
    }

    /// The answer to an addition (`added` the results, in order) or a removal (which shows the
    /// list: the view may be of the file closed).
    fn listed(&self, added: &[Added]) -> Answer {
        let new: Vec<u32> = added
            .iter()
            .filter_map(|a| if let Added::New(i) = a { Some(*i) } else { None })
            .collect();
        let mut notice = Vec::new();
        let mut problem = None;
        for &i in &new {
            if let Some(Err(why)) = self.file(i).map(|f| &f.opened) {
                notice.push(format!("{why}."));
                problem.get_or_insert(i);
            }
        }
        for a in added {
            if let Added::AlreadyOpen(i) = a {
                if let Some(f) = self.file(*i) {
                    notice.push(format!("{} is already open.", f.name));
                }
            }
        }
        let mut status = Vec::new();
        let ff9 = self.saves().iter().filter(|s| s.ff9).count();
        let files = self.open_files().count();
        let open = new
            .iter()
            .find_map(|&i| self.opening_save(i).map(|s| save_hash(i, &s.selector)))
            .unwrap_or_default();
        if files == 0 {
            status.push("No file open.".to_string());
        } else if ff9 == 0 {
            status.push(format!(
                "No Final Fantasy IX save with cards in the {}.",
                if files == 1 { "file" } else { "files" }
            ));
        } else {
            status.push(format!(
                "{} in {}.",
                count(ff9, "Final Fantasy IX save", "Final Fantasy IX saves"),
                count(files, "file", "files")
            ));
        }
        Answer::Listed {
            added: new,
            saves: self.saves(),
            status: status.join(" "),
            notice: notice.join(" "),
            open,
            problem,
        }
    }

    /// Adds a batch of files and answers with the list.
    pub fn add_files(&mut self, files: Vec<(String, u64, Option<Vec<u8>>)>) -> Answer {
        let added: Vec<Added> =
            files.into_iter().map(|(name, size, bytes)| self.add(&name, size, bytes)).collect();
        self.label();
        self.listed(&added)
    }

    /// Closes a file (its number is not given again).
    pub fn remove(&mut self, file: u32) -> Answer {
        if let Some(f) = self.files.get_mut(file as usize) {
            *f = None;
        }
        // Its sidecar gone, another file's cards may change.
        self.label();
        self.listed(&[])
    }

    /// Closes every file.
    pub fn clear(&mut self) -> Answer {
        self.files.iter_mut().for_each(|f| *f = None);
        self.listed(&[])
    }

    /// The save `selector` names in file `file` (as the command line chooses it), decoded with
    /// its Memoria sidecar when that file was dropped too (as the command line reads it from
    /// beside the save), or why not, in the command line's words.
    fn collection(&self, file: u32, selector: &str) -> Result<Loaded<'_>, String> {
        let f = self.file(file).ok_or_else(|| {
            "that file is not open: drop it again (nothing is kept after the page closes)"
                .to_string()
        })?;
        let set = f.opened.as_ref().map_err(Clone::clone)?;
        let entry = set
            .choose(&SaveChoice::from_selector(Some(selector)))
            .map_err(|e| format!("{}: {e}", f.name))?;
        let save = entry
            .load(&|name: &str| {
                Ok(self.open_files().find(|(_, o)| o.name == name).map(|(_, o)| o.bytes.clone()))
            })
            .map_err(|e| format!("{} save {}: {e}", f.name, entry.selector))?;
        let views = SaveViews::new(&save.collection, &PlanOptions::default());
        Ok(Loaded { number: file, file: f, set, save, views })
    }

    /// What a hash names, rendered: `(answer, html)`.
    pub fn show(&self, hash: &str) -> (Answer, String) {
        match route(hash) {
            Route::List => (Answer::List { status: self.list_status() }, String::new()),
            Route::Save { file, save, card } => match self.view(file, &save) {
                Ok((mut answer, html)) => {
                    if let Answer::Save { card: c, .. } = &mut answer {
                        *c = card;
                    }
                    (answer, html)
                }
                Err(error) => {
                    (Answer::Failure { shown: format!("{file}:{save}"), error }, String::new())
                }
            },
            Route::Diff { a, b } => {
                let shown = format!("{}:{},{}:{}", a.0, a.1, b.0, b.1);
                match self.diff((a.0, &a.1), (b.0, &b.1)) {
                    Ok(html) => (
                        Answer::Diff {
                            shown,
                            title: "What changed: quadmist".to_string(),
                            status: "Comparing two saves, the earlier by play time first."
                                .to_string(),
                        },
                        html,
                    ),
                    Err(error) => (Answer::Failure { shown, error }, String::new()),
                }
            }
        }
    }

    fn list_status(&self) -> String {
        let files = self.open_files().count();
        if files == 0 {
            "Ready. Your files stay in this browser: nothing is uploaded.".to_string()
        } else {
            let ff9 = self.saves().iter().filter(|s| s.ff9).count();
            format!(
                "{} in {}: choose one in the list.",
                count(ff9, "Final Fantasy IX save", "Final Fantasy IX saves"),
                count(files, "file", "files")
            )
        }
    }

    /// A save's view: its answer and its HTML.
    pub fn view(&self, file: u32, selector: &str) -> Result<(Answer, String), String> {
        let l = self.collection(file, selector)?;
        let ViewParts { mut first, later } = render_view(&l.source(), &l.save.collection, &l.views);
        let later_at = first.encode_utf16().count() as u32;
        first.push_str(&later);
        let name = format!("{}, save {}", l.file.name, l.save.entry.selector);
        Ok((
            Answer::Save {
                shown: format!("{file}:{selector}"),
                title: format!("{name}: quadmist"),
                status: format!("Showing {name}: {}.", l.header().details()),
                points: l.views.score.points,
                card_count: l.save.collection.cards.len() as u32,
                card: None,
                later_at,
            },
            first,
        ))
    }

    /// What album card `id` of a save opens on: its caps and each copy's exact stats.
    pub fn card(&self, file: u32, selector: &str, id: u8) -> Result<String, String> {
        let l = self.collection(file, selector)?;
        render_card_panel(&l.save.collection, &l.views, id)
            .ok_or_else(|| format!("no card with id {id}"))
    }

    /// The table of a save's copies.
    pub fn copies(&self, file: u32, selector: &str) -> Result<String, String> {
        let l = self.collection(file, selector)?;
        Ok(render_copies(&l.save.collection, &l.views))
    }

    /// The self-contained report of a save, as `quadmist report` writes it, and its file name.
    pub fn report(&self, file: u32, selector: &str) -> Result<(String, String), String> {
        let l = self.collection(file, selector)?;
        let html = render_page(&l.source(), &l.save.collection, &l.views);
        Ok((html, page_file_name(&l.file.name, Some(selector))))
    }

    /// What changed from one save to the other, the earlier by play time first.
    pub fn diff(&self, a: (u32, &str), b: (u32, &str)) -> Result<String, String> {
        let a = self.collection(a.0, a.1)?;
        let b = self.collection(b.0, b.1)?;
        let label = |l: &Loaded<'_>| {
            let time = l.save.collection.summary.play_time_seconds.map(format_play_time);
            format!(
                "{}, save {}{}",
                l.file.name,
                l.save.entry.selector,
                time.map(|t| format!(" ({t})")).unwrap_or_default()
            )
        };
        let link =
            |l: &Loaded<'_>| format!("#{}&card=", save_hash(l.number, &l.save.entry.selector));
        let (la, lb) = (label(&a), label(&b));
        let (ka, kb) = (link(&a), link(&b));
        Ok(render_diff(
            DiffSide {
                collection: &a.save.collection,
                entry: &a.save.entry,
                label: &la,
                link: &ka,
            },
            DiffSide {
                collection: &b.save.collection,
                entry: &b.save.entry,
                label: &lb,
                link: &kb,
            },
        ))
    }

    /// Answers a request other than `add` (whose bytes go apart): `(answer, html)`.
    pub fn answer(&mut self, request: Request) -> (Answer, String) {
        let failure =
            |shown: String, error: String| (Answer::Failure { shown, error }, String::new());
        match request {
            Request::Add { files } => {
                let answer = self.add_files(
                    files.into_iter().map(|f| (f.name, f.size as u64, f.bytes)).collect(),
                );
                (answer, self.files_html())
            }
            Request::Sample => {
                let sample = (SAMPLE_NAME.to_string(), SAMPLE.len() as u64, Some(SAMPLE.to_vec()));
                (self.add_files(vec![sample]), self.files_html())
            }
            Request::Remove { file } => (self.remove(file), self.files_html()),
            Request::Clear => (self.clear(), self.files_html()),
            Request::Show { hash } => self.show(&hash),
            Request::Card { file, save, id } => match self.card(file, &save, id) {
                Ok(html) => (Answer::Html, html),
                Err(e) => failure(format!("{file}:{save}"), e),
            },
            Request::Copies { file, save } => match self.copies(file, &save) {
                Ok(html) => (Answer::Html, html),
                Err(e) => failure(format!("{file}:{save}"), e),
            },
            Request::Report { file, save } => match self.report(file, &save) {
                Ok((html, file_name)) => (Answer::Report { file_name }, html),
                Err(e) => failure(format!("{file}:{save}"), e),
            },
        }
    }
}

/// A save opened and decoded.
struct Loaded<'a> {
    number: u32,
    file: &'a LoadedFile,
    set: &'a SaveSet,
    save: LoadedSave,
    views: SaveViews,
}

impl Loaded<'_> {
    /// The one header that names a save, as the command line names it.
    fn header(&self) -> SaveHeader {
        SaveHeader::of(&self.file.name, &self.save)
    }

    fn source(&self) -> PageSource<'_> {
        PageSource {
            file_name: self.file.name.clone(),
            file_kind: self.set.kind.description(),
            entry: &self.save.entry,
            file_findings: &self.set.findings,
        }
    }
}

/// One file in the list: its name and a button that closes it, its kind, its findings (or why
/// it cannot be read) and its saves.
fn file_entry(i: u32, f: &LoadedFile) -> Markup {
    html! {
        section.file data-file=(i) {
            h3 { span.name { (f.name) } " "
                button.remove type="button" data-remove=(i) aria-label={ "Close " (f.name) } { "Close" } }
            @match &f.opened {
                Err(message) => {
                    ul.findings { li.finding.error { strong { "error" } ": " (message) } }
                }
                Ok(set) => {
                    p.muted { (set.kind.description()) ", "
                        (count(set.saves.len(), "save", "saves")) }
                    (findings_list(&set.findings))
                    ul.saves {
                        @for s in &f.saves {
                            li { @if s.ff9 {
                                a href={ "#" (save_hash(i, &s.selector)) } data-save=(s.selector) {
                                    "Save " (s.selector) } ": " (s.words)
                            } @else {
                                span.muted { "Save " (s.selector) ": " (s.words) }
                            } }
                        }
                    }
                }
            }
        }
    }
}

/// The JavaScript face of [`Session`]: strings and bytes in; the answer as JSON out, and the
/// HTML it shows handed over on its own by [`Page::take_html`] (not inside JSON: escaping and
/// parsing a fifth of a megabyte of markup twice costs more than the library's whole work on a
/// save).
#[wasm_bindgen]
pub struct Page {
    session: Session,
    pending: Vec<(String, u64, Option<Vec<u8>>)>,
    html: String,
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| {
        serde_json::to_string(&Answer::Failure { shown: String::new(), error: e.to_string() })
            .unwrap_or_default()
    })
}

#[wasm_bindgen]
impl Page {
    /// A page with no file.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Page {
        Page { session: Session::new(), pending: Vec::new(), html: String::new() }
    }

    /// Hands over one file of an `add` request (`bytes` absent for a file not read); the
    /// request itself, its files' bytes left out, follows through [`Page::answer`].
    pub fn give(&mut self, name: &str, size: f64, bytes: Option<Vec<u8>>) {
        // A file's size is a whole number of bytes under 2^53: exact in an f64.
        self.pending.push((name.to_string(), size as u64, bytes));
    }

    /// Answers a request (JSON, as `protocol::Request`; an `add` takes the files given before
    /// it): answers JSON (`protocol::Answer`), the HTML waiting in [`Page::take_html`].
    pub fn answer(&mut self, request: &str) -> String {
        let (answer, html) = match serde_json::from_str::<Request>(request) {
            Ok(Request::Add { .. }) => {
                let files = std::mem::take(&mut self.pending);
                (self.session.add_files(files), self.session.files_html())
            }
            Ok(r) => self.session.answer(r),
            Err(e) => (
                Answer::Failure {
                    shown: String::new(),
                    error: format!("a request not understood: {e}"),
                },
                String::new(),
            ),
        };
        self.html = html;
        json(&answer)
    }

    /// The HTML of the last answer (empty once taken).
    pub fn take_html(&mut self) -> String {
        std::mem::take(&mut self.html)
    }
}

impl Default for Page {
    fn default() -> Self {
        Page::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_read_as_the_page_writes_them() {
        assert_eq!(route(""), Route::List);
        assert_eq!(route("card-5"), Route::List);
        assert_eq!(route("f=0&s=1"), Route::Save { file: 0, save: "1".into(), card: None });
        assert_eq!(
            route("f=3&s=1-2&card=100"),
            Route::Save { file: 3, save: "1-2".into(), card: Some(100) }
        );
        assert_eq!(
            route("f=3&s=1&card=101"),
            Route::Save { file: 3, save: "1".into(), card: None }
        );
        assert_eq!(route("f=x&s=1"), Route::List);
        assert_eq!(route("f=0&s=a%20b"), Route::Save { file: 0, save: "a b".into(), card: None });
        assert_eq!(route("f=0&s=%zz"), Route::List);
        assert_eq!(
            route("diff=0:1,2:auto"),
            Route::Diff { a: (0, "1".into()), b: (2, "auto".into()) }
        );
        assert_eq!(route("diff=0:1"), Route::List);
        assert_eq!(save_hash(1, "1-2"), "f=1&s=1-2");
        assert_eq!(save_hash(1, "a b"), "f=1&s=a%20b");
        let back = save_hash(4, "x/y z");
        assert_eq!(route(&back), Route::Save { file: 4, save: "x/y z".into(), card: None });
    }

    fn fixture(name: &str) -> Vec<u8> {
        std::fs::read(format!("{}/../fixtures/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
    }

    #[test]
    fn a_file_is_listed_once_and_closes() {
        let mut s = Session::new();
        let card = fixture("ff9-three-saves.mcr");
        let len = card.len() as u64;
        s.add_files(vec![("c.mcr".into(), len, Some(card.clone()))]);
        let Answer::Listed { added, notice, .. } =
            s.add_files(vec![("c.mcr".into(), len, Some(card.clone()))])
        else {
            panic!()
        };
        assert!(added.is_empty());
        assert_eq!(notice, "c.mcr is already open.");
        // Another name: another file.
        s.add_files(vec![("d.mcr".into(), len, Some(card))]);
        assert_eq!(s.open_files().count(), 2);
        s.remove(0);
        assert_eq!(s.open_files().map(|(i, _)| i).collect::<Vec<_>>(), [1]);
        assert!(s.saves().iter().all(|x| x.file == 1));
        s.clear();
        assert_eq!(s.open_files().count(), 0);
    }

    #[test]
    fn a_memory_card_opens_on_its_furthest_save_and_names_each_as_the_load_screen() {
        // The fixture card: save 1 at 34:05:41 (disc 3), save 2 at 18:40:33, save 3 at 5:12:09.
        let mut s = Session::new();
        let card = fixture("ff9-three-saves.mcr");
        let Answer::Listed { open, saves, .. } =
            s.add_files(vec![("c.mcr".into(), card.len() as u64, Some(card))])
        else {
            panic!()
        };
        assert_eq!(open, "f=0&s=1");
        assert_eq!(
            saves[0].label,
            "c.mcr, save 1: Zidane Lv 52, disc 3, Black Mage Village, 34:05:41, 915 points"
        );
        assert_eq!(saves[2].key, "0:3");
    }

    const THREE_SAVES: &[u8] = include_bytes!("../../fixtures/ff9-three-saves.mcr");

    /// A Switch save of one card (Goblin), the file's only save.
    const SWITCH: &str = r#"{"Data":{"30000_MiniGame":{"sWin":"1","sLose":"0","sDraw":"0",
        "MiniGameCard":[{"id":"0","side":"0","atk":"16","type":"0","pdef":"16","mdef":"16",
        "cpoint":"10","arrow":"1"}]},"95000_Setting":{"00001_time":"3600"}}}"#;

    fn session() -> Session {
        let mut s = Session::new();
        s.add("ff9-three-saves.mcr", THREE_SAVES.len() as u64, Some(THREE_SAVES.to_vec()));
        s.add("AUTO", SWITCH.len() as u64, Some(SWITCH.as_bytes().to_vec()));
        s.add(".mcr", THREE_SAVES.len() as u64, Some(THREE_SAVES.to_vec()));
        s
    }

    /// The page chooses a save as the command line does: the selector without case and spaces,
    /// `latest`, and only Final Fantasy IX saves.
    #[test]
    fn saves_are_chosen_as_the_command_line_chooses_them() {
        let s = session();
        let cards = |file: u32, save: &str| match s.view(file, save) {
            Ok((Answer::Save { card_count, .. }, _)) => card_count,
            other => panic!("{other:?}"),
        };
        assert_eq!(cards(0, "1"), 83);
        assert_eq!(cards(0, " 1 "), 83, "spaces around the selector");
        assert_eq!(cards(1, "latest"), 1, "a file's only save is latest");
        assert_eq!(cards(1, "AUTO"), 1);
        let latest = s.view(0, "latest").unwrap_err();
        assert!(latest.contains("does not record which save is the latest"), "{latest}");
        let none = s.view(0, "9").unwrap_err();
        assert_eq!(none, "ff9-three-saves.mcr: no save `9`");
    }

    /// A save's view splits where the sections after the album begin, counted in UTF-16 code
    /// units as the page's script slices it (the album's legend has `÷`, `×` and `★`, one code
    /// unit each but two or three bytes in UTF-8).
    #[test]
    fn a_view_splits_after_the_album_at_a_javascript_index() {
        let (answer, html) = session().view(0, "1").unwrap();
        let Answer::Save { later_at, .. } = answer else { panic!("{answer:?}") };
        let units: Vec<u16> = html.encode_utf16().collect();
        let (first, later) = units.split_at(later_at as usize);
        let (first, later) =
            (String::from_utf16(first).unwrap(), String::from_utf16(later).unwrap());
        assert!(first.contains(r#"<section id="album">"#) && first.contains('★'), "{first}");
        assert_eq!(first.matches(r#"<details class="card"#).count(), 100);
        assert!(first.ends_with("</section>"), "{}", &first[first.len() - 80..]);
        assert!(later.starts_with(r#"<section id="copies">"#), "{}", &later[..80]);
        for id in ["plan", "missing", "source", "findings"] {
            assert!(!first.contains(&format!(r#"id="{id}""#)), "{id} before the album's end");
            assert!(later.contains(&format!(r#"<section id="{id}""#)), "{id} missing");
        }
    }

    /// The export is named by the one function `quadmist report` names its page with.
    #[test]
    fn the_export_is_named_as_quadmist_report_names_it() {
        let s = session();
        assert_eq!(s.report(0, "2").unwrap().1, "ff9-three-saves-save-2-collection.html");
        assert_eq!(s.report(1, "auto").unwrap().1, "AUTO-save-auto-collection.html");
        // `quadmist report .mcr --save 1` writes `-mcr-save-1-collection.html`, as
        // `Path::file_stem` keeps a leading dot.
        assert_eq!(s.report(2, "1").unwrap().1, "-mcr-save-1-collection.html");
    }
}
