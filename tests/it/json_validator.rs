//! A validator of JSON documents against the schemas in `schemas/`: the keywords of JSON Schema
//! (2020-12) those schemas use, and only those. A schema naming any other keyword, a `$ref`
//! outside the document or a type that is not JSON's is refused when the validator is made,
//! so a change of the schemas it cannot check fails loudly instead of passing unchecked.
//! Formats (`uint8`, `double`, ...) are annotations, as the dialect has them; the ranges they
//! imply are the schemas' own `minimum` and `maximum`.

use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// The keywords understood. Annotations only: `$schema`, `title`, `description`, `format`.
const KEYWORDS: [&str; 24] = [
    "$schema",
    "title",
    "description",
    "format",
    "$defs",
    "$ref",
    "type",
    "const",
    "enum",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "pattern",
    "properties",
    "required",
    "additionalProperties",
    "unevaluatedProperties",
    "prefixItems",
    "items",
    "minItems",
    "maxItems",
    "anyOf",
    "oneOf",
];

const TYPES: [&str; 7] = ["null", "boolean", "object", "array", "number", "integer", "string"];

/// A schema, checked to use only what [`Validator::errors`] understands.
pub struct Validator {
    root: Value,
}

impl Validator {
    /// The validator of `schema`, or what in it cannot be checked.
    pub fn new(schema: Value) -> Result<Self, String> {
        check_schema(&schema, &schema, "#")?;
        Ok(Validator { root: schema })
    }

    /// Each way `doc` breaks the schema, as `at /instance/path: what`; empty when it conforms.
    pub fn errors(&self, doc: &Value) -> Vec<String> {
        let mut errors = Vec::new();
        self.validate(&self.root, doc, "", &mut errors);
        errors
    }

    /// Validates `inst` (at `at`) against `schema`; returns the names of the properties of an
    /// object instance that the schema evaluated (for `unevaluatedProperties`).
    fn validate(
        &self,
        schema: &Value,
        inst: &Value,
        at: &str,
        errors: &mut Vec<String>,
    ) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let s = match schema {
            Value::Bool(true) => return seen,
            Value::Bool(false) => {
                errors.push(format!("at {at}: nothing is allowed here"));
                return seen;
            }
            Value::Object(s) => s,
            _ => unreachable!("checked by check_schema"),
        };
        let mut fail = |what: String| errors.push(format!("at {at}: {what}"));
        if let Some(t) = s.get("type") {
            let names: Vec<&str> = match t {
                Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
                t => vec![t.as_str().unwrap_or_default()],
            };
            if !names.iter().any(|n| is_type(inst, n)) {
                fail(format!("{inst} is not of type {}", names.join(" or ")));
            }
        }
        if let Some(c) = s.get("const") {
            if !same(inst, c) {
                fail(format!("{inst} is not {c}"));
            }
        }
        if let Some(Value::Array(e)) = s.get("enum") {
            if !e.iter().any(|c| same(inst, c)) {
                fail(format!("{inst} is none of {}", Value::Array(e.clone())));
            }
        }
        if let Some(x) = inst.as_f64() {
            if s.get("minimum").and_then(Value::as_f64).is_some_and(|m| x < m) {
                fail(format!("{inst} is below the minimum {}", s["minimum"]));
            }
            if s.get("maximum").and_then(Value::as_f64).is_some_and(|m| x > m) {
                fail(format!("{inst} is above the maximum {}", s["maximum"]));
            }
        }
        if let Some(text) = inst.as_str() {
            string(s, text, &mut fail);
        }
        if let Some(items) = inst.as_array() {
            let n = items.len() as u64;
            if s.get("minItems").and_then(Value::as_u64).is_some_and(|m| n < m) {
                fail(format!("{n} items, fewer than {}", s["minItems"]));
            }
            if s.get("maxItems").and_then(Value::as_u64).is_some_and(|m| n > m) {
                fail(format!("{n} items, more than {}", s["maxItems"]));
            }
            let prefix = s.get("prefixItems").and_then(Value::as_array).map_or(&[][..], |p| p);
            for (k, item) in items.iter().enumerate() {
                let sub = match (prefix.get(k), s.get("items")) {
                    (Some(p), _) => p,
                    (None, Some(i)) => i,
                    (None, None) => continue,
                };
                self.validate(sub, item, &format!("{at}/{k}"), errors);
            }
        }
        if let Some(obj) = inst.as_object() {
            seen.extend(self.object(s, obj, at, errors));
        }
        if let Some(r) = s.get("$ref").and_then(Value::as_str) {
            seen.extend(self.validate(self.resolve(r), inst, at, errors));
        }
        for (keyword, exactly_one) in [("anyOf", false), ("oneOf", true)] {
            let Some(Value::Array(branches)) = s.get(keyword) else { continue };
            let mut valid = Vec::new();
            for b in branches {
                let mut sub = Vec::new();
                let evaluated = self.validate(b, inst, at, &mut sub);
                if sub.is_empty() {
                    valid.push(evaluated);
                }
            }
            let ok = if exactly_one { valid.len() == 1 } else { !valid.is_empty() };
            if ok {
                seen.extend(valid.into_iter().flatten());
            } else {
                errors.push(format!(
                    "at {at}: {inst} is valid against {} of the {} schemas of {keyword}",
                    valid.len(),
                    branches.len()
                ));
            }
        }
        if let (Some(Value::Bool(false)), Some(obj)) =
            (s.get("unevaluatedProperties"), inst.as_object())
        {
            for key in obj.keys().filter(|k| !seen.contains(*k)) {
                errors.push(format!("at {at}: the property {key} is not allowed"));
            }
        }
        seen
    }

    /// `properties`, `required` and `additionalProperties` of an object instance; the
    /// properties they evaluated.
    fn object(
        &self,
        s: &Map<String, Value>,
        obj: &Map<String, Value>,
        at: &str,
        errors: &mut Vec<String>,
    ) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let props = s.get("properties").and_then(Value::as_object);
        for key in s.get("required").and_then(Value::as_array).into_iter().flatten() {
            let key = key.as_str().unwrap_or_default();
            if !obj.contains_key(key) {
                errors.push(format!("at {at}: the property {key} is required"));
            }
        }
        for (key, value) in obj {
            let sub = match (props.and_then(|p| p.get(key)), s.get("additionalProperties")) {
                (Some(p), _) => p,
                (None, Some(Value::Bool(false))) => {
                    errors.push(format!("at {at}: the property {key} is not allowed"));
                    continue;
                }
                (None, Some(a)) => a,
                (None, None) => continue,
            };
            seen.insert(key.clone());
            self.validate(sub, value, &format!("{at}/{key}"), errors);
        }
        seen
    }

    fn resolve(&self, r: &str) -> &Value {
        let name = r.strip_prefix("#/$defs/").expect("checked by check_schema");
        &self.root["$defs"][name]
    }
}

