//! The integration tests, one binary (one link instead of one per file), run by `harness`.

// `#[test]` in every module below is the harness's own (it registers the test with what it
// needs), not the standard prelude's.
#[macro_use]
extern crate quadmist_harness_macros;

mod harness;

mod brute;
mod shared;
mod simplejson;

mod bounds;
mod catalogue;
mod charset_genuine;
mod cli_end_to_end;
mod companion;
mod container_build;
mod container_cli;
mod container_ff9;
mod container_real;
mod diff_cli;
mod diff_matching;
mod finding_kinds;
mod finding_words;
mod game_cli;
mod game_properties;
mod game_search;
mod game_vectors;
mod help_text;
mod japanese_width;
mod json_schema;
mod json_validator;
mod layers;
mod library_example;
mod missing_cli;
mod odds_battle;
mod odds_cli;
mod odds_dice;
mod one_voice;
mod open_cli;
mod pc_crafted;
mod pc_dat;
mod pc_memoria;
mod pc_mutated;
mod plan_bruteforce;
mod plan_cli;
mod plan_components;
mod plan_examples;
mod play_cli;
mod psx_block;
mod psx_cards_cli;
mod psx_containers;
mod psx_disc;
mod psx_fixtures;
mod psx_genuine;
mod psx_legality;
mod psx_npc_types;
mod psx_selection;
mod report_browser;
mod report_cli;
mod report_snapshots;
mod save_selector;
mod score_contribution;
mod snapshots80;
mod source_reads;
mod sources_real;
mod switch_json;
mod terminal_cli;
mod watch_cli;
mod width80;

fn main() {
    harness::main();
}
