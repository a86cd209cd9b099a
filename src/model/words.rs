//! Counts in words, shared by every layer that writes text for a player: "1 card", "3 copies",
//! never "card(s)".

/// A count with its noun: `count(1, "card")` is "1 card", `count(3, "card")` "3 cards". Nouns
/// whose plural is not noun + s are listed here ("copy" → "copies").
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    use std::fmt::Write as _;
    let n = n.into();
    let mut s = String::with_capacity(24 + noun.len());
    let _ = write!(s, "{n} ");
    if n == 1 {
        s.push_str(noun);
    } else {
        push_plural(&mut s, noun);
    }
    s
}

/// The plural of a noun quadmist uses.
pub fn plural(noun: &str) -> String {
    let mut s = String::with_capacity(noun.len() + 3);
    push_plural(&mut s, noun);
    s
}

/// Appends the plural of `noun` to `out`.
fn push_plural(out: &mut String, noun: &str) {
    let (stem, ending) = match noun {
        "copy" => ("cop", "ies"),
        "battle" | "card" | "point" | "save" | "discard" | "win" | "draw" | "id" | "file"
        | "step" | "slot" => (noun, "s"),
        n if n.ends_with("loss") => (n, "es"),
        n if n.ends_with('y') && !n.ends_with("ey") => (&n[..n.len() - 1], "ies"),
        n if n.ends_with('s') || n.ends_with('x') || n.ends_with("ch") => (n, "es"),
        n => (n, "s"),
    };
    out.push_str(stem);
    out.push_str(ending);
}