/// `minLength`, `maxLength` and `pattern` of a string instance.
fn string(s: &Map<String, Value>, text: &str, fail: &mut impl FnMut(String)) {
    let n = text.chars().count() as u64;
    if s.get("minLength").and_then(Value::as_u64).is_some_and(|m| n < m) {
        fail(format!("{text:?} is shorter than {}", s["minLength"]));
    }
    if s.get("maxLength").and_then(Value::as_u64).is_some_and(|m| n > m) {
        fail(format!("{text:?} is longer than {}", s["maxLength"]));
    }
    if let Some(p) = s.get("pattern").and_then(Value::as_str) {
        if !regex_lite::Regex::new(p).expect("checked by check_schema").is_match(text) {
            fail(format!("{text:?} does not match {p}"));
        }
    }
}

/// True when `v` is of the JSON Schema type `name` (an integer is a number without a fraction).
fn is_type(v: &Value, name: &str) -> bool {
    match name {
        "null" => v.is_null(),
        "boolean" => v.is_boolean(),
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "number" => v.is_number(),
        "integer" => v.is_i64() || v.is_u64() || v.as_f64().is_some_and(|x| x.fract() == 0.0),
        _ => false,
    }
}

/// JSON equality, numbers by value (`1` and `1.0` are the same number).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_u64(), y.as_u64()) {
            (Some(x), Some(y)) => x == y,
            _ => x.as_f64() == y.as_f64(),
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// Refuses what the validator does not understand, anywhere in `schema` (at `at`).
fn check_schema(root: &Value, schema: &Value, at: &str) -> Result<(), String> {
    let s = match schema {
        Value::Bool(_) => return Ok(()),
        Value::Object(s) => s,
        _ => return Err(format!("{at}: a schema is an object or a boolean")),
    };
    for (key, value) in s {
        let here = format!("{at}/{key}");
        match key.as_str() {
            k if !KEYWORDS.contains(&k) => return Err(format!("{here}: unknown keyword")),
            "$defs" | "properties" => {
                let map = value.as_object().ok_or(format!("{here}: not an object"))?;
                for (name, sub) in map {
                    check_schema(root, sub, &format!("{here}/{name}"))?;
                }
            }
            "items" | "additionalProperties" => check_schema(root, value, &here)?,
            "prefixItems" | "anyOf" | "oneOf" => {
                let list = value.as_array().ok_or(format!("{here}: not an array"))?;
                for (k, sub) in list.iter().enumerate() {
                    check_schema(root, sub, &format!("{here}/{k}"))?;
                }
            }
            "unevaluatedProperties" if value != &Value::Bool(false) => {
                return Err(format!("{here}: only `false` is understood"));
            }
            "$ref" => {
                let name = value
                    .as_str()
                    .and_then(|r| r.strip_prefix("#/$defs/"))
                    .ok_or(format!("{here}: only #/$defs/NAME is understood"))?;
                if !root["$defs"][name].is_object() && !root["$defs"][name].is_boolean() {
                    return Err(format!("{here}: no $defs/{name}"));
                }
            }
            "type" => {
                let names: Vec<&Value> = match value {
                    Value::Array(a) => a.iter().collect(),
                    v => vec![v],
                };
                if !names.iter().all(|n| n.as_str().is_some_and(|n| TYPES.contains(&n))) {
                    return Err(format!("{here}: {value} is not a JSON type"));
                }
            }
            "required" | "enum" if !value.is_array() => {
                return Err(format!("{here}: not an array"));
            }
            "minimum" | "maximum" if !value.is_number() => {
                return Err(format!("{here}: not a number"));
            }
            "minLength" | "maxLength" | "minItems" | "maxItems" if !value.is_u64() => {
                return Err(format!("{here}: not a count"));
            }
            "pattern" => {
                let p = value.as_str().ok_or(format!("{here}: not a string"))?;
                regex_lite::Regex::new(p).map_err(|e| format!("{here}: {e}"))?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// One document breaking each keyword, checked against a schema using it; and each document
/// that keeps the keyword passes.
#[test]
fn each_keyword_rejects_what_breaks_it() {
    let schema = serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "t",
        "type": "object",
        "properties": {
            "n": { "type": "integer", "format": "uint8", "minimum": 0, "maximum": 255 },
            "k": { "const": "x" },
            "e": { "enum": ["a", 1] },
            "s": { "type": "string", "minLength": 4, "maxLength": 5, "pattern": "^[0-9]+/[1-9]$" },
            "l": { "type": "array", "items": { "type": "boolean" }, "minItems": 1, "maxItems": 2 },
            "t": { "type": "array", "prefixItems": [{ "type": "null" }, { "type": "number" }],
                   "items": false },
            "r": { "$ref": "#/$defs/R" },
            "any": { "anyOf": [{ "type": "string" }, { "type": "null" }] },
            "one": { "oneOf": [{ "type": "integer" }, { "type": "number", "minimum": 5 }] },
            "flat": { "type": "object", "properties": { "a": true },
                      "oneOf": [{ "properties": { "b": { "const": 1 } }, "required": ["b"] },
                                { "properties": { "c": { "const": 2 } }, "required": ["c"] }],
                      "unevaluatedProperties": false }
        },
        "required": ["n"],
        "additionalProperties": false,
        "$defs": { "R": { "type": ["object", "null"], "additionalProperties": { "type": "integer" } } }
    });
    let v = Validator::new(schema).unwrap();
    let good = serde_json::json!({
        "n": 255.0, "k": "x", "e": 1.0, "s": "12/3", "l": [true], "t": [null, 1.5],
        "r": { "x": 3 }, "any": null, "one": 2, "flat": { "a": 0, "c": 2 }
    });
    assert_eq!(v.errors(&good), Vec::<String>::new());
    let breaks = [
        ("type", "/n", serde_json::json!(1.5)),
        ("minimum", "/n", serde_json::json!(-1)),
        ("maximum", "/n", serde_json::json!(256)),
        ("const", "/k", serde_json::json!("y")),
        ("enum", "/e", serde_json::json!("b")),
        ("minLength", "/s", serde_json::json!("1/3")),
        ("maxLength", "/s", serde_json::json!("1234/5")),
        ("pattern", "/s", serde_json::json!("12/0")),
        ("items", "/l", serde_json::json!([1])),
        ("minItems", "/l", serde_json::json!([])),
        ("maxItems", "/l", serde_json::json!([true, true, true])),
        ("prefixItems", "/t", serde_json::json!([1, 1.5])),
        ("items false", "/t", serde_json::json!([null, 1, 2])),
        ("$ref", "/r", serde_json::json!({ "x": "3" })),
        ("anyOf", "/any", serde_json::json!(1)),
        ("oneOf", "/one", serde_json::json!(7)),
        ("oneOf none", "/flat", serde_json::json!({ "a": 0 })),
        ("unevaluatedProperties", "/flat", serde_json::json!({ "c": 2, "d": 0 })),
        ("additionalProperties", "/zz", serde_json::json!(0)),
    ];
    for (keyword, at, value) in breaks {
        let mut doc = good.clone();
        doc[&at[1..]] = value;
        let errors = v.errors(&doc);
        assert_eq!(errors.len(), 1, "{keyword}: {doc} gave {errors:?}");
    }
    let mut doc = good.clone();
    doc.as_object_mut().unwrap().remove("n");
    assert_eq!(v.errors(&doc), ["at : the property n is required"]);
    // What cannot be checked is refused.
    for bad in [
        serde_json::json!({ "allOf": [] }),
        serde_json::json!({ "$ref": "other.json" }),
        serde_json::json!({ "$ref": "#/$defs/Missing" }),
        serde_json::json!({ "type": "int" }),
        serde_json::json!({ "unevaluatedProperties": { "type": "string" } }),
        serde_json::json!({ "properties": { "a": { "minimum": "0" } } }),
        serde_json::json!({ "pattern": "(" }),
    ] {
        assert!(Validator::new(bad.clone()).is_err(), "{bad} was accepted");
    }
}
