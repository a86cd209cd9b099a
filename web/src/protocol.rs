//! The messages between the save page and its Web Worker, as Rust types. Their TypeScript
//! declarations, `web/ts/gen/protocol.ts`, are generated from these types (with `ts-rs`) by the
//! test `the_typescript_declarations_are_current`, which fails when the file differs from what
//! the types give: the page and the library cannot drift apart.
//!
//! The page sends a [`Request`]; the worker answers each with a [`Reply`]: an [`Answer`] and,
//! apart (a view is most of a hundred kilobytes, faster handed over as a string than inside
//! JSON), the HTML the answer shows.

use serde::{Deserialize, Serialize};

/// A file handed to the worker: its name, its size, and its bytes, or none when it is larger
/// than [`quadmist::ff9::MAX_FILE_SIZE`] (the page then does not read it).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FileIn {
    /// The file's name (its last path component).
    pub name: String,
    /// Its size in bytes.
    pub size: f64,
    /// Its bytes; `null` when it is too large to read.
    #[cfg_attr(test, ts(type = "Uint8Array | null"))]
    pub bytes: Option<Vec<u8>>,
}

/// What the page asks the worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Request {
    /// Add these files (a file already open is not added twice). Answer: `listed`.
    Add {
        /// The files, in the order picked.
        files: Vec<FileIn>,
    },
    /// Add the built-in sample save. Answer: `listed`.
    Sample,
    /// Close file number `file`. Answer: `listed`.
    Remove {
        /// The file's number.
        file: u32,
    },
    /// Close every file. Answer: `listed`.
    Clear,
    /// Show what the URL's hash (without its `#`) names: a save (`f=0&s=1`, with `&card=5` to
    /// open a card), a comparison (`diff=0:1,0:2`) or, for anything else, the list of files.
    /// Answer: `save`, `diff`, `list` or `failure`.
    Show {
        /// The hash.
        hash: String,
    },
    /// The panel of album card `id` (0-based, as the album's `data-id`) of a save. Answer:
    /// `html` or `failure`.
    Card {
        /// The save's file.
        file: u32,
        /// The save's selector.
        save: String,
        /// The card's id.
        id: u8,
    },
    /// The table of every copy of a save. Answer: `html` or `failure`.
    Copies {
        /// The save's file.
        file: u32,
        /// The save's selector.
        save: String,
    },
    /// The self-contained report page of a save, to save as a file. Answer: `report` or
    /// `failure`.
    Report {
        /// The save's file.
        file: u32,
        /// The save's selector.
        save: String,
    },
}

/// One save of the open files, as the file list and the comparison's choices name it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SaveItem {
    /// The file's number.
    pub file: u32,
    /// The save's selector (`1`, `1-2`, `auto` …), as `--save` takes it.
    pub save: String,
    /// `file:save`, the value a comparison's choice carries.
    pub key: String,
    /// A Final Fantasy IX save that holds a collection (only those can be shown).
    pub ff9: bool,
    /// The save in words: file, save, leader and level, disc, place, play time, points.
    pub label: String,
}

/// What the worker answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Answer {
    /// The library is loaded and warm: nothing is fetched after this.
    Ready,
    /// The open files after an addition or a removal (the HTML is their list).
    Listed {
        /// The numbers of the files just added.
        added: Vec<u32>,
        /// Every save of every open file.
        saves: Vec<SaveItem>,
        /// How many saves and files are open, for the status line.
        status: String,
        /// What went wrong, for the status line until the next addition or removal: each file
        /// that cannot be read, named with why; each file already open. Empty when nothing did.
        notice: String,
        /// The hash to show next: after an addition, the latest save of the first file added
        /// (empty when none has one: the list); after a removal, the list.
        open: String,
        /// A file added that cannot be read (its entry in the list shows why), to bring
        /// into sight.
        problem: Option<u32>,
    },
    /// A save's view (the HTML).
    Save {
        /// `file:save`, what the view shows.
        shown: String,
        /// The page's title.
        title: String,
        /// For the status line.
        status: String,
        /// Collector points.
        points: u32,
        /// Cards held.
        card_count: u32,
        /// The album card to open, by number (1 to 100), when the hash asked for one.
        card: Option<u8>,
        /// Where the sections after the album begin in the HTML, in UTF-16 code units (a
        /// JavaScript string's index): the page puts in the header, the score and the album
        /// first, and the rest once the album is painted.
        later_at: u32,
    },
    /// A comparison (the HTML).
    Diff {
        /// `file:save,file:save` as the hash named them.
        shown: String,
        /// The page's title.
        title: String,
        /// For the status line.
        status: String,
    },
    /// Nothing to show but the list of files.
    List {
        /// For the status line.
        status: String,
    },
    /// The HTML asked for (an album card's panel, the table of copies).
    Html,
    /// The report page (the HTML) and the file name `quadmist report` would give it.
    Report {
        /// The file name.
        file_name: String,
    },
    /// Why it cannot be shown, in the command line's words.
    Failure {
        /// What was asked (`file:save` …), as `shown` would have been.
        shown: String,
        /// The message, as `quadmist` prints it after `error: `.
        error: String,
    },
}

