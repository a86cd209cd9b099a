//! The match companion's messages, as Rust types: between its page and the adviser's Web
//! Worker ([`WorkerStart`], [`AdviceRequest`], [`AdviceReply`]), and the JSON its page and the
//! WebAssembly pass each other (the library's [`View`], [`Advice`], [`Command`] and
//! [`Session`]; [`play`](crate::play)'s [`Ui`], [`Picked`], [`PickerTap`], [`HandSave`] ...).
//! Their TypeScript declarations, `web/ts/gen/play-protocol.ts`, are generated from these
//! types (with `ts-rs`) by the test `the_companions_typescript_declarations_are_current`,
//! which fails when the file differs from what the types give.
//!
//! [`View`]: quadmist::game::companion::View
//! [`Advice`]: quadmist::game::companion::Advice
//! [`Command`]: quadmist::game::companion::Command
//! [`Session`]: quadmist::game::companion::Session
//! [`Ui`]: crate::play::Ui
//! [`Picked`]: crate::play::Picked
//! [`PickerTap`]: crate::play::PickerTap
//! [`HandSave`]: crate::play::HandSave

use serde::{Deserialize, Serialize};

/// The first message to a new worker: the compiled library, so that it starts without a
/// fetch (a `WebAssembly.Module`, which only the page and the worker hold).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WorkerStart {
    /// The module.
    #[cfg_attr(test, ts(type = "WebAssembly.Module"))]
    pub module: serde_json::Value,
}

/// Search the stored match `session` with the adviser's usual options (the game's AI at its
/// wisest, to win): first for `quick_ms` (an answer at once), then for the whole `budget_ms`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AdviceRequest {
    /// The request's number (a reply to an older one is dropped).
    pub id: u32,
    /// The match ([`Companion::session_json`](quadmist::game::companion::Companion::session_json)).
    pub session: String,
    /// The whole budget, milliseconds.
    pub budget_ms: u64,
    /// The first answer's budget, milliseconds.
    pub quick_ms: u64,
}

/// One of the adviser's answers for the request `id` on `session`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AdviceReply {
    /// The request's number.
    pub id: u32,
    /// The match searched.
    pub session: String,
    /// The advice, the JSON of an [`Advice`](quadmist::game::companion::Advice) (kept as a
    /// string: the page hands it back to the library as it came); empty when there is none.
    pub advice: String,
    /// Why there is no advice, when the search could not be made.
    pub error: Option<String>,
    /// The search's milliseconds.
    pub ms: f64,
    /// No better answer follows (the whole budget was searched, or the figures are exact).
    #[serde(rename = "final")]
    #[cfg_attr(test, ts(rename = "final"))]
    pub last: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{
        CardPicker, HandCard, HandPick, HandSave, Picked, PickerTap, Saves, Seen, Ui,
    };
    use quadmist::game::companion::{
        Advice, AdvisedMove, AskView, CardView, Command, Session, View,
    };
    use quadmist::game::engine::Outcome;
    use ts_rs::{Config, TS};

    /// Where the generated declarations live.
    const GENERATED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/ts/gen/play-protocol.ts");

    /// The TypeScript the types above give.
    fn typescript() -> String {
        let cfg = Config::new().with_large_int("number");
        let mut out = String::from(
            "// Generated from web/src/play_protocol.rs by `UPDATE_TS=1 cargo test -p quadmist-web \
             typescript`: do not edit.\n// The match companion's messages: its page, its \
             adviser's worker and the WebAssembly.\n\n",
        );
        for decl in [
            WorkerStart::decl(&cfg),
            AdviceRequest::decl(&cfg),
            AdviceReply::decl(&cfg),
            Advice::decl(&cfg),
            AdvisedMove::decl(&cfg),
            View::decl(&cfg),
            AskView::decl(&cfg),
            CardView::decl(&cfg),
            Outcome::decl(&cfg),
            Command::decl(&cfg),
            Session::decl(&cfg),
            Ui::decl(&cfg),
            Seen::decl(&cfg),
            PickerTap::decl(&cfg),
            Picked::decl(&cfg),
            CardPicker::decl(&cfg),
            Saves::decl(&cfg),
            HandSave::decl(&cfg),
            HandCard::decl(&cfg),
            HandPick::decl(&cfg),
        ] {
            out.push_str("export ");
            out.push_str(&decl);
            out.push_str("\n\n");
        }
        out
    }

    #[test]
    fn the_companions_typescript_declarations_are_current() {
        crate::protocol::tests::check_generated(
            GENERATED,
            &typescript(),
            "web/src/play_protocol.rs",
        );
    }

    #[test]
    fn a_request_and_a_reply_read_as_the_worker_writes_them() {
        let r: AdviceRequest =
            serde_json::from_str(r#"{"id":3,"session":"{}","budget_ms":500,"quick_ms":80}"#)
                .unwrap();
        assert_eq!((r.id, r.budget_ms, r.quick_ms), (3, 500, 80));
        let a = AdviceReply {
            id: 3,
            session: "{}".into(),
            advice: String::new(),
            error: None,
            ms: 1.5,
            last: true,
        };
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            r#"{"id":3,"session":"{}","advice":"","error":null,"ms":1.5,"final":true}"#
        );
    }
}
