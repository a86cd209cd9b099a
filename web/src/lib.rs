//! quadmist in the browser: the library compiled to WebAssembly, called from the page's Web
//! Worker. The page hands over the files a player dropped (their bytes never leave the
//! browser); this crate opens them with the library and answers with HTML the library's
//! renderers make (the same markup as `quadmist report`) and a few figures as JSON.
//!
//! Everything here is plain Rust on top of [`Session`]; the `#[wasm_bindgen]` wrapper only
//! passes strings and bytes across, so native tests and the benchmark call the same code.

pub mod play;

use maud::{html, Markup};
use quadmist::ff9::{self, LoadedSave, SaveChoice, SaveSet, MAX_FILE_SIZE};
use quadmist::model::Finding;
use quadmist::report::diff::render_diff;
use quadmist::report::html::{count, render_card_panel, render_page, render_view, PageSource};
use quadmist::report::views::{page_file_name, PlanOptions, SaveViews};
use serde::Serialize;
use wasm_bindgen::prelude::wasm_bindgen;

/// A sample save: the project's own fixture (save 1 of a simulated player, 83 cards, as an
/// `.mcs`), for a player who wants to see the page before dropping a save, and to warm the
/// library up when the page loads (its first save then runs compiled code).
pub const SAMPLE: &[u8] = include_bytes!("../../fixtures/ff9-file1.mcs");

/// The name the sample is listed under.
pub const SAMPLE_NAME: &str = "sample-ff9-file1.mcs";

/// One dropped file: its name, its bytes (kept for the Memoria sidecars of other files) and
/// what opening it gave.
struct LoadedFile {
    name: String,
    bytes: Vec<u8>,
    opened: Result<SaveSet, String>,
}

/// The files dropped on the page so far.
#[wasm_bindgen]
#[derive(Default)]
pub struct Session {
    files: Vec<LoadedFile>,
}

/// One save in the list, as the page's script needs it.
#[derive(Debug, Serialize)]
pub struct SaveItem {
    /// The file's index in the session.
    pub file: usize,
    /// The save's selector (`1`, `1-2`, `auto` ...).
    pub selector: String,
    /// True for a Final Fantasy IX save that holds a collection.
    pub ff9: bool,
    /// A short label: file name and save.
    pub label: String,
}

/// A save shown: its view and the figures tools check.
#[derive(Debug, Serialize)]
pub struct View {
    /// The view's HTML (score, album, missing cards, plan, source, findings).
    pub html: String,
    /// Collector points.
    pub points: u32,
    /// Cards in the collection.
    pub card_count: usize,
    /// The page title.
    pub title: String,
}

/// Why a save cannot be shown, in the command line's words.
#[derive(Debug, Serialize)]
pub struct Failure {
    /// The message, as `quadmist` prints it after `error: `.
    pub error: String,
}

/// The report page for export.
#[derive(Debug, Serialize)]
pub struct Export {
    /// The page, byte for byte what `quadmist report FILE --save S -o -` writes.
    pub html: String,
    /// The file name `quadmist report` would give it.
    pub file_name: String,
}

/// `name: message`, the file named once, as the command line says it (the library names a file
/// by its file name inside some messages).
fn name_once(name: &str, message: &str) -> String {
    format!("{name}: {}", message.replace(&format!("{name}: "), ""))
}

impl Session {
    /// A session with no file.
    pub fn new() -> Self {
        Session::default()
    }

    /// Adds a dropped file. `size` is the file's size; `bytes` is `None` when the page did not
    /// read it because it is larger than [`MAX_FILE_SIZE`]. Returns the file's index.
    pub fn add(&mut self, name: &str, size: u64, bytes: Option<Vec<u8>>) -> usize {
        let opened = match bytes {
            _ if size > MAX_FILE_SIZE => {
                Err(format!("cannot read {name}: {}", ff9::too_large(size)))
            }
            None => Err(format!("cannot read {name}: the browser gave no bytes")),
            Some(ref b) => {
                ff9::open(b, Some(name), &|_| None).map_err(|e| name_once(name, &e.to_string()))
            }
        };
        self.files.push(LoadedFile {
            name: name.to_string(),
            bytes: bytes.unwrap_or_default(),
            opened,
        });
        self.files.len() - 1
    }

    /// Every save of every file, in order.
    pub fn saves(&self) -> Vec<SaveItem> {
        let mut out = Vec::new();
        for (i, f) in self.files.iter().enumerate() {
            if let Ok(set) = &f.opened {
                for e in &set.saves {
                    out.push(SaveItem {
                        file: i,
                        selector: e.selector.clone(),
                        ff9: e.is_ff9,
                        label: format!("{} save {}", f.name, e.selector),
                    });
                }
            }
        }
        out
    }