/// A request with its number, as the page posts it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Envelope {
    /// The request's number (0 is the worker's own `ready`).
    pub id: u32,
    /// The request.
    pub request: Request,
}

/// The worker's reply to request `id`: the answer with its HTML (empty when it has none), or
/// the message of an exception in the worker (a trap in the library: the worker then starts
/// afresh on the next request).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(untagged)]
pub enum Reply {
    /// Answered.
    Answered {
        /// The request's number.
        id: u32,
        /// The answer.
        answer: Answer,
        /// The HTML the answer shows.
        html: String,
    },
    /// The worker failed.
    Crashed {
        /// The request's number.
        id: u32,
        /// The exception's message.
        crash: String,
    },
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use ts_rs::{Config, TS};

    /// Where the generated declarations live.
    const GENERATED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/ts/gen/protocol.ts");

    /// The TypeScript the types above give, with the library's limits the page needs.
    fn typescript() -> String {
        let cfg = Config::new().with_large_int("number");
        let mut out = String::from(
            "// Generated from web/src/protocol.rs by `UPDATE_TS=1 cargo test -p quadmist-web \
             typescript`: do not edit.\n// The messages between the save page and its worker.\n\n",
        );
        for decl in [
            FileIn::decl(&cfg),
            Request::decl(&cfg),
            SaveItem::decl(&cfg),
            Answer::decl(&cfg),
            Envelope::decl(&cfg),
            Reply::decl(&cfg),
        ] {
            out.push_str("export ");
            out.push_str(&decl);
            out.push_str("\n\n");
        }
        out.push_str(&format!(
            "/** Largest file read (the library's MAX_FILE_SIZE): a larger one is refused unread. \
             */\nexport const MAX_FILE_SIZE = {};\n",
            quadmist::ff9::MAX_FILE_SIZE
        ));
        out
    }

    /// Fails unless the generated file `path` holds `want`; with `UPDATE_TS` set, writes it
    /// first. `from` names the Rust file the declarations come from.
    pub(crate) fn check_generated(path: &str, want: &str, from: &str) {
        if std::env::var_os("UPDATE_TS").is_some() {
            std::fs::create_dir_all(std::path::Path::new(path).parent().unwrap()).unwrap();
            std::fs::write(path, want).unwrap();
        }
        let have = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            have == want,
            "{path} is not what {from} gives: run `UPDATE_TS=1 cargo test -p quadmist-web \
             typescript` and commit it"
        );
    }

    #[test]
    fn the_typescript_declarations_are_current() {
        check_generated(GENERATED, &typescript(), "web/src/protocol.rs");
    }

    #[test]
    fn requests_and_answers_read_as_the_page_writes_them() {
        let r: Request =
            serde_json::from_str(r#"{"kind":"card","file":2,"save":"1-2","id":7}"#).unwrap();
        assert!(matches!(r, Request::Card { file: 2, ref save, id: 7 } if save == "1-2"));
        let a = serde_json::to_string(&Answer::Failure { shown: "0:1".into(), error: "x".into() })
            .unwrap();
        assert_eq!(a, r#"{"kind":"failure","shown":"0:1","error":"x"}"#);
    }
}
