//! The marks chat formats use to open and close turns, found in raw text: special tokens
//! (`<|im_start|>`; DeepSeek's fullwidth bars `<｜User｜>` are left to
//! `compatibility-characters`, which reads the text they fold to), Llama's `[INST]` and `<<SYS>>`, Gemma's `<start_of_turn>`,
//! role tags (`<system>`, `</system>`), tool-result frames (`<function_results>`), role labels
//! at a line's start (`System:`, `Human:`), and instruction-template headings (`### Response:`).

use crate::text::window;
use std::ops::Range;

/// Whose turn a mark opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    System,
    User,
    Assistant,
    /// A mark that opens text without naming a role (`<|begin_of_text|>`, `<|fim_prefix|>`).
    None,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::System => "system",
            Role::User => "user",
            Role::Assistant => "assistant",
            Role::None => "new",
        }
    }

    fn of(word: &str) -> Option<Role> {
        let word = word.trim().to_ascii_lowercase();
        Some(match word.as_str() {
            "system"
            | "sys"
            | "admin"
            | "developer"
            | "operator"
            | "root"
            | "system_prompt"
            | "system-prompt"
            | "systems"
            | "system prompt"
            | "system message"
            | "prompt"
            | "prompts"
            | "system instructions" => Role::System,
            "user" | "human" | "instruction" | "input" => Role::User,
            "assistant" | "model" | "ai" | "response" | "bot" => Role::Assistant,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Opens a turn of `role`.
    Open(Role),
    /// Ends a turn, the text or the description (`<|im_end|>`, `[/INST]`, `</description>`).
    Close,
    /// Opens a tool result (`<function_results>`).
    Result,
    /// A tag that asks to be heeded (`<important>`, `<instructions>`): its body is judged.
    Emphasis,
}

#[derive(Debug, Clone)]
pub struct Marker {
    pub range: Range<usize>,
    pub shape: Shape,
    /// A label or heading (`System:`, `## System Prompt`) rather than a token or tag.
    pub label: bool,
}

/// Tag names that pose as a privileged turn.
const ROLE_TAGS: &[&str] = &[
    "system",
    "sys",
    "admin",
    "developer",
    "operator",
    "root",
    "system_prompt",
    "system-prompt",
    "assistant",
    "user",
    "human",
];
/// Tag names that ask to be heeded.
const EMPHASIS_TAGS: &[&str] = &[
    "important",
    "instructions",
    "instruction",
    "critical",
    "urgent",
    "priority",
    "mandatory",
    "note",
    "warning",
];
/// Tag names that frame a tool's call or result.
const RESULT_TAGS: &[&str] = &[
    "function_results",
    "function_result",
    "function_calls",
    "function_call",
    "tool_result",
    "tool_results",
    "tool_response",
    "tool_call",
    "tool_output",
];
/// Closing tags of the text a tool's metadata sits in.
const FRAME_TAGS: &[&str] = &["description", "tool_description", "tool", "metadata", "context"];

/// Every marker in `raw`, by start.
pub fn markers(raw: &str) -> Vec<Marker> {
    let mut found = Vec::new();
    let bytes = raw.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let line_start = at == 0 || bytes[at - 1] == b'\n';
        if line_start && let Some(marker) = label(raw, at) {
            at = marker.range.end;
            found.push(marker);
            continue;
        }
        let next = match bytes[at] {
            b'<' => angle(raw, at),
            b'[' => bracket(raw, at),
            b'{' => json_role(raw, at),
            _ => None,
        };
        match next {
            Some(marker) => {
                at = marker.range.end;
                found.push(marker);
            }
            // No marker starts before the next `<`, `[` or `{`, or the next line: every byte
            // up to there is passed over at once. Each is ASCII, so `at` stays on a character
            // boundary.
            None if bytes[at] == b'\n' => at += 1,
            None => {
                let rest = &bytes[at + 1..];
                let next = rest.iter().position(|b| matches!(b, b'<' | b'[' | b'{' | b'\n'));
                at += 1 + next.map_or(rest.len(), |skip| skip + usize::from(rest[skip] == b'\n'));
            }
        }
    }
    found
}

/// `<|name|>`, `<<SYS>>`, `<</SYS>>`, `<start_of_turn>`, `<name>`, `</name>` at `at`.
fn angle(raw: &str, at: usize) -> Option<Marker> {
    let rest = &raw[at..];
    let upper = |len: usize| window(rest, 0, len).to_ascii_uppercase();
    if upper(7) == "<<SYS>>" {
        return Some(Marker { range: at..at + 7, shape: Shape::Open(Role::System), label: false });
    }
    if upper(8) == "<</SYS>>" {
        return Some(Marker { range: at..at + 8, shape: Shape::Close, label: false });
    }
    if let Some(body) = rest.strip_prefix("<|") {
        let end = window(body, 0, 48).find("|>")?;
        return special(&body[..end], at, at + 2 + end + 2, raw);
    }
    if let Some(body) = rest.strip_prefix('<') {
        let end = window(body, 0, 26).find('>')?;
        let name = &body[..end];
        let (closing, name) = match name.strip_prefix('/') {
            Some(name) => (true, name),
            None => (false, name),
        };
        if name.is_empty() || name.len() > 24 {
            return None;
        }
        let lower = name.to_ascii_lowercase();
        let range = at..at + 1 + end + 1;
        let shape = match lower.as_str() {
            "start_of_turn" => Shape::Open(role_after(raw, range.end).unwrap_or(Role::None)),
            "end_of_turn" => Shape::Close,
            name if ROLE_TAGS.contains(&name) => {
                if closing {
                    Shape::Close
                } else {
                    Shape::Open(Role::of(name)?)
                }
            }
            name if EMPHASIS_TAGS.contains(&name) => {
                if closing {
                    return None;
                }
                Shape::Emphasis
            }
            name if RESULT_TAGS.contains(&name) => {
                if closing {
                    Shape::Close
                } else {
                    Shape::Result
                }
            }
            name if closing && FRAME_TAGS.contains(&name) => Shape::Close,
            _ => return None,
        };
        return Some(Marker { range, shape, label: false });
    }
    None
}

/// A special token named `name`, spanning `start..end`.
fn special(name: &str, start: usize, end: usize, raw: &str) -> Option<Marker> {
    if name.is_empty()
        || name.len() > 40
        || !name.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '▁'))
    {
        return None;
    }
    let lower = name.to_lowercase().replace(['▁', '-'], "_");
    let shape = if let Some(role) = Role::of(&lower) {
        Shape::Open(role)
    } else if matches!(lower.as_str(), "im_start" | "start_header_id" | "start_of_turn") {
        Shape::Open(role_after(raw, end).unwrap_or(Role::None))
    } else if lower.contains("end") || lower == "eos" || lower == "eot_id" || lower == "sep" {
        Shape::Close
    } else if lower.contains("system") {
        Shape::Open(Role::System)
    } else {
        Shape::Open(Role::None)
    };
    Some(Marker { range: start..end, shape, label: false })
}

