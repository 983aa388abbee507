//! Every string leaf of an entity, with the JSON path that reaches it.

use crate::json::Value;

/// Calls `visit(path, text)` for every string leaf under `value`, in document order. Object keys
/// are not leaves; numbers, booleans and null are not text. Paths join keys with `.` and write
/// list items as `[i]`: `inputSchema.properties.path.description`, `arguments[0].name`.
pub fn string_leaves<'v>(value: &'v Value, visit: &mut dyn FnMut(&str, &'v str)) {
    leaves(value, &mut |path, leaf| {
        if let Value::String(text) = leaf {
            visit(path, text);
        }
    });
}

/// Calls `visit(path, leaf)` for every leaf under `value`: every string, number, boolean and
/// null, and every empty list or object (so a property added with no text is still seen).
pub(crate) fn leaves<'v>(value: &'v Value, visit: &mut dyn FnMut(&str, &'v Value)) {
    let mut path = String::new();
    walk(value, &mut path, visit);
}

fn walk<'v>(value: &'v Value, path: &mut String, visit: &mut dyn FnMut(&str, &'v Value)) {
    match value {
        Value::Array(items) if !items.is_empty() => {
            for (index, item) in items.iter().enumerate() {
                let len = path.len();
                path.push('[');
                path.push_str(&index.to_string());
                path.push(']');
                walk(item, path, visit);
                path.truncate(len);
            }
        }
        Value::Object(members) if !members.is_empty() => {
            for (key, item) in members {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                walk(item, path, visit);
                path.truncate(len);
            }
        }
        leaf => visit(path, leaf),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(members: Vec<(&str, Value)>) -> Value {
        Value::Object(members.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }

    #[test]
    fn paths_reach_nested_strings_and_skip_non_text() {
        let value = obj(vec![
            ("name", Value::String("t".into())),
            ("count", Value::Number("3".into())),
            (
                "inputSchema",
                obj(vec![(
                    "properties",
                    obj(vec![("path", obj(vec![("description", Value::String("d".into()))]))]),
                )]),
            ),
            (
                "enum",
                Value::Array(vec![
                    Value::String("a".into()),
                    Value::Null,
                    Value::String("b".into()),
                ]),
            ),
        ]);
        let mut seen = Vec::new();
        string_leaves(&value, &mut |path, text| seen.push(format!("{path}={text}")));
        assert_eq!(
            seen,
            ["name=t", "inputSchema.properties.path.description=d", "enum[0]=a", "enum[2]=b"]
        );
    }
}
