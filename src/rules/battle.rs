//! The video game's battle formula and exact odds.
