//! A test-only SimpleJSON binary writer (the Memoria sidecar's format, spec §d): tag i32,
//! counts i32, .NET 7-bit-length strings.

use serde_json::Value;

/// Appends `v` as a SimpleJSON binary tree. Integers → int (4), other numbers → double (5),
/// strings → string (3), booleans → bool (6).
pub fn write(v: &Value, out: &mut Vec<u8>) {
    fn string(s: &str, out: &mut Vec<u8>) {
        let mut n = s.len();
        loop {
            let b = (n & 0x7F) as u8;
            n >>= 7;
            out.push(if n > 0 { b | 0x80 } else { b });
            if n == 0 {
                break;
            }
        }
        out.extend_from_slice(s.as_bytes());
    }
    match v {
        Value::Array(items) => {
            out.extend(1i32.to_le_bytes());
            out.extend((items.len() as i32).to_le_bytes());
            items.iter().for_each(|i| write(i, out));
        }
        Value::Object(map) => {
            out.extend(2i32.to_le_bytes());
            out.extend((map.len() as i32).to_le_bytes());
            for (k, v) in map {
                string(k, out);
                write(v, out);
            }
        }
        Value::String(s) => {
            out.extend(3i32.to_le_bytes());
            string(s, out);
        }
        Value::Number(n) if n.is_i64() => {
            out.extend(4i32.to_le_bytes());
            out.extend((n.as_i64().unwrap() as i32).to_le_bytes());
        }
        Value::Number(n) => {
            out.extend(5i32.to_le_bytes());
            out.extend(n.as_f64().unwrap().to_le_bytes());
        }
        Value::Bool(b) => {
            out.extend(6i32.to_le_bytes());
            out.push(*b as u8);
        }
        Value::Null => panic!("SimpleJSON has no null"),
    }
}

pub fn binary(v: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    write(v, &mut out);
    out
}