    /// The list of files and their saves: each FF9 save a link to its view.
    pub fn files_html(&self) -> String {
        let markup = html! {
            @if self.files.is_empty() {
                p.muted { "No file yet." }
            }
            @for (i, f) in self.files.iter().enumerate() {
                (file_entry(i, f))
            }
        };
        markup.into_string()
    }

    /// The save `selector` names in file `file` (as the command line chooses it), decoded with
    /// its Memoria sidecar when that file was dropped too (as the command line reads it from
    /// beside the save), or why not, in the command line's words.
    fn collection(&self, file: usize, selector: &str) -> Result<Loaded<'_>, String> {
        let f = self.files.get(file).ok_or_else(|| format!("no file number {file}"))?;
        let set = f.opened.as_ref().map_err(Clone::clone)?;
        let entry = set
            .choose(&SaveChoice::from_selector(Some(selector)))
            .map_err(|e| format!("{}: {e}", f.name))?;
        let save = entry
            .load(&|name: &str| {
                Ok(self.files.iter().find(|o| o.name == name).map(|o| o.bytes.clone()))
            })
            .map_err(|e| format!("{} save {}: {e}", f.name, entry.selector))?;
        Ok(Loaded { file: f, set, save })
    }

    /// A save's view: the report's sections and the missing cards.
    pub fn view(&self, file: usize, selector: &str) -> Result<View, Failure> {
        let l = self.collection(file, selector).map_err(|error| Failure { error })?;
        let views = SaveViews::new(&l.save.collection, &PlanOptions::default());
        let html = render_view(&l.source(), &l.save.collection, &views);
        Ok(View {
            html,
            points: views.score.points,
            card_count: l.save.collection.cards.len(),
            title: format!("{} save {}", l.file.name, l.save.entry.selector),
        })
    }

    /// What album card `id` of a save opens on: its caps and each copy's exact stats.
    pub fn card(&self, file: usize, selector: &str, id: u8) -> Result<String, Failure> {
        let l = self.collection(file, selector).map_err(|error| Failure { error })?;
        let views = SaveViews::new(&l.save.collection, &PlanOptions::default());
        render_card_panel(&l.save.collection, &views, id)
            .ok_or_else(|| Failure { error: format!("no card with id {id}") })
    }

    /// The self-contained report of a save, as `quadmist report` writes it.
    pub fn report(&self, file: usize, selector: &str) -> Result<Export, Failure> {
        let l = self.collection(file, selector).map_err(|error| Failure { error })?;
        let views = SaveViews::new(&l.save.collection, &PlanOptions::default());
        let html = render_page(&l.source(), &l.save.collection, &views);
        Ok(Export { html, file_name: page_file_name(&l.file.name, Some(selector)) })
    }

    /// What changed from one save to another.
    pub fn diff(&self, old: (usize, &str), new: (usize, &str)) -> Result<String, Failure> {
        let a = self.collection(old.0, old.1).map_err(|error| Failure { error })?;
        let b = self.collection(new.0, new.1).map_err(|error| Failure { error })?;
        let label = |l: &Loaded<'_>| format!("{} save {}", l.file.name, l.save.entry.selector);
        Ok(render_diff(&a.save.collection, &b.save.collection, &label(&a), &label(&b)))
    }
}

/// A save opened and decoded.
struct Loaded<'a> {
    file: &'a LoadedFile,
    set: &'a SaveSet,
    save: LoadedSave,
}

impl Loaded<'_> {
    fn source(&self) -> PageSource<'_> {
        PageSource {
            file_name: self.file.name.clone(),
            file_kind: self.set.kind.description(),
            entry: &self.save.entry,
            file_findings: &self.set.findings,
        }
    }
}

/// One file in the list: its kind, its findings (or why it cannot be read) and its saves.
fn file_entry(i: usize, f: &LoadedFile) -> Markup {
    html! {
        section.file data-file=(i) {
            h3 { (f.name) }
            @match &f.opened {
                Err(message) => {
                    ul.findings { li.finding.error { strong { "error" } ": " (message) } }
                }
                Ok(set) => {
                    p.muted { (set.kind.description()) ", "
                        (count(set.saves.len(), "save", "saves")) }
                    (findings_list(&set.findings))
                    ul.saves {
                        @for e in &set.saves {
                            li { @if e.is_ff9 {
                                a href={ "#f=" (i) "&s=" (e.selector) } data-save=(e.selector) {
                                    "Save " (e.selector) } ": " (e.name)
                                @if !e.title.is_empty() { ", " (e.title) }
                            } @else {
                                span.muted { "Save " (e.selector) ": " (e.name)
                                    @if !e.title.is_empty() { ", " (e.title) }
                                    " (not a Final Fantasy IX save with cards)" }
                            } }
                        }
                    }
                }
            }
        }
    }
}

fn findings_list(findings: &[Finding]) -> Markup {
    html! {
        @if !findings.is_empty() {
            ul.findings { @for f in findings {
                li class={ "finding " (f.severity) } { strong { (f.severity) } ": " (f.message) }
            } }
        }
    }
}

