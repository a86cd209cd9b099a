//! The JSON Schema of each `--json` document, derived from the types a command serializes
//! (schemars), closed so that a document holds no key its schema does not name.

/// The JSON Schema (draft 2020-12) of a `--json` document of type `T`, as a closed contract:
/// an object holds the keys its schema names and no other, so that a consumer validating
/// against it learns of every key added (and a key printed outside the derived types fails).
pub fn of<T: schemars::JsonSchema>() -> schemars::Schema {
    let mut value = schemars::generate::SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<T>()
        .to_value();
    close(&mut value, false);
    value.try_into().expect("a schema stays an object")
}

/// Closes every object schema under `v`. A schema whose keys come partly from branches
/// (`anyOf`, `oneOf`, `allOf`: a flattened enum) is closed with `unevaluatedProperties`, which
/// sees the keys its branches name, and those branches stay `open`; any other with
/// `additionalProperties`.
fn close(v: &mut serde_json::Value, open: bool) {
    let Some(map) = v.as_object_mut() else { return };
    let branched = ["anyOf", "oneOf", "allOf"].iter().any(|k| map.contains_key(*k));
    let has_keys = map.contains_key("properties");
    if has_keys && !open && !map.contains_key("additionalProperties") {
        let key = if branched { "unevaluatedProperties" } else { "additionalProperties" };
        map.insert(key.into(), false.into());
    }
    for (key, child) in map.iter_mut() {
        match key.as_str() {
            "properties" | "$defs" | "patternProperties" => child
                .as_object_mut()
                .into_iter()
                .flat_map(|m| m.values_mut())
                .for_each(|c| close(c, false)),
            "anyOf" | "oneOf" | "allOf" => {
                child.as_array_mut().into_iter().flatten().for_each(|c| close(c, has_keys))
            }
            "prefixItems" => {
                child.as_array_mut().into_iter().flatten().for_each(|c| close(c, false))
            }
            "items" | "additionalProperties" | "not" | "if" | "then" | "else" => {
                close(child, false)
            }
            _ => {}
        }
    }
}
