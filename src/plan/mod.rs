//! Exact planning over a collection: zero-loss discards, budgeted discards, the road to Master.
