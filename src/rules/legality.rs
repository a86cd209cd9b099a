//! Legality checks over a collection (in the spirit of PKHeX): caps, creation minimums,
//! unknown types, records past slot 100.
