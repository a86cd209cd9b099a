//! The integration tests, one binary (one link instead of one per file).

mod brute;
mod shared;
mod simplejson;

mod catalogue;
mod cli_end_to_end;
mod container_build;
mod container_cli;
mod container_ff9;
mod container_real;
mod game_search;
mod game_vectors;
mod odds_battle;
mod odds_cli;
mod odds_dice;
mod pc_crafted;
mod pc_dat;
mod pc_memoria;
mod pc_mutated;
mod plan_bruteforce;
mod plan_cli;
mod plan_examples;
mod psx_block;
mod psx_cards_cli;
mod psx_containers;
mod psx_fixtures;
mod psx_legality;
mod score_contribution;
mod switch_json;