/// The role word right after a turn-opening token (`<|im_start|>system`).
fn role_after(raw: &str, at: usize) -> Option<Role> {
    let rest = &raw[at..];
    let word: String = rest.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
    Role::of(&word)
}

/// `[INST]`, `[/INST]`, and bracketed role marks: Mistral's `[SYSTEM_PROMPT]` and
/// `[/SYSTEM_PROMPT]`, `[SYSTEM]`, `[ADMIN]:`, `[ASSISTANT]`. The role word must be in capitals
/// (`[System]` in prose is a link label or a citation).
fn bracket(raw: &str, at: usize) -> Option<Marker> {
    let rest = &raw[at..];
    let head = window(rest, 0, 7).to_ascii_uppercase();
    if head.starts_with("[INST]") {
        return Some(Marker { range: at..at + 6, shape: Shape::Open(Role::User), label: false });
    }
    if head.starts_with("[/INST]") {
        return Some(Marker { range: at..at + 7, shape: Shape::Close, label: false });
    }
    let body = window(rest, 1, 24);
    let end = body.find(']')?;
    let name = &body[..end];
    let (closing, name) = match name.strip_prefix('/') {
        Some(name) => (true, name),
        None => (false, name),
    };
    if name.len() < 2 || !name.chars().all(|c| c.is_ascii_uppercase() || c == '_') {
        return None;
    }
    let role = Role::of(&name.replace('_', " "))?;
    let mut range = at..at + 1 + end + 1;
    // `[SYSTEM]:` takes its colon.
    if raw[range.end..].starts_with(':') {
        range.end += 1;
    }
    let shape = if closing { Shape::Close } else { Shape::Open(role) };
    Some(Marker { range, shape, label: false })
}

/// A chat message written as JSON, `{"role": "system", "content": "`: the mark runs to the
/// content's opening quote, and the content is its turn.
fn json_role(raw: &str, at: usize) -> Option<Marker> {
    let rest = window(raw, at, 80);
    let compact: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
    let lower = compact.to_ascii_lowercase();
    let after = lower.strip_prefix("{\"role\":\"")?;
    let role_end = after.find('"')?;
    let role = Role::of(&after[..role_end])?;
    if !after[role_end..].starts_with("\",\"content\":\"") {
        return None;
    }
    let content = rest.find("content")?;
    let quote = rest[content + 8..].find('"')? + content + 8;
    Some(Marker { range: at..at + quote + 1, shape: Shape::Open(role), label: false })
}

/// A role label (`System:`, `Human:`) or an instruction-template heading (`### Response:`,
/// `## System Prompt (revised)`) opening the line at `at`.
fn label(raw: &str, at: usize) -> Option<Marker> {
    // A label or heading sits in a line's first 80 bytes.
    let head = window(raw, at, 80);
    let line_end = head.find('\n').map_or(at + head.len(), |end| at + end);
    let line = &raw[at..line_end];
    // A list item (`- User: identify the current user`) is a definition, not a turn.
    let trimmed = line.trim_start_matches([' ', '\t']);
    let offset = at + (line.len() - trimmed.len());
    if let Some(heading) = trimmed.strip_prefix('#') {
        let text = heading.trim_start_matches('#');
        if !text.starts_with([' ', '\t']) {
            return None;
        }
        let text = text.trim();
        let text = text.split('(').next().unwrap_or(text).trim();
        let colon = text.ends_with(':');
        let text = text.trim_end_matches(':').trim().trim_matches('*');
        let role = Role::of(text)?;
        // `## Response` and `## Input` head API documentation; the template's turns carry a
        // colon (`### Response:`). A system or prompt heading needs none.
        if role != Role::System && !colon {
            return None;
        }
        return Some(Marker { range: offset..line_end, shape: Shape::Open(role), label: true });
    }
    let colon = trimmed.find(':')?;
    let word = trimmed[..colon].trim_matches('*');
    if word.len() > 9 || !word.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    if !matches!(
        word.to_ascii_lowercase().as_str(),
        "system" | "human" | "user" | "assistant" | "ai" | "model" | "developer" | "admin"
    ) {
        return None;
    }
    let role = Role::of(word)?;
    let end = offset + colon + 1;
    Some(Marker { range: offset..end, shape: Shape::Open(role), label: true })
}
