//! The library's top-level modules form layers: no module imports, directly or through others,
//! a module that imports it back, and `core` imports nothing of the crate at all.
//!
//! A module's dependencies are the `crate::NAME` paths in its non-test code (comments, doc
//! links, `tests.rs`/`testing.rs` files, `tests` folders and `#[cfg(test)] mod` blocks are left
//! out: a test may use the whole crate, as an integration test does).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The library's top-level modules, as `lib.rs` declares them.
fn modules() -> Vec<String> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("src/lib.rs");
    lib.lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = ["pub mod ", "pub(crate) mod ", "mod "]
                .iter()
                .find_map(|lead| line.strip_prefix(lead))?;
            Some(rest.trim_end_matches(';').to_string())
        })
        .collect()
}

fn files(path: &Path, found: &mut Vec<PathBuf>) {
    if path.is_dir() {
        // A `tests` folder is a test module's (`#[cfg(test)] mod tests;`), as a `tests.rs` is.
        if path.file_name().is_some_and(|name| name == "tests") {
            return;
        }
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .expect("a source folder")
            .map(|entry| entry.expect("a folder entry").path())
            .collect();
        entries.sort();
        for entry in entries {
            files(&entry, found);
        }
    } else if path.is_file() && path.extension().is_some_and(|ext| ext == "rs") {
        let stem = path.file_stem().and_then(|stem| stem.to_str()).unwrap_or_default();
        if stem != "tests" && stem != "testing" {
            found.push(path.to_path_buf());
        }
    }
}

/// The lines of `text` outside comments and `#[cfg(test)] mod` blocks.
fn code_lines(text: &str) -> Vec<&str> {
    let mut code = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            continue;
        }
        if trimmed == "#[cfg(test)]"
            && let Some(next) = lines.peek()
            && next.trim_start().starts_with("mod ")
            && next.trim_end().ends_with('{')
        {
            // rustfmt closes the block at the indentation it opened at.
            let indent = &next[..next.len() - next.trim_start().len()];
            let close = format!("{indent}}}");
            for inner in lines.by_ref() {
                if inner.trim_end() == close {
                    break;
                }
            }
            continue;
        }
        code.push(line);
    }
    code
}

/// Each module's dependencies on the others.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules();
    let mut graph = BTreeMap::new();
    for module in &modules {
        let mut sources = Vec::new();
        files(&src().join(module), &mut sources);
        files(&src().join(format!("{module}.rs")), &mut sources);
        assert!(!sources.is_empty(), "module {module} has no source");
        let mut uses = BTreeSet::new();
        for path in sources {
            let text = std::fs::read_to_string(&path).expect("a source file");
            for line in code_lines(&text) {
                for (at, _) in line.match_indices("crate::") {
                    if line[..at].ends_with('$') {
                        continue;
                    }
                    let name: String = line[at + "crate::".len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    if name != *module && modules.contains(&name) {
                        uses.insert(name);
                    }
                }
            }
        }
        graph.insert(module.clone(), uses);
    }
    graph
}

/// A cycle through `graph`, if there is one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|seen| seen == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn top_level_modules_import_no_cycle() {
    let graph = graph();
    if let Some(found) = cycle(&graph) {
        panic!("modules import each other: {}\n{graph:#?}", found.join(" -> "));
    }
}

#[test]
fn core_is_a_leaf() {
    assert_eq!(graph()["core"], BTreeSet::new());
}

#[test]
fn the_check_sees_a_cycle() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["c".to_string()])),
        ("c".to_string(), BTreeSet::from(["a".to_string()])),
    ]
    .into();
    assert_eq!(
        cycle(&graph),
        Some(vec!["a", "b", "c", "a"].into_iter().map(String::from).collect())
    );
    let code =
        "use crate::a;\n// crate::b\n#[cfg(test)]\nmod tests {\n    use crate::c;\n}\nfn f() {}";
    assert_eq!(code_lines(code), ["use crate::a;", "fn f() {}"]);
}

/// The longest a file of `src/rules` may be: a rule that needs more becomes a folder of small
/// files, each holdable in one's head.
const RULE_FILE_LINES: usize = 600;

#[test]
fn no_rule_file_is_longer_than_one_can_hold() {
    let mut found = Vec::new();
    files(&src().join("rules"), &mut found);
    assert!(found.len() > 20, "the rule sources were not found");
    let long: Vec<String> = found
        .iter()
        .filter_map(|path| {
            let lines = std::fs::read_to_string(path).expect("a source file").lines().count();
            (lines > RULE_FILE_LINES).then(|| format!("{} ({lines} lines)", path.display()))
        })
        .collect();
    assert!(long.is_empty(), "rule files over {RULE_FILE_LINES} lines: {long:?}");
}