/// The JavaScript face of [`Session`]: strings and bytes in; small JSON answers out, and the
/// HTML of the last view, report or diff handed over on its own by [`Page::take_html`] (not
/// inside JSON: escaping and parsing a fifth of a megabyte of markup twice costs more than the
/// library's whole work on a save).
#[wasm_bindgen]
pub struct Page {
    session: Session,
    html: String,
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// A view's figures, as [`Page::view`] answers (its HTML waits in [`Page::take_html`]).
#[derive(Serialize)]
struct Figures {
    points: u32,
    card_count: usize,
    title: String,
}

/// The exported page's name, as [`Page::report`] answers.
#[derive(Serialize)]
struct Named {
    file_name: String,
}

/// An empty answer: the HTML waits in [`Page::take_html`].
#[derive(Serialize)]
struct Done {}

#[wasm_bindgen]
impl Page {
    /// A page with no file.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Page {
        Page { session: Session::new(), html: String::new() }
    }

    /// Adds a file (`bytes` absent and `size` over the limit for a file not read); returns its
    /// index.
    pub fn add(&mut self, name: &str, size: f64, bytes: Option<Vec<u8>>) -> usize {
        // A file's size is a whole number of bytes under 2^53: exact in an f64.
        self.session.add(name, size as u64, bytes)
    }

    /// Adds the sample save ([`SAMPLE`]); returns its index.
    pub fn add_sample(&mut self) -> usize {
        self.session.add(SAMPLE_NAME, SAMPLE.len() as u64, Some(SAMPLE.to_vec()))
    }

    /// Every save as JSON: `[{file, selector, ff9, label}]`.
    pub fn saves(&self) -> String {
        json(&self.session.saves())
    }

    /// The files and their saves as HTML.
    pub fn files_html(&self) -> String {
        self.session.files_html()
    }

    /// Renders a save's view: answers `{points, card_count, title}` (the HTML then waits in
    /// [`Page::take_html`]) or `{error}`.
    pub fn view(&mut self, file: usize, selector: &str) -> String {
        match self.session.view(file, selector) {
            Ok(v) => {
                self.html = v.html;
                json(&Figures { points: v.points, card_count: v.card_count, title: v.title })
            }
            Err(f) => json(&f),
        }
    }

    /// Renders the panel of album card `id`: answers `{}` (the HTML then waits in
    /// [`Page::take_html`]) or `{error}`.
    pub fn card(&mut self, file: usize, selector: &str, id: u8) -> String {
        match self.session.card(file, selector, id) {
            Ok(html) => {
                self.html = html;
                json(&Done {})
            }
            Err(f) => json(&f),
        }
    }

    /// Renders the report page: answers `{file_name}` (the page then waits in
    /// [`Page::take_html`]) or `{error}`.
    pub fn report(&mut self, file: usize, selector: &str) -> String {
        match self.session.report(file, selector) {
            Ok(e) => {
                self.html = e.html;
                json(&Named { file_name: e.file_name })
            }
            Err(f) => json(&f),
        }
    }

    /// Renders the diff of two saves: answers `{}` (the HTML then waits in
    /// [`Page::take_html`]) or `{error}`.
    pub fn diff(&mut self, old_file: usize, old: &str, new_file: usize, new: &str) -> String {
        match self.session.diff((old_file, old), (new_file, new)) {
            Ok(html) => {
                self.html = html;
                json(&Done {})
            }
            Err(f) => json(&f),
        }
    }

    /// The HTML of the last view, report or diff rendered (empty once taken).
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
        assert_eq!(s.view(0, "1").unwrap().card_count, 83);
        assert_eq!(s.view(0, " 1 ").unwrap().card_count, 83, "spaces around the selector");
        assert_eq!(s.view(1, "latest").unwrap().card_count, 1, "a file's only save is latest");
        assert_eq!(s.view(1, "AUTO").unwrap().card_count, 1);
        let latest = s.view(0, "latest").unwrap_err().error;
        assert!(latest.contains("does not record which save is the latest"), "{latest}");
        let none = s.view(0, "9").unwrap_err().error;
        assert_eq!(none, "ff9-three-saves.mcr: no save `9`");
    }

    /// The export is named by the one function `quadmist report` names its page with.
    #[test]
    fn the_export_is_named_as_quadmist_report_names_it() {
        let s = session();
        assert_eq!(s.report(0, "2").unwrap().file_name, "ff9-three-saves-save-2-collection.html");
        assert_eq!(s.report(1, "auto").unwrap().file_name, "AUTO-save-auto-collection.html");
        // `quadmist report .mcr --save 1` writes `-mcr-save-1-collection.html`, as
        // `Path::file_stem` keeps a leading dot.
        assert_eq!(s.report(2, "1").unwrap().file_name, "-mcr-save-1-collection.html");
    }
}
