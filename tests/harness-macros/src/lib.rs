//! `#[test]` for quadmist's integration tests (`tests/it`, a `harness = false` binary run by
//! libtest-mimic): it keeps the function and registers it, with what it needs, in the list
//! `tests/it/harness.rs` runs.
//!
//! ```text
//! #[test]
//! #[test(needs = SharedData)]
//! #[test(needs = [SharedData, Chromium])]
//! #[ignore = "why"]  // as with the built-in attribute: listed as ignored, run by --ignored
//! ```
//!
//! The crate root takes it with `#[macro_use] extern crate quadmist_harness_macros;`, which
//! puts it before the standard prelude's `#[test]` in every module (and in the expansion of
//! `proptest!`, whose `#[test]` comes from the caller). Written on the compiler's own token
//! API: the few shapes it reads do not need a parser crate.

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// Registers the function that follows as a test of `tests/it` (see the crate's doc).
#[proc_macro_attribute]
pub fn test(attr: TokenStream, item: TokenStream) -> TokenStream {
    match expand(attr, item) {
        Ok(tokens) => tokens,
        Err((span, message)) => error(span, &message),
    }
}

type Failure = (Span, String);

fn expand(attr: TokenStream, item: TokenStream) -> Result<TokenStream, Failure> {
    let needs = needs(attr)?;
    let mut kept = Vec::new();
    let mut cfgs = Vec::new();
    let mut ignore = None;
    let mut name = None;
    let mut tokens = item.into_iter().peekable();
    // Outer attributes, then the signature up to the function's name.
    while let Some(token) = tokens.next() {
        if let TokenTree::Punct(p) = &token {
            if p.as_char() == '#' {
                let Some(TokenTree::Group(g)) = tokens.next() else {
                    return Err((p.span(), "an attribute was expected after `#`".into()));
                };
                match attribute_name(&g).as_deref() {
                    Some("ignore") => ignore = Some(ignore_reason(&g)?),
                    Some("should_panic") => {
                        return Err((
                            g.span(),
                            "`should_panic` is not read here: catch the panic in the test \
                             (std::panic::catch_unwind) and assert its message"
                                .into(),
                        ))
                    }
                    Some("test") => return Err((g.span(), "`#[test]` twice".into())),
                    Some("cfg") => {
                        cfgs.push(g.clone());
                        kept.extend([token, TokenTree::Group(g)]);
                    }
                    _ => kept.extend([token, TokenTree::Group(g)]),
                }
                continue;
            }
        }
        let is_fn = matches!(&token, TokenTree::Ident(i) if i.to_string() == "fn");
        kept.push(token);
        if is_fn {
            match tokens.next() {
                Some(TokenTree::Ident(i)) => {
                    name = Some(i.clone());
                    kept.push(TokenTree::Ident(i));
                }
                other => {
                    let span = other.map_or_else(Span::call_site, |t| t.span());
                    return Err((span, "a function name was expected after `fn`".into()));
                }
            }
            break;
        }
    }
    let Some(name) = name else {
        return Err((Span::call_site(), "`#[test]` goes on a function".into()));
    };
    kept.extend(tokens);

    let mut out: TokenStream = kept.into_iter().collect();
    let ignore = match ignore {
        None => "::core::option::Option::None".to_string(),
        Some(reason) => format!("::core::option::Option::Some({})", Literal::string(&reason)),
    };
    let needs: Vec<String> = needs.iter().map(|n| format!("crate::harness::Need::{n}")).collect();
    let registration = format!(
        "::inventory::submit! {{ crate::harness::Test {{ module: ::core::module_path!(), \
         name: {}, needs: &[{}], ignore: {ignore}, run: {name} }} }}",
        Literal::string(&name.to_string()),
        needs.join(", "),
    );
    let registration: TokenStream = registration.parse().expect("the registration parses");
    // A test compiled out by `#[cfg]` is not registered either.
    for cfg in cfgs {
        out.extend([TokenTree::Punct(Punct::new('#', Spacing::Alone)), TokenTree::Group(cfg)]);
    }
    out.extend(registration);
    Ok(out)
}

/// `needs = Name` or `needs = [Name, Name]` (or nothing): the names of `harness::Need`.
fn needs(attr: TokenStream) -> Result<Vec<Ident>, Failure> {
    let mut tokens = attr.into_iter();
    let Some(first) = tokens.next() else { return Ok(Vec::new()) };
    let usage = "expected `needs = Name` or `needs = [Name, Name]`";
    match (&first, tokens.next()) {
        (TokenTree::Ident(i), Some(TokenTree::Punct(p)))
            if i.to_string() == "needs" && p.as_char() == '=' => {}
        _ => return Err((first.span(), usage.into())),
    }
    let names = match tokens.next() {
        Some(TokenTree::Ident(i)) => vec![i],
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => {
            let mut names = Vec::new();
            for t in g.stream() {
                match t {
                    TokenTree::Ident(i) => names.push(i),
                    TokenTree::Punct(p) if p.as_char() == ',' => {}
                    other => return Err((other.span(), usage.into())),
                }
            }
            names
        }
        other => return Err((other.map_or_else(Span::call_site, |t| t.span()), usage.into())),
    };
    if let Some(extra) = tokens.next() {
        return Err((extra.span(), usage.into()));
    }
    if names.is_empty() {
        return Err((first.span(), "`needs` names nothing".into()));
    }
    Ok(names)
}

/// The path an attribute starts with (`ignore` in `#[ignore = "why"]`).
fn attribute_name(group: &Group) -> Option<String> {
    match group.stream().into_iter().next() {
        Some(TokenTree::Ident(i)) => Some(i.to_string()),
        _ => None,
    }
}

/// The reason of `#[ignore = "why"]`, or an empty one for a bare `#[ignore]`.
fn ignore_reason(group: &Group) -> Result<String, Failure> {
    let tokens: Vec<TokenTree> = group.stream().into_iter().collect();
    match tokens.as_slice() {
        [_] => Ok(String::new()),
        [_, TokenTree::Punct(p), TokenTree::Literal(l)] if p.as_char() == '=' => {
            let text = l.to_string();
            match text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
                Some(reason) if !reason.contains('\\') => Ok(reason.to_string()),
                _ => Err((l.span(), "a plain string was expected as the reason".into())),
            }
        }
        _ => Err((group.span(), "expected `#[ignore]` or `#[ignore = \"why\"]`".into())),
    }
}

fn error(span: Span, message: &str) -> TokenStream {
    let tokens: TokenStream =
        format!("::core::compile_error!({});", Literal::string(message)).parse().unwrap();
    tokens
        .into_iter()
        .map(|mut t| {
            t.set_span(span);
            t
        })
        .collect()
}
